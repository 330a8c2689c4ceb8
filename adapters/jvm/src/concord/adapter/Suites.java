package concord.adapter;

import concord.kit.Json;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The suites this adapter offers, in the order the handshake lists them (register new suites here), and
 * the dispatch of a request to an op by the ops' declarations.
 */
final class Suites {
    static final List<Suite> ALL = List.of(
            new Argon2idSuite(),
            new KdfParamsSuite(),
            new AesGcmSuite(),
            new CoupleKeyWrapSuite(),
            new InvitePhraseSuite(),
            new FieldSuite(),
            new CanonicalJsonSuite(),
            new CommitmentSuite(),
            new SealedAnswerSuite(),
            new TinkPublicKeySuite(),
            new KeyboxSuite(),
            new InviteCodeSuite(),
            new RecoveryPhraseSuite(),
            new DocumentSuite(),
            new ChainSuite(),
            new EcdhP256Suite(),
            new HkdfSha256Suite(),
            new SinewFieldCipherSuite(),
            new JustSendSealSuite(),
            new JustSendWrapSuite(),
            new JustSendChainSuite(),
            new JustSendDeviceEnvelopeSuite(),
            new JustSendRecoveryCodeSuite(),
            new JustSendShareLinkSuite(),
            new JustSendChunkSuite(),
            new SophaxChatX3dhSuite(),
            new SophaxChatRatchetSuite(),
            new SophaxChatSenderKeySuite(),
            new SophaxChatMessageSuite(),
            new SophaxChatGroupMessageSuite(),
            new SophaxChatSealedSenderSuite(),
            new SophaxChatOnionAddressSuite(),
            new SophaxChatSafetyNumberSuite(),
            new AskKeyPairingCodeSuite(),
            new AskKeySignatureEncodingSuite(),

            new HmacSha256Suite(),
            new ChaCha20Poly1305Suite(false),
            new ChaCha20Poly1305Suite(true),
            new X25519Suite(),
            new Ed25519Suite(),
            new EcdsaP256Suite());

    private Suites() {}

    /**
     * Who wrote the code each suite runs (docs/adapters.md §1, docs/fill.md): the library whose own code
     * computes it, called directly. A suite not here but in {@link #PORTS} is Concord's own port, written
     * in this adapter; one in neither is announced without a provenance, and a test of the project fails.
     */
    static final Map<String, String> LIBRARIES = libraries();

    /** The suites whose computation is written in this adapter (the contract packs' compositions). */
    static final java.util.Set<String> PORTS = java.util.Set.of(
            "closer.kdf-params", "closer.couple-key-wrap", "closer.invite-phrase", "closer.field",
            "closer.canonical-json", "closer.commitment", "closer.sealed-answer", "closer.tink-public-key",
            "closer.keybox", "closer.invite-code", "closer.recovery-phrase", "closer.document", "closer.chain",
            "sinew.field-cipher", "justsend.seal", "justsend.wrap", "justsend.chain", "justsend.device-envelope",
            "justsend.recovery-code", "justsend.share-link", "justsend.chunk", "sophaxchat.x3dh",
            "sophaxchat.ratchet", "sophaxchat.sender-key", "sophaxchat.message", "sophaxchat.group-message",
            "sophaxchat.sealed-sender", "sophaxchat.onion-address", "sophaxchat.safety-number",
            "askkey.pairing-code", "askkey.signature-encoding",
            // HChaCha20 is written in this adapter (HChaCha20.java), before BouncyCastle's ChaCha20-Poly1305.
            "xchacha20-poly1305");

