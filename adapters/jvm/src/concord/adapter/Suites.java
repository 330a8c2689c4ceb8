package concord.adapter;

import concord.adapter.askkey.AskKeyPairingCodeSuite;
import concord.adapter.askkey.AskKeySignatureEncodingSuite;
import concord.adapter.closer.CanonicalJsonSuite;
import concord.adapter.closer.ChainSuite;
import concord.adapter.closer.CommitmentSuite;
import concord.adapter.closer.CoupleKeyWrapSuite;
import concord.adapter.closer.DocumentSuite;
import concord.adapter.closer.FieldSuite;
import concord.adapter.closer.InviteCodeSuite;
import concord.adapter.closer.InvitePhraseSuite;
import concord.adapter.closer.KdfParamsSuite;
import concord.adapter.closer.KeyboxSuite;
import concord.adapter.closer.RecoveryPhraseSuite;
import concord.adapter.closer.SealedAnswerSuite;
import concord.adapter.closer.TinkPublicKeySuite;
import concord.adapter.justsend.JustSendChainSuite;
import concord.adapter.justsend.JustSendChunkSuite;
import concord.adapter.justsend.JustSendDeviceEnvelopeSuite;
import concord.adapter.justsend.JustSendRecoveryCodeSuite;
import concord.adapter.justsend.JustSendSealSuite;
import concord.adapter.justsend.JustSendShareLinkSuite;
import concord.adapter.justsend.JustSendWrapSuite;
import concord.adapter.primitives.AesGcmSuite;
import concord.adapter.primitives.Argon2idSuite;
import concord.adapter.primitives.BouncyCastleVersion;
import concord.adapter.primitives.ChaCha20Poly1305Suite;
import concord.adapter.primitives.EcdhP256Suite;
import concord.adapter.primitives.EcdsaP256Suite;
import concord.adapter.primitives.Ed25519Suite;
import concord.adapter.primitives.HkdfSha256Suite;
import concord.adapter.primitives.HmacSha256Suite;
import concord.adapter.primitives.JvmLibrary;
import concord.adapter.primitives.PrimitiveLibrary;
import concord.adapter.primitives.X25519Suite;
import concord.adapter.sinew.SinewFieldCipherSuite;
import concord.adapter.sophaxchat.SophaxChatGroupMessageSuite;
import concord.adapter.sophaxchat.SophaxChatMessageSuite;
import concord.adapter.sophaxchat.SophaxChatOnionAddressSuite;
import concord.adapter.sophaxchat.SophaxChatRatchetSuite;
import concord.adapter.sophaxchat.SophaxChatSafetyNumberSuite;
import concord.adapter.sophaxchat.SophaxChatSealedSenderSuite;
import concord.adapter.sophaxchat.SophaxChatSenderKeySuite;
import concord.adapter.sophaxchat.SophaxChatX3dhSuite;
import concord.adapter.wire.Op;
import concord.adapter.wire.Suite;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The registry: the suites this adapter offers, in the order the handshake lists them (register new suites
 * here), who wrote the code each runs, and the handshake made from their declarations. The dispatch of a
 * request by those declarations is {@link concord.adapter.wire.Dispatch}.
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
}
