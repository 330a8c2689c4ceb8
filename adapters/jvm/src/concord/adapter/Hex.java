package concord.adapter;

/** Hexadecimal, as the protocol carries byte strings: written in lower case, read in either. */
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
     * Decodes hex as docs/vector-format.md ("Encodings") says every runtime does: RFC 4648 §8, an even
     * number of the ASCII digits {@code 0-9 a-f A-F} (either case), nothing else (no whitespace,
     * separators, {@code 0x}, non-ASCII digits). Held to Tests/Fixtures/encodings/hostile-spellings.json
     * by {@link EncodingCheck}.
     *
     * @throws IllegalArgumentException with a precise reason otherwise
     */
    static byte[] decode(String hex) {
        for (int i = 0; i < hex.length(); i++) {
            if (digit(hex.charAt(i)) < 0) {
                char c = hex.charAt(i);
                String what = c >= 0x21 && c < 0x7f ? "'" + c + "'" : String.format("U+%04X", (int) c);
                throw new IllegalArgumentException(what + " at position " + i + " is not a hex digit");
            }
        }
        if (hex.length() % 2 != 0) {
            throw new IllegalArgumentException("odd number of hex digits (" + hex.length() + ")");
        }
        byte[] out = new byte[hex.length() / 2];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) ((digit(hex.charAt(2 * i)) << 4) | digit(hex.charAt(2 * i + 1)));
        }
        return out;
    }

    private static int digit(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        if (c >= 'A' && c <= 'F') {
            return c - 'A' + 10;
        }
        return -1;
    }
}