    private static Map<String, String> libraries() {
        String bc = "BouncyCastle " + BouncyCastleVersion.get();
        boolean jdk = PrimitiveLibrary.preferred() == JvmLibrary.JDK;
        String java = "JDK " + System.getProperty("java.version");
        Map<String, String> m = new LinkedHashMap<>();
        m.put("argon2id", bc + " Argon2BytesGenerator (the parameter tag read by this adapter's KdfParams)");
        m.put("aes-gcm", java + " JCE Cipher AES/GCM/NoPadding");
        m.put("ecdh-p256", bc + " ECPoint multiply on P-256 (DER, PEM and JWK keys read by this adapter's KeyForms)");
        m.put("hkdf-sha256", bc + " HKDFBytesGenerator");
        m.put("hmac-sha256", jdk ? java + " JCE Mac HmacSHA256 (SunJCE)" : bc + " HMac(SHA256Digest)");
        m.put("chacha20-poly1305", jdk ? java + " JCE Cipher ChaCha20-Poly1305 (SunJCE)" : bc + " ChaCha20Poly1305");
        m.put("x25519", jdk ? java + " KeyAgreement XDH (SunEC)" : bc + " rfc7748.X25519");
        m.put("ed25519", jdk ? java + " Signature Ed25519 (SunEC)" : bc + " rfc8032.Ed25519");
        m.put("ecdsa-p256", bc + " ECDSASigner with HMacDSAKCalculator (RFC 6979)");
        return m;
    }

    /** The suite with this name, or {@code null}. */
    static Suite find(String name) {
        for (Suite s : ALL) {
            if (s.name().equals(name)) {
                return s;
            }
        }
        return null;
    }

    /**
     * The handshake's {@code suites} member (docs/adapters.md §1), made from the declarations:
     * {@code [{"suite":NAME,"ops":[{"op":NAME|null,"inputs":[…],"outputs":[…]},…]},…]}.
     */
    static List<Object> handshake() {
        List<Object> suites = new ArrayList<>();
        for (Suite s : ALL) {
            List<Object> ops = new ArrayList<>();
            for (Op op : s.ops()) {
                Map<String, Object> o = new LinkedHashMap<>();
                o.put("op", op.name);
                o.put("inputs", new ArrayList<Object>(op.inputs()));
                o.put("outputs", new ArrayList<Object>(op.outputs));
                ops.add(o);
            }
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("suite", s.name());
            entry.put("ops", ops);
            String library = LIBRARIES.get(s.name());
            if (library != null) {
                Map<String, Object> p = new LinkedHashMap<>();
                p.put("library", library);
                entry.put("provenance", p);
            } else if (PORTS.contains(s.name())) {
                entry.put("provenance", "port");
            }
            suites.add(entry);
        }
        return suites;
    }

    /**
     * Runs one request by the declarations: an op the suite does not declare is {@link Unsupported}; a
     * required input missing is a {@link Values.BadRequest}; an input field the op does not declare is
     * {@link Unsupported}; an output the op does not declare is an {@link IllegalStateException} (a fault:
     * the adapter would write what it did not announce).
     */
    static Map<String, Object> run(Suite suite, String opName, Map<String, Object> input)
            throws Refusal, Unsupported {
        Op op = op(suite, opName);
        Values.checkFields(suite.name(), op.name, input, op.required, op.optional);
        Map<String, Object> outputs = op.body.run(input);
        for (String name : outputs.keySet()) {
            if (!op.outputs.contains(name)) {
                throw new IllegalStateException("suite " + suite.name() + " op " + op.label() + " wrote the output "
                        + Json.quote(name) + ", which it does not declare (its outputs: "
                        + String.join(", ", op.outputs) + ")");
            }
        }
        return outputs;
    }

    private static Op op(Suite suite, String name) throws Unsupported {
        List<Op> ops = suite.ops();
        for (Op op : ops) {
            if (Objects.equals(op.name, name)) {
                return op;
            }
        }
        if (ops.size() == 1 && ops.get(0).name == null) {
            throw new Unsupported("suite " + suite.name() + " has no ops, got op " + Json.quote(name));
        }
        List<String> names = new ArrayList<>();
        for (Op op : ops) {
            names.add(op.name);
        }
        if (name == null) {
            throw new Unsupported("suite " + suite.name() + " needs an op (" + String.join(", ", names) + "), got none");
        }
        throw new Unsupported("suite " + suite.name() + " has no op " + Json.quote(name) + " (its ops: "
                + String.join(", ", names) + ")");
    }
}
