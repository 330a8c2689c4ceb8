package concord.adapter.closer;

import concord.adapter.wire.Refusal;
import concord.adapter.wire.Utf8;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The canonical answer JSON of CONTRACT.md §7 (schemaVersion 3), written the way Android writes it:
 *
 * <pre>{"scaleValue":&lt;int|null&gt;,"selectedOptionIds":[&lt;string&gt;,...],"writtenText":&lt;string|null&gt;}</pre>
 *
 * <ul>
 *   <li>the keys in this order, no whitespace, UTF-8;
 *   <li>{@code scaleValue} a 32-bit signed integer in plain decimal, or {@code null}; a value outside
 *       32 bits is a {@code format} refusal;
 *   <li>{@code selectedOptionIds} sorted by {@link String#compareTo} (UTF-16 code units), duplicates kept;
 *   <li>strings escape only {@code "} {@code \} LF CR TAB (as {@code \" \\ \n \r \t}); every other
 *       character, including {@code /}, other control characters, U+2028 and non-ASCII, is written as
 *       itself; no Unicode normalization.
 * </ul>
 *
 * <p>{@link #parse} reads such bytes back strictly: it accepts exactly this grammar, then requires the
 * bytes to equal the serialization of what it read, so any other spelling (unsorted ids, {@code \/},
 * {@code \}{@code u00e9}, a raw line feed, {@code -0}, whitespace...) is refused as not canonical.
 */
public final class CanonicalAnswer {
    private static final String KEY_SCALE = "{\"scaleValue\":";
    private static final String KEY_IDS = ",\"selectedOptionIds\":[";
    private static final String KEY_TEXT = ",\"writtenText\":";

    private CanonicalAnswer() {}

    /** The canonical JSON text of an answer. */
    static String serialize(Answer answer) throws Refusal {
        StringBuilder b = new StringBuilder();
        b.append(KEY_SCALE);
        Long scale = answer.scaleValue();
        if (scale == null) {
            b.append("null");
        } else {
            if (scale < Integer.MIN_VALUE || scale > Integer.MAX_VALUE) {
                throw new Refusal("format", "scaleValue " + scale + " is outside the 32-bit signed range "
                        + Integer.MIN_VALUE + ".." + Integer.MAX_VALUE);
            }
            b.append(scale.longValue());
        }
        b.append(KEY_IDS);
        List<String> ids = new ArrayList<>(answer.selectedOptionIds());
        ids.sort(String::compareTo); // UTF-16 code units, as Kotlin/Java on Android; stable, duplicates kept
        for (int i = 0; i < ids.size(); i++) {
            if (i > 0) {
                b.append(',');
            }
            string(b, ids.get(i));
        }
        b.append(']');
        b.append(KEY_TEXT);
        if (answer.writtenText() == null) {
            b.append("null");
        } else {
            string(b, answer.writtenText());
        }
        b.append('}');
        return b.toString();
    }

    /** The canonical bytes (UTF-8 of {@link #serialize}). */
    static byte[] bytes(Answer answer) throws Refusal {
        return Utf8.encode(serialize(answer));
    }

    private static void string(StringBuilder b, String s) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"': b.append("\\\""); break;
                case '\\': b.append("\\\\"); break;
                case '\n': b.append("\\n"); break;
                case '\r': b.append("\\r"); break;
                case '\t': b.append("\\t"); break;
                default: b.append(c);
            }
        }
        b.append('"');
    }

    /**
     * Reads canonical answer bytes. Anything that is not valid UTF-8, not this grammar, or not
     * byte-identical to its own re-serialization is a {@code format} refusal.
     */
    static Answer parse(byte[] bytes) throws Refusal {
        String s = Utf8.decodeOrNull(bytes);
        if (s == null) {
            throw notCanonical("the answer is not valid UTF-8");
        }
        Parser p = new Parser(s);
        p.literal(KEY_SCALE, "the answer must start with {\"scaleValue\":");
        Long scale = p.nullOrInteger();
        p.literal(KEY_IDS, "expected ,\"selectedOptionIds\":[ after scaleValue");
        List<String> ids = new ArrayList<>();
        if (!p.tryLiteral("]")) {
            while (true) {
                ids.add(p.string());
                if (p.tryLiteral("]")) {
                    break;
                }
                p.literal(",", "expected ',' or ']' in selectedOptionIds");
            }
        }
        p.literal(KEY_TEXT, "expected ,\"writtenText\": after selectedOptionIds");
        String text = p.tryLiteral("null") ? null : p.string();
        p.literal("}", "expected '}' after writtenText");
        if (p.pos != s.length()) {
            throw notCanonical("content after the closing '}' (at character " + (p.pos + 1) + ")");
        }
        Answer answer = new Answer(scale, ids, text);
        byte[] canonical;
        try {
            canonical = bytes(answer);
        } catch (Refusal e) {
            throw notCanonical(e.getMessage());
        }
        if (!Arrays.equals(canonical, bytes)) {
            int at = Arrays.mismatch(canonical, bytes);
            throw notCanonical("the bytes differ from the canonical serialization of the same answer at byte "
                    + at + " (for example unsorted selectedOptionIds, or a character written differently)");
        }
        return answer;
    }

    private static Refusal notCanonical(String why) {
        return new Refusal("format", "not canonical answer JSON (CONTRACT.md §7): " + why);
    }

    private static final class Parser {
        private final String s;
        private int pos;

        Parser(String s) {
            this.s = s;
        }

        boolean tryLiteral(String lit) {
            if (s.startsWith(lit, pos)) {
                pos += lit.length();
                return true;
            }
            return false;
        }

        void literal(String lit, String message) throws Refusal {
            if (!tryLiteral(lit)) {
                throw notCanonical(message + " (at character " + (pos + 1) + ")");
            }
        }

        Long nullOrInteger() throws Refusal {
            if (tryLiteral("null")) {
                return null;
            }
            int start = pos;
            if (pos < s.length() && s.charAt(pos) == '-') {
                pos++;
            }
            int digits = pos;
            while (pos < s.length() && s.charAt(pos) >= '0' && s.charAt(pos) <= '9') {
                pos++;
            }
            if (pos == digits) {
                throw notCanonical("scaleValue is neither null nor a decimal integer (at character " + (start + 1) + ")");
            }
            if (pos - digits > 1 && s.charAt(digits) == '0') {
                throw notCanonical("scaleValue has a leading zero");
            }
            if (pos - digits > 10) {
                throw notCanonical("scaleValue " + s.substring(start, pos) + " is outside the 32-bit signed range");
            }
            return Long.parseLong(s.substring(start, pos));
        }

        String string() throws Refusal {
            int start = pos;
            if (pos >= s.length() || s.charAt(pos) != '"') {
                throw notCanonical("expected a string (at character " + (pos + 1) + ")");
            }
            pos++;
            StringBuilder b = new StringBuilder();
            while (true) {
                if (pos >= s.length()) {
                    throw notCanonical("unterminated string starting at character " + (start + 1));
                }
                char c = s.charAt(pos++);
                if (c == '"') {
                    return b.toString();
                }
                if (c != '\\') {
                    b.append(c); // raw control characters are caught by the re-serialization check
                    continue;
                }
                if (pos >= s.length()) {
                    throw notCanonical("unterminated escape at character " + pos);
                }
                char e = s.charAt(pos++);
                switch (e) {
                    case '"': b.append('"'); break;
                    case '\\': b.append('\\'); break;
                    case 'n': b.append('\n'); break;
                    case 'r': b.append('\r'); break;
                    case 't': b.append('\t'); break;
                    default:
                        throw notCanonical("escape \\" + e + " at character " + (pos - 1)
                                + " (only \\\" \\\\ \\n \\r \\t are written; everything else appears as itself)");
                }
            }
        }
    }
}
