package concord.adapter.sophaxchat;

import concord.adapter.primitives.ChaChaPoly;
import concord.adapter.primitives.JvmLibrary;
import concord.adapter.primitives.X25519;
import concord.adapter.wire.Refusal;
import concord.adapter.wire.Unsupported;
import concord.kit.Hex;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Arrays;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.digests.SHA3Digest;
import org.bouncycastle.crypto.generators.HKDFBytesGenerator;
import org.bouncycastle.crypto.params.HKDFParameters;

/**
 * The SophaxChat contract (docs/contracts/sophaxchat.md) composed on BouncyCastle: X25519
 * ({@code rfc7748.X25519}), ChaCha20-Poly1305, HKDF-SHA256 ({@code HKDFBytesGenerator}), SHA-256 and
 * SHA3-256 ({@code SHA3Digest}); base32 written here from RFC 4648 §6. Independent of the Swift side.
 */
public final class SophaxChat {
    static final int KEY = 32;
    static final int NONCE = 12;
    static final int TAG = 16;
    static final long MAX_STEPS = 100_000;
    static final long MAX_SKIPPED = 1000;
    static final long SENDER_KEY_WINDOW = 100;
    private static final SecureRandom RANDOM = new SecureRandom();

    private SophaxChat() {}

    static byte[] hkdf(byte[] ikm, byte[] salt, String info, int size) {
        HKDFBytesGenerator g = new HKDFBytesGenerator(new SHA256Digest());
        g.init(new HKDFParameters(ikm, salt, info.getBytes(StandardCharsets.UTF_8)));
        byte[] out = new byte[size];
        g.generateBytes(out, 0, size);
        return out;
    }

    static byte[] hkdf(byte[] ikm, String info, int size) {
        return hkdf(ikm, new byte[0], info, size);
    }

    static byte[][] split64(byte[] x) {
        return new byte[][] {Arrays.copyOfRange(x, 0, 32), Arrays.copyOfRange(x, 32, 64)};
    }

