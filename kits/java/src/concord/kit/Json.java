package concord.kit;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small, strict JSON reader and writer: the export file, the captured-outputs file and the adapter
 * line protocol. Public because the JVM adapter ({@code adapters/jvm}) is compiled with it rather than
 * with a copy of its own; an app's tests need not use it.
 *
 * <p>Values map to Java as: object -> {@code LinkedHashMap<String,Object>} (member order kept),
 * array -> {@code ArrayList<Object>}, string -> {@code String}, integer -> {@code Long},
 * true/false -> {@code Boolean}, null -> {@code null}.
 *
 * <p>The reader accepts RFC 8259 JSON restricted to integers: no fraction, no exponent, and the value
 * must fit in a signed 64-bit long. It also refuses duplicate member names, lone surrogates (raw or
 * escaped), raw control characters inside strings, nesting deeper than {@link #MAX_DEPTH}, and any
 * content after the value other than JSON whitespace. {@link #parseAnyNumber} takes every RFC 8259
 * number as well.
 */
public final class Json {
    public static final int MAX_DEPTH = 64;

    /** Raised for any text that is not strict JSON as defined above. */
    public static final class SyntaxError extends Exception {
        private static final long serialVersionUID = 1L;

        SyntaxError(String message, int offset) {
            super(message + " at character " + (offset + 1));
        }
    }

    private Json() {}

    // ---------------------------------------------------------------- reading

    public static Object parse(String text) throws SyntaxError {
        return parse(text, false);
    }

    /**
     * The same reader, taking every RFC 8259 number: one without fraction or exponent that fits a
     * {@code long} is a {@code Long}, any other a {@code java.math.BigDecimal} (for documents whose
     * members may hold any JSON value, such as a timestamp of 1748764800.5).
     */
    public static Object parseAnyNumber(String text) throws SyntaxError {
        return parse(text, true);
    }

    private static Object parse(String text, boolean anyNumber) throws SyntaxError {
        Reader r = new Reader(text, anyNumber);
        r.skipWhitespace();
        Object value = r.value(0);
        r.skipWhitespace();
        if (r.pos != text.length()) {
            throw new SyntaxError("unexpected " + r.describeHere() + " after the JSON value", r.pos);
        }
        return value;
    }

    private static final class Reader {
        private final String s;
        private final boolean anyNumber;
        private int pos;

        Reader(String s, boolean anyNumber) {
            this.s = s;
            this.anyNumber = anyNumber;
        }

        void skipWhitespace() {
            while (pos < s.length()) {
                char c = s.charAt(pos);
                if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                    pos++;
                } else {
                    break;
                }
            }
        }

        String describeHere() {
            if (pos >= s.length()) {
                return "end of input";
            }
            int cp = s.codePointAt(pos);
            if (cp >= 0x20 && cp < 0x7f) {
                return "'" + (char) cp + "'";
            }
            return String.format("U+%04X", cp);
        }

        Object value(int depth) throws SyntaxError {
            if (pos >= s.length()) {
                throw new SyntaxError("expected a value, found end of input", pos);
            }
            char c = s.charAt(pos);
            switch (c) {
                case '{':
                    return object(depth + 1);
                case '[':
                    return array(depth + 1);
                case '"':
                    return string();
                case 't':
                    literal("true");
                    return Boolean.TRUE;
                case 'f':
                    literal("false");
                    return Boolean.FALSE;
                case 'n':
                    literal("null");
                    return null;
                default:
                    if (c == '-' || (c >= '0' && c <= '9')) {
                        return number();
                    }
                    throw new SyntaxError("expected a value, found " + describeHere(), pos);
            }
        }

        private void literal(String word) throws SyntaxError {
            if (!s.startsWith(word, pos)) {
                throw new SyntaxError("expected '" + word + "'", pos);
            }
            pos += word.length();
        }

        private Map<String, Object> object(int depth) throws SyntaxError {
            if (depth > MAX_DEPTH) {
                throw new SyntaxError("nesting deeper than " + MAX_DEPTH, pos);
            }
            pos++; // '{'
            Map<String, Object> map = new LinkedHashMap<>();
            skipWhitespace();
            if (pos < s.length() && s.charAt(pos) == '}') {
                pos++;
                return map;
            }
            while (true) {
                skipWhitespace();
                if (pos >= s.length() || s.charAt(pos) != '"') {
                    throw new SyntaxError("expected a member name (a string), found " + describeHere(), pos);
                }
                int keyPos = pos;
                String key = string();
                if (map.containsKey(key)) {
                    throw new SyntaxError("duplicate member name " + quote(key), keyPos);
                }
                skipWhitespace();
                expect(':');
                skipWhitespace();
                map.put(key, value(depth));
                skipWhitespace();
                if (pos < s.length() && s.charAt(pos) == ',') {
                    pos++;
                    continue;
                }
                expect('}');
                return map;
            }
        }

        private List<Object> array(int depth) throws SyntaxError {
            if (depth > MAX_DEPTH) {
                throw new SyntaxError("nesting deeper than " + MAX_DEPTH, pos);
            }
            pos++; // '['
            List<Object> list = new ArrayList<>();
            skipWhitespace();
            if (pos < s.length() && s.charAt(pos) == ']') {
                pos++;
                return list;
            }
            while (true) {
                skipWhitespace();
                list.add(value(depth));
                skipWhitespace();
                if (pos < s.length() && s.charAt(pos) == ',') {
                    pos++;
                    continue;
                }
                expect(']');
                return list;
            }
        }

        private void expect(char c) throws SyntaxError {
            if (pos >= s.length() || s.charAt(pos) != c) {
                throw new SyntaxError("expected '" + c + "', found " + describeHere(), pos);
            }
            pos++;
        }

        /** A number: an integer that fits a long as Long; with anyNumber, any other (fraction, exponent, a larger integer) as BigDecimal. */
        private Object number() throws SyntaxError {
            int start = pos;
            if (s.charAt(pos) == '-') {
                pos++;
            }
            int digitsStart = pos;
            if (pos < s.length() && s.charAt(pos) == '0') {
                pos++;
            } else if (pos < s.length() && s.charAt(pos) >= '1' && s.charAt(pos) <= '9') {
                while (pos < s.length() && s.charAt(pos) >= '0' && s.charAt(pos) <= '9') {
                    pos++;
                }
            } else {
                throw new SyntaxError("expected a digit, found " + describeHere(), pos);
            }
            if (pos < s.length()) {
                char c = s.charAt(pos);
                if ((c == '.' || c == 'e' || c == 'E') && anyNumber) {
                    return decimal(start);
                }
                if (c == '.' || c == 'e' || c == 'E') {
                    throw new SyntaxError("only integers are allowed (no fraction or exponent)", start);
                }
                if (c >= '0' && c <= '9') {
                    throw new SyntaxError("a number must not have a leading zero", digitsStart);
                }
            }
            try {
                return Long.parseLong(s.substring(start, pos));
            } catch (NumberFormatException e) {
                if (anyNumber) {
                    return new java.math.BigDecimal(s.substring(start, pos));
                }
                throw new SyntaxError("integer " + s.substring(start, pos) + " does not fit in 64 bits", start);
            }
        }

        /** The fraction and exponent of a number whose integer part ends at pos (RFC 8259's grammar). */
        private Object decimal(int start) throws SyntaxError {
            if (pos < s.length() && s.charAt(pos) == '.') {
                pos++;
                if (pos >= s.length() || s.charAt(pos) < '0' || s.charAt(pos) > '9') {
                    throw new SyntaxError("a digit must follow '.'", pos);
                }
                while (pos < s.length() && s.charAt(pos) >= '0' && s.charAt(pos) <= '9') {
                    pos++;
                }
            }
            if (pos < s.length() && (s.charAt(pos) == 'e' || s.charAt(pos) == 'E')) {
                pos++;
                if (pos < s.length() && (s.charAt(pos) == '+' || s.charAt(pos) == '-')) {
                    pos++;
                }
                if (pos >= s.length() || s.charAt(pos) < '0' || s.charAt(pos) > '9') {
                    throw new SyntaxError("a digit must follow the exponent", pos);
                }
                while (pos < s.length() && s.charAt(pos) >= '0' && s.charAt(pos) <= '9') {
                    pos++;
                }
            }
            try {
                return new java.math.BigDecimal(s.substring(start, pos));
            } catch (NumberFormatException e) {
                throw new SyntaxError("number " + s.substring(start, pos) + " is out of range", start);
            }
        }

        private String string() throws SyntaxError {
            int start = pos;
            pos++; // opening quote
            StringBuilder b = new StringBuilder();
            while (true) {
                if (pos >= s.length()) {
                    throw new SyntaxError("unterminated string", start);
                }
                char c = s.charAt(pos);
                if (c == '"') {
                    pos++;
                    return b.toString();
                }
                if (c < 0x20) {
                    throw new SyntaxError(String.format("raw control character U+%04X in a string (escape it)", (int) c), pos);
                }
                if (c == '\\') {
                    escape(b);
                    continue;
                }
                if (Character.isHighSurrogate(c)) {
                    if (pos + 1 < s.length() && Character.isLowSurrogate(s.charAt(pos + 1))) {
                        b.append(c).append(s.charAt(pos + 1));
                        pos += 2;
                        continue;
                    }
                    throw new SyntaxError("lone surrogate in a string", pos);
                }
                if (Character.isLowSurrogate(c)) {
                    throw new SyntaxError("lone surrogate in a string", pos);
                }
                b.append(c);
                pos++;
            }
        }

        private void escape(StringBuilder b) throws SyntaxError {
            int at = pos;
            pos++; // backslash
            if (pos >= s.length()) {
                throw new SyntaxError("unterminated escape", at);
            }
            char e = s.charAt(pos++);
            switch (e) {
                case '"': b.append('"'); return;
                case '\\': b.append('\\'); return;
                case '/': b.append('/'); return;
                case 'b': b.append('\b'); return;
                case 'f': b.append('\f'); return;
                case 'n': b.append('\n'); return;
                case 'r': b.append('\r'); return;
                case 't': b.append('\t'); return;
                case 'u': break;
                default:
                    pos--;
                    throw new SyntaxError("invalid escape \\" + describeHere().replace("'", ""), at);
            }
            char u = hex4(at);
            if (Character.isHighSurrogate(u)) {
                if (pos + 1 < s.length() && s.charAt(pos) == '\\' && s.charAt(pos + 1) == 'u') {
                    int lowAt = pos;
                    pos += 2;
                    char low = hex4(lowAt);
                    if (Character.isLowSurrogate(low)) {
                        b.append(u).append(low);
                        return;
                    }
                }
                throw new SyntaxError(String.format("escaped high surrogate \\u%04X is not followed by an escaped low surrogate", (int) u), at);
            }
            if (Character.isLowSurrogate(u)) {
                throw new SyntaxError(String.format("escaped lone low surrogate \\u%04X", (int) u), at);
            }
            b.append(u);
        }

        private char hex4(int escapeAt) throws SyntaxError {
            if (pos + 4 > s.length()) {
                throw new SyntaxError("\\u needs four hex digits", escapeAt);
            }
            int v = 0;
            for (int i = 0; i < 4; i++) {
                int d = Character.digit(s.charAt(pos + i), 16);
                char ch = s.charAt(pos + i);
                boolean ascii = (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f') || (ch >= 'A' && ch <= 'F');
                if (!ascii || d < 0) {
                    throw new SyntaxError("\\u needs four hex digits", escapeAt);
                }
                v = (v << 4) | d;
            }
            pos += 4;
            return (char) v;
        }
    }

    // ---------------------------------------------------------------- writing

    /**
     * Writes a value compactly (no whitespace), object members in map iteration order. Accepts
     * {@code Map<String,?>}, {@code List<?>}, {@code String}, {@code Long}/{@code Integer}/{@code Short}/
     * {@code Byte}, {@code Boolean} and {@code null}; anything else is a programming error.
     */
    public static String write(Object value) {
        StringBuilder b = new StringBuilder();
        write(b, value);
        return b.toString();
    }

    private static void write(StringBuilder b, Object v) {
        if (v == null) {
            b.append("null");
        } else if (v instanceof String) {
            writeString(b, (String) v);
        } else if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            b.append(((Number) v).longValue());
        } else if (v instanceof Boolean) {
            b.append(((Boolean) v) ? "true" : "false");
        } else if (v instanceof Map) {
            b.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                if (!(e.getKey() instanceof String)) {
                    throw new IllegalArgumentException("JSON member names must be strings");
                }
                if (!first) {
                    b.append(',');
                }
                first = false;
                writeString(b, (String) e.getKey());
                b.append(':');
                write(b, e.getValue());
            }
            b.append('}');
        } else if (v instanceof List) {
            b.append('[');
            boolean first = true;
            for (Object item : (List<?>) v) {
                if (!first) {
                    b.append(',');
                }
                first = false;
                write(b, item);
            }
            b.append(']');
        } else {
            throw new IllegalArgumentException("cannot write " + v.getClass().getName() + " as JSON");
        }
    }

    /**
     * Escapes {@code "} and {@code \}, writes control characters as {@code \b \f \n \r \t} or
     * {@code \}{@code u00XX}, a lone surrogate as {@code \}{@code uXXXX}, and every other character as itself.
     */
    private static void writeString(StringBuilder b, String s) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"': b.append("\\\""); break;
                case '\\': b.append("\\\\"); break;
                case '\b': b.append("\\b"); break;
                case '\f': b.append("\\f"); break;
                case '\n': b.append("\\n"); break;
                case '\r': b.append("\\r"); break;
                case '\t': b.append("\\t"); break;
                default:
                    if (c < 0x20) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                        b.append(c).append(s.charAt(i + 1));
                        i++;
                    } else if (Character.isSurrogate(c)) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
            }
        }
        b.append('"');
    }

    /** A string as a JSON string literal, for quoting values inside diagnostic messages. */
    public static String quote(String s) {
        StringBuilder b = new StringBuilder();
        writeString(b, s);
        return b.toString();
    }
}
