package concord.adapter.primitives;

import concord.adapter.wire.Refusal;
import concord.kit.Json;
import java.util.ArrayList;
import java.util.List;

/**
 * The Argon2id parameter tag of CONTRACT.md §2 ({@code kdfParams}), e.g.
 * {@code argon2id;v=19;m=47104;t=3;p=1}, and its strict parser.
 *
 * <p>Accepted: exactly {@code argon2id;v=<int>;m=<int>;t=<int>;p=<int>}, the keys in this order, each
 * once, each value canonical decimal ({@code 0|[1-9][0-9]*}, ASCII digits only) in 1..2^32-1, with
 * {@code v = 19}, {@code p <= 2^24-1} and {@code m >= 8 * p}. Everything else is refused with a message
 * saying precisely what is wrong. Leading zeros ({@code m=047104}) are refused as non-canonical: the tag
 * is stored and compared as text, so two spellings of one parameter set must not both be valid.
 */
public record KdfParams(long memoryKiB, long iterations, long parallelism, long version) {
    static final String ALGORITHM = "argon2id";
    static final long VERSION = 19;
    static final long MAX_U32 = 0xFFFF_FFFFL;
    static final long MAX_PARALLELISM = (1L << 24) - 1;
    private static final String SHAPE = "argon2id;v=19;m=<int>;t=<int>;p=<int>";
    private static final String[] KEYS = {"v", "m", "t", "p"};
    private static final String[] NAMES = {"version", "memory", "iterations", "parallelism"};

    /** Parses a tag; any deviation from the accepted form is a {@code parameters} refusal. */
    public static KdfParams parse(String tag) throws Refusal {
        if (tag.isEmpty()) {
            throw refuse("the tag is empty");
        }
        if (isSpace(tag.codePointAt(0))) {
            throw refuse("the tag has leading whitespace");
        }
        if (isSpace(tag.codePointBefore(tag.length()))) {
            throw refuse("the tag has trailing whitespace");
        }

        List<String> fields = split(tag);
        String algorithm = fields.get(0);
        if (algorithm.indexOf('=') >= 0) {
            throw refuse("the tag must start with the algorithm " + q(ALGORITHM) + ", found " + q(algorithm));
        }
        if (!algorithm.equals(ALGORITHM)) {
            throw refuse("algorithm " + q(algorithm) + " is not " + q(ALGORITHM));
        }
        if (fields.size() == 1) {
            throw refuse("the tag has no parameters (expected " + SHAPE + ")");
        }

        // Structure: key=value fields, known keys, each once, in the order v, m, t, p.
        String[] raw = new String[KEYS.length];
        int lastIndex = -1;
        for (int i = 1; i < fields.size(); i++) {
            String field = fields.get(i);
            if (field.isEmpty()) {
                throw refuse(i == fields.size() - 1
                        ? "the tag ends with ';'"
                        : "empty field between ';' and ';' (field " + (i + 1) + ")");
            }
            if (field.codePoints().anyMatch(KdfParams::isSpace)) {
                throw refuse("field " + q(field) + " contains whitespace");
            }
            int eq = field.indexOf('=');
            if (eq < 0) {
                throw refuse("field " + q(field) + " is not key=value");
            }
            String key = field.substring(0, eq);
            int index = indexOfKey(key);
            if (index < 0) {
                throw refuse("unknown key " + q(key) + " (expected " + SHAPE + ")");
            }
            if (raw[index] != null) {
                throw refuse("key " + q(key) + " is repeated");
            }
            if (index < lastIndex) {
                throw refuse("key " + q(key) + " comes after " + q(KEYS[lastIndex])
                        + ": the keys must be v, m, t, p in this order");
            }
            raw[index] = field.substring(eq + 1);
            lastIndex = index;
        }
        for (int i = 0; i < KEYS.length; i++) {
            if (raw[i] == null) {
                throw refuse("key " + q(KEYS[i]) + " (" + NAMES[i] + ") is missing (expected " + SHAPE + ")");
            }
        }

        // Values: canonical decimal in 1..2^32-1, then the relations between them.
        long v = decimal(0, raw[0]);
        long m = decimal(1, raw[1]);
        long t = decimal(2, raw[2]);
        long p = decimal(3, raw[3]);
        if (v != VERSION) {
            throw refuse("version " + v + " is not " + VERSION + " (0x13)");
        }
        if (m == 0) {
            throw refuse("memory (m) must not be zero");
        }
        if (t == 0) {
            throw refuse("iterations (t) must not be zero");
        }
        if (p == 0) {
            throw refuse("parallelism (p) must not be zero");
        }
        if (p > MAX_PARALLELISM) {
            throw refuse("parallelism " + p + " is above 2^24-1 = " + MAX_PARALLELISM);
        }
        if (m < 8 * p) {
            throw refuse("memory " + m + " KiB is below 8 * p = " + (8 * p));
        }
        return new KdfParams(m, t, p, v);
    }

    /** The canonical tag text for these parameters. */
    String tag() {
        return ALGORITHM + ";v=" + version + ";m=" + memoryKiB + ";t=" + iterations + ";p=" + parallelism;
    }

    private static long decimal(int index, String s) throws Refusal {
        String what = NAMES[index] + " (" + KEYS[index] + ")";
        if (s.isEmpty()) {
            throw refuse(what + " has an empty value");
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                throw refuse(what + " value " + q(s) + " is not a decimal integer (ASCII digits only, no sign)");
            }
        }
        if (s.length() > 1 && s.charAt(0) == '0') {
            throw refuse(what + " value " + q(s) + " has a leading zero (not canonical)");
        }
        if (s.length() > 10 || Long.parseLong(s) > MAX_U32) {
            throw refuse(what + " value " + s + " is above 2^32-1 = " + MAX_U32);
        }
        return Long.parseLong(s);
    }

    /** Splits on ';', keeping empty fields (String.split would drop trailing ones). */
    private static List<String> split(String s) {
        List<String> out = new ArrayList<>();
        int start = 0;
        while (true) {
            int semi = s.indexOf(';', start);
            if (semi < 0) {
                out.add(s.substring(start));
                return out;
            }
            out.add(s.substring(start, semi));
            start = semi + 1;
        }
    }

    private static int indexOfKey(String key) {
        for (int i = 0; i < KEYS.length; i++) {
            if (KEYS[i].equals(key)) {
                return i;
            }
        }
        return -1;
    }

    private static boolean isSpace(int cp) {
        return Character.isWhitespace(cp) || Character.isSpaceChar(cp);
    }

    private static String q(String s) {
        return Json.quote(s);
    }

    private static Refusal refuse(String message) {
        return Refusal.parameters(message);
    }
}
