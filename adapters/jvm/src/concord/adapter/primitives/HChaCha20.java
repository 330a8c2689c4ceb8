package concord.adapter.primitives;

/**
 * HChaCha20 (draft-irtf-cfrg-xchacha-03 §2.2): the ChaCha20 block function without the final
 * addition, keeping state words 0..3 and 12..15 as a 32-byte subkey. XChaCha20 is ChaCha20 under that
 * subkey (from the key and the nonce's first 16 bytes) with the nonce {@code 0x00000000 || nonce[16..24]}.
 * BouncyCastle 1.72 has no HChaCha20, hence this; it is checked against the draft's §2.2.1 vector.
 */
public final class HChaCha20 {
    private HChaCha20() {}

    static byte[] subkey(byte[] key, byte[] nonce24) {
        int[] s = new int[16];
        s[0] = 0x61707865;
        s[1] = 0x3320646e;
        s[2] = 0x79622d32;
        s[3] = 0x6b206574;
        for (int i = 0; i < 8; i++) {
            s[4 + i] = le(key, 4 * i);
        }
        for (int i = 0; i < 4; i++) {
            s[12 + i] = le(nonce24, 4 * i);
        }
        for (int round = 0; round < 10; round++) {
            quarter(s, 0, 4, 8, 12);
            quarter(s, 1, 5, 9, 13);
            quarter(s, 2, 6, 10, 14);
            quarter(s, 3, 7, 11, 15);
            quarter(s, 0, 5, 10, 15);
            quarter(s, 1, 6, 11, 12);
            quarter(s, 2, 7, 8, 13);
            quarter(s, 3, 4, 9, 14);
        }
        byte[] out = new byte[32];
        for (int i = 0; i < 4; i++) {
            putLe(out, 4 * i, s[i]);
            putLe(out, 16 + 4 * i, s[12 + i]);
        }
        return out;
    }

    /** The 12-byte ChaCha20 nonce of XChaCha20: four zero bytes, then the last 8 bytes of the 24-byte nonce. */
    static byte[] innerNonce(byte[] nonce24) {
        byte[] n = new byte[12];
        System.arraycopy(nonce24, 16, n, 4, 8);
        return n;
    }

    private static void quarter(int[] s, int a, int b, int c, int d) {
        s[a] += s[b];
        s[d] = Integer.rotateLeft(s[d] ^ s[a], 16);
        s[c] += s[d];
        s[b] = Integer.rotateLeft(s[b] ^ s[c], 12);
        s[a] += s[b];
        s[d] = Integer.rotateLeft(s[d] ^ s[a], 8);
        s[c] += s[d];
        s[b] = Integer.rotateLeft(s[b] ^ s[c], 7);
    }

    private static int le(byte[] b, int off) {
        return (b[off] & 0xff) | (b[off + 1] & 0xff) << 8 | (b[off + 2] & 0xff) << 16 | (b[off + 3] & 0xff) << 24;
    }

    private static void putLe(byte[] b, int off, int v) {
        b[off] = (byte) v;
        b[off + 1] = (byte) (v >>> 8);
        b[off + 2] = (byte) (v >>> 16);
        b[off + 3] = (byte) (v >>> 24);
    }
}
