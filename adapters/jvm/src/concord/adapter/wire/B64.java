package concord.adapter.wire;

/**
 * The two base64 encodings of CONTRACT.md §1, written by hand so that decoding is exactly as strict
 * as the contract says (java.util.Base64 accepts some of what must be refused, e.g. non-zero spare
 * bits):
 *
 * <ul>
 *   <li>{@code b64}: RFC 4648 §4 alphabet ({@code A-Z a-z 0-9 + /}), {@code =} padding to a multiple of
 *       4 characters, no line breaks;
 *   <li>{@code b64url}: RFC 4648 §5 alphabet ({@code A-Z a-z 0-9 - _}), <b>no</b> padding.
 * </ul>
 *
 * <p>A decoder refuses (with {@link Malformed}, whose message says why): a character outside its
 * alphabet (which covers whitespace, line breaks and the other alphabet's {@code + / - _}), missing or
 * wrong padding ({@code b64}), any {@code =} ({@code b64url}), a length no encoding produces, and a final
 * quantum whose spare bits are not zero (so each byte string has exactly one accepted spelling).
 */
public final class B64 {
    /** The text is not strict b64 / b64url; the message names the first problem. */
    public static final class Malformed extends Exception {
        private static final long serialVersionUID = 1L;

        public Malformed(String message) {
            super(message);
        }
    }

    private static final char[] STD = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".toCharArray();
    private static final char[] URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".toCharArray();
    private static final int[] STD_VALUES = values(STD);
    private static final int[] URL_VALUES = values(URL);

    private B64() {}

    /** {@code b64}: standard alphabet, padded. */
    public static String encode(byte[] data) {
        return encode(data, STD, true);
    }

    /** {@code b64url}: URL-safe alphabet, unpadded. */
    public static String encodeUrl(byte[] data) {
        return encode(data, URL, false);
    }

    /** Strict {@code b64} decoding (standard alphabet, padding required). */
    public static byte[] decode(String text) throws Malformed {
        return decode(text, STD_VALUES, true, "b64");
    }

    /** Strict {@code b64url} decoding (URL-safe alphabet, no padding). */
    public static byte[] decodeUrl(String text) throws Malformed {
        return decode(text, URL_VALUES, false, "b64url");
    }

    private static String encode(byte[] data, char[] alphabet, boolean pad) {
        StringBuilder b = new StringBuilder((data.length + 2) / 3 * 4);
        int i = 0;
        for (; i + 3 <= data.length; i += 3) {
            int v = (data[i] & 0xff) << 16 | (data[i + 1] & 0xff) << 8 | (data[i + 2] & 0xff);
            b.append(alphabet[v >>> 18]).append(alphabet[(v >>> 12) & 63])
                    .append(alphabet[(v >>> 6) & 63]).append(alphabet[v & 63]);
        }
        int rest = data.length - i;
        if (rest == 1) {
            int v = (data[i] & 0xff) << 16;
            b.append(alphabet[v >>> 18]).append(alphabet[(v >>> 12) & 63]);
            if (pad) {
                b.append("==");
            }
        } else if (rest == 2) {
            int v = (data[i] & 0xff) << 16 | (data[i + 1] & 0xff) << 8;
            b.append(alphabet[v >>> 18]).append(alphabet[(v >>> 12) & 63]).append(alphabet[(v >>> 6) & 63]);
            if (pad) {
                b.append('=');
            }
        }
        return b.toString();
    }

    private static byte[] decode(String s, int[] values, boolean padded, String name) throws Malformed {
        // Character check first, so that whitespace or a foreign alphabet is named as such.
        int end = s.length();
        if (padded) {
            if (end % 4 != 0) {
                checkAlphabet(s, end, values, name);
                throw new Malformed(name + " length " + end + " is not a multiple of 4 (padding missing or wrong)");
            }
            int padding = 0;
            while (end > 0 && s.charAt(end - 1) == '=' && padding < 3) {
                end--;
                padding++;
            }
            checkAlphabet(s, end, values, name);
            if (padding == 3) {
                throw new Malformed(name + " has three '=' padding characters");
            }
            int expected = (4 - end % 4) % 4;
            if (padding != expected) {
                throw new Malformed(name + " has " + padding + " '=' padding character(s); a final quantum of "
                        + (end % 4) + " characters needs " + expected);
            }
        } else {
            checkAlphabet(s, end, values, name);
        }
        if (end % 4 == 1) {
            throw new Malformed(name + " has a final quantum of a single character (no byte string encodes to that)");
        }

        byte[] out = new byte[end / 4 * 3 + (end % 4 == 0 ? 0 : end % 4 - 1)];
        int o = 0;
        int i = 0;
        for (; i + 4 <= end; i += 4) {
            int v = values[s.charAt(i)] << 18 | values[s.charAt(i + 1)] << 12
                    | values[s.charAt(i + 2)] << 6 | values[s.charAt(i + 3)];
            out[o++] = (byte) (v >>> 16);
            out[o++] = (byte) (v >>> 8);
            out[o++] = (byte) v;
        }
        int rest = end - i;
        if (rest == 2) {
            int v = values[s.charAt(i)] << 6 | values[s.charAt(i + 1)];
            if ((v & 0xf) != 0) {
                throw new Malformed(name + " final quantum has non-zero spare bits (not the canonical encoding)");
            }
            out[o++] = (byte) (v >>> 4);
        } else if (rest == 3) {
            int v = values[s.charAt(i)] << 12 | values[s.charAt(i + 1)] << 6 | values[s.charAt(i + 2)];
            if ((v & 0x3) != 0) {
                throw new Malformed(name + " final quantum has non-zero spare bits (not the canonical encoding)");
            }
            out[o++] = (byte) (v >>> 10);
            out[o++] = (byte) (v >>> 2);
        }
        return out;
    }

    private static void checkAlphabet(String s, int end, int[] values, String name) throws Malformed {
        for (int i = 0; i < end; i++) {
            char c = s.charAt(i);
            if (c >= 128 || values[c] < 0) {
                String what;
                if (c == '=') {
                    what = values == URL_VALUES ? "'=' (b64url takes no padding)" : "'=' before the end";
                } else if (c == ' ' || c == '\t') {
                    what = "whitespace";
                } else if (c == '\n' || c == '\r') {
                    what = "a line break";
                } else if (c >= 0x21 && c < 0x7f) {
                    what = "'" + c + "'";
                } else {
                    what = String.format("U+%04X", (int) c);
                }
                throw new Malformed(name + " has " + what + " at position " + i + ", outside its alphabet");
            }
        }
    }

    private static int[] values(char[] alphabet) {
        int[] v = new int[128];
        java.util.Arrays.fill(v, -1);
        for (int i = 0; i < alphabet.length; i++) {
            v[alphabet[i]] = i;
        }
        return v;
    }
}
