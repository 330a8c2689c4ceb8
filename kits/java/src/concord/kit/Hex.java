package concord.kit;

/**
 * Hex as docs/vector-format.md ("Encodings") says every runtime reads it: RFC 4648 §8, an even number
 * of the ASCII digits {@code 0-9 a-f A-F} (either case), nothing else (no whitespace, separators,
 * {@code 0x}, or the other digits {@link Character#digit} takes, such as fullwidth or Arabic-Indic
 * ones). Written in lower case. Held to Tests/Fixtures/encodings/hostile-spellings.json by
 * ConcordKitTest, and the jvm adapter's EncodingCheck (scripts/build-jvm compiles this file into the
 * adapter: one decoder, not two).
 */
public final class Hex {
    private Hex() {}

    public static String encode(byte[] b) {
        char[] digits = "0123456789abcdef".toCharArray();
        StringBuilder s = new StringBuilder(b.length * 2);
        for (byte x : b) {
            s.append(digits[(x >> 4) & 15]).append(digits[x & 15]);
        }
        return s.toString();
    }

    public static byte[] decode(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (digit(s.charAt(i)) < 0) {
                char c = s.charAt(i);
                String what = c >= 0x21 && c < 0x7f ? "'" + c + "'" : String.format("U+%04X", (int) c);
                throw new IllegalArgumentException(what + " at position " + i + " is not a hex digit");
            }
        }
        if (s.length() % 2 != 0) {
            throw new IllegalArgumentException("odd number of hex digits (" + s.length() + ")");
        }
        byte[] out = new byte[s.length() / 2];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) ((digit(s.charAt(2 * i)) << 4) | digit(s.charAt(2 * i + 1)));
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
