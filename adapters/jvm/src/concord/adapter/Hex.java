package concord.adapter;

/** Lowercase hexadecimal, as the protocol carries byte strings. */
final class Hex {
    private static final char[] DIGITS = "0123456789abcdef".toCharArray();

    private Hex() {}

    static String encode(byte[] bytes) {
        char[] out = new char[bytes.length * 2];
        for (int i = 0; i < bytes.length; i++) {
            out[2 * i] = DIGITS[(bytes[i] >> 4) & 0xf];
            out[2 * i + 1] = DIGITS[bytes[i] & 0xf];
        }
        return new String(out);
    }

    /**
     * Decodes lowercase hex ({@code [0-9a-f]}, an even number of digits).
     *
     * @throws IllegalArgumentException with a precise reason otherwise
     */
    static byte[] decode(String hex) {
        if (hex.length() % 2 != 0) {
            throw new IllegalArgumentException("odd number of hex digits (" + hex.length() + ")");
        }
        byte[] out = new byte[hex.length() / 2];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) ((digit(hex, 2 * i) << 4) | digit(hex, 2 * i + 1));
        }
        return out;
    }

    private static int digit(String hex, int i) {
        char c = hex.charAt(i);
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        if (c >= 'A' && c <= 'F') {
            throw new IllegalArgumentException("upper-case hex digit at position " + i + " (the protocol uses lower case)");
        }
        throw new IllegalArgumentException("not a hex digit at position " + i);
    }
}