    static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) {
            n += p.length;
        }
        byte[] out = new byte[n];
        int o = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, o, p.length);
            o += p.length;
        }
        return out;
    }

    static byte[] random(int n) {
        byte[] b = new byte[n];
        RANDOM.nextBytes(b);
        return b;
    }

    /** X25519 with the field named in a refusal. */
    static byte[] dh(byte[] priv, byte[] pub, String what) throws Refusal {
        try {
            return X25519.sharedSecret(priv, pub, JvmLibrary.BOUNCY_CASTLE).value;
        } catch (Refusal r) {
            throw new Refusal(r.errorClass(), what + ": " + r.getMessage());
        }
    }

    static byte[] publicKey(byte[] priv, String what) throws Refusal {
        try {
            return X25519.publicKey(priv, JvmLibrary.BOUNCY_CASTLE).value;
        } catch (Refusal r) {
            throw new Refusal(r.errorClass(), what + ": " + r.getMessage());
        }
    }

    static void checkKey(byte[] key, String name) throws Refusal {
        if (key.length != KEY) {
            throw Refusal.parameters(name + " is " + key.length + " bytes; the contract's keys are 32");
        }
    }

    static void checkSteps(long n, String name) throws Refusal, Unsupported {
        if (n < 0) {
            throw Refusal.parameters(name + " is negative (" + n + ")");
        }
        if (n > MAX_STEPS) {
            throw new Unsupported(name + " " + n + " is above the harness's limit of " + MAX_STEPS + " chain steps");
        }
    }

    // §1 X3DH: master = HKDF(0x00*32 || DH1 || DH2 || DH3 [|| DH4], salt 0x00*32, "SophaxChat_X3DH_v1", 64).
    static byte[][] x3dh(byte[]... dhs) {
        return split64(hkdf(concat(new byte[32], concat(dhs)), new byte[32], "SophaxChat_X3DH_v1", 64));
    }

    // §2 Double Ratchet.
    static byte[][] rootStep(byte[] rootKey, byte[] shared) {
        return split64(hkdf(concat(rootKey, shared), "SophaxChat_RootRatchet_v1", 64));
    }

    static byte[][] chainStep(byte[] chainKey) {
        return split64(hkdf(chainKey, "SophaxChat_ChainRatchet_v1", 64));
    }

    // §3 Sender keys.
    static byte[] senderMessageKey(byte[] chainKey) {
        return hkdf(chainKey, "SophaxChat_SenderKey_Message_v1", 32);
    }

    static byte[] senderChainKey(byte[] chainKey0, long iteration) throws Refusal, Unsupported {
        checkKey(chainKey0, "chainKey");
        checkSteps(iteration, "iteration");
        byte[] ck = chainKey0;
        for (long i = 0; i < iteration; i++) {
            ck = hkdf(ck, "SophaxChat_SenderKey_Chain_v1", 32);
        }
        return ck;
    }

    // Wires: nonce(12) || ChaCha20-Poly1305(key, nonce, plaintext, aad = empty).
    static byte[] seal(byte[] key, byte[] nonce, byte[] plaintext) throws Refusal {
        return concat(nonce, ChaChaPoly.seal(key, nonce, new byte[0], plaintext, JvmLibrary.BOUNCY_CASTLE).value);
    }

    static byte[] open(byte[] key, byte[] wire, String what) throws Refusal {
        if (wire.length < NONCE + TAG) {
            throw new Refusal("format", what + " is " + wire.length + " bytes, shorter than nonce (12) + tag (16)");
        }
        byte[] nonce = Arrays.copyOfRange(wire, 0, NONCE);
        byte[] ct = Arrays.copyOfRange(wire, NONCE, wire.length - TAG);
        byte[] tag = Arrays.copyOfRange(wire, wire.length - TAG, wire.length);
        try {
            return ChaChaPoly.open(key, nonce, new byte[0], ct, tag, JvmLibrary.BOUNCY_CASTLE).value;
        } catch (Refusal r) {
            throw new Refusal(r.errorClass(), what + ": " + r.getMessage());
        }
    }

    // §4 Sealed sender.
    static byte[] sealSender(byte[] recipient, byte[] ephemeralPrivate, byte[] nonce, byte[] plaintext) throws Refusal {
        byte[] ephemeralPublic = publicKey(ephemeralPrivate, "ephemeralPrivateKey");
        byte[] shared = dh(ephemeralPrivate, recipient, "recipientIdentityKey");
        return concat(ephemeralPublic, seal(hkdf(shared, "SophaxChat_SealedSender_v1", 32), nonce, plaintext));
    }

    static byte[] openSender(byte[] recipientPrivate, byte[] wire) throws Refusal {
        if (wire.length < KEY + NONCE + TAG) {
            throw new Refusal("format", "the sealed-sender wire is " + wire.length
                    + " bytes, shorter than the ephemeral key (32) + nonce (12) + tag (16)");
        }
        byte[] shared = dh(recipientPrivate, Arrays.copyOfRange(wire, 0, KEY), "the wire's ephemeral key");
        return open(hkdf(shared, "SophaxChat_SealedSender_v1", 32), Arrays.copyOfRange(wire, KEY, wire.length),
                "the sealed-sender wire");
    }

    // §5 Tor v3 addresses.
    private static final String BASE32 = "abcdefghijklmnopqrstuvwxyz234567";

    static byte[] onionChecksum(byte[] publicKey) {
        SHA3Digest d = new SHA3Digest(256);
        byte[] in = concat(".onion checksum".getBytes(StandardCharsets.US_ASCII), publicKey, new byte[] {3});
        d.update(in, 0, in.length);
        byte[] out = new byte[32];
        d.doFinal(out, 0);
        return Arrays.copyOf(out, 2);
    }

    static String onionAddress(byte[] publicKey) throws Refusal {
        if (publicKey.length != KEY) {
            throw Refusal.parameters("publicKey is " + publicKey.length + " bytes; an Ed25519 public key is 32");
        }
        byte[] all = concat(publicKey, onionChecksum(publicKey), new byte[] {3});
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < all.length * 8; i += 5) {
            int v = 0;
            for (int b = i; b < i + 5; b++) {
                v = (v << 1) | (b < all.length * 8 ? (all[b / 8] >> (7 - b % 8)) & 1 : 0);
            }
            sb.append(BASE32.charAt(v));
        }
        return sb.append(".onion").toString();
    }

    static byte[] parseOnion(String address) throws Refusal {
        if (!address.toLowerCase(java.util.Locale.ROOT).endsWith(".onion")) {
            throw new Refusal("format", "the address does not end in .onion");
        }
        int[] cps = address.codePoints().toArray();
        int n = cps.length - 6;
        if (n != 56) {
            throw new Refusal("format", "a v3 address has 56 base32 symbols before .onion (got " + n + ")");
        }
        byte[] bytes = new byte[35];
        for (int i = 0; i < 56; i++) {
            int c = cps[i];
            int v;
            if (c >= 'a' && c <= 'z') {
                v = c - 'a';
            } else if (c >= 'A' && c <= 'Z') {
                v = c - 'A';
            } else if (c >= '2' && c <= '7') {
                v = c - '2' + 26;
            } else {
                throw new Refusal("format", "symbol " + (i + 1) + " of the address is not in the base32 alphabet");
            }
            for (int b = 0; b < 5; b++) {
                int bit = i * 5 + b;
                if (((v >> (4 - b)) & 1) != 0) {
                    bytes[bit / 8] |= (byte) (1 << (7 - bit % 8));
                }
            }
        }
        byte[] key = Arrays.copyOf(bytes, 32);
        if (bytes[34] != 3) {
            throw new Refusal("format", "the address's version byte is " + (bytes[34] & 0xff) + ", not 3");
        }
        if (!Arrays.equals(Arrays.copyOfRange(bytes, 32, 34), onionChecksum(key))) {
            throw new Refusal("format", "the address's checksum does not match its key");
        }
        return key;
    }

    // §6 Safety numbers.
    static byte[] safetyDigest(byte[] mySig, byte[] theirSig, byte[] myDh, byte[] theirDh) throws Refusal {
        String[] names = {"mySigningKey", "theirSigningKey", "myDHKey", "theirDHKey"};
        byte[][] keys = {mySig, theirSig, myDh, theirDh};
        for (int i = 0; i < 4; i++) {
            if (keys[i].length != KEY) {
                throw Refusal.parameters(names[i] + " is " + keys[i].length + " bytes; identity public keys are 32");
            }
        }
        SHA256Digest d = new SHA256Digest();
        byte[] in = concat(keys);
        d.update(in, 0, in.length);
        byte[] out = new byte[32];
        d.doFinal(out, 0);
        return out;
    }

    static String safetyDisplay(byte[] digest) {
        String hex = Hex.encode(digest).substring(0, 60);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 60; i += 5) {
            if (i > 0) {
                sb.append(' ');
            }
            sb.append(hex, i, i + 5);
        }
        return sb.toString();
    }
}
