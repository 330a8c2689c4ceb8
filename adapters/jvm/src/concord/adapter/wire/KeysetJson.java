package concord.adapter.wire;

import concord.kit.Json;
import java.util.Map;

/**
 * The shape checks of a keyset given as JSON text (Tink's JSON keysets, Sinew's keyring): each
 * refuses with class {@code format}, naming where in the keyset ({@code where}) and what it found.
 * Shared by the readers that refuse with {@link Refusal}.
 */
public final class KeysetJson {
    private KeysetJson() {}

    /** {@code json} parsed; {@code field} names the input it came from. */
    public static Object parse(String json, String field) throws Refusal {
        try {
            return Json.parse(json);
        } catch (Json.SyntaxError e) {
            throw new Refusal("format", field + " is not JSON: " + e.getMessage());
        }
    }

    public static Map<?, ?> object(Object v, String where) throws Refusal {
        if (!(v instanceof Map)) {
            throw new Refusal("format", where + " is " + Values.typeName(v) + ", not an object");
        }
        return (Map<?, ?>) v;
    }

    public static Object member(Map<?, ?> m, String name, String where) throws Refusal {
        if (!m.containsKey(name)) {
            throw new Refusal("format", where + " has no " + Json.quote(name));
        }
        return m.get(name);
    }

    public static String string(Object v, String where) throws Refusal {
        if (!(v instanceof String)) {
            throw new Refusal("format", where + " is " + Values.typeName(v) + ", not a string");
        }
        return (String) v;
    }

    /** A key id: an integer in 0..2^32-1 (a negative one is named as the signed Java int it may be). */
    public static long uint32(Object v, String where) throws Refusal {
        if (!(v instanceof Long)) {
            throw new Refusal("format", where + " is " + Values.typeName(v) + ", not an integer");
        }
        long id = (Long) v;
        if (id < 0 || id > 0xFFFF_FFFFL) {
            throw new Refusal("format", where + " " + id + " is outside the unsigned 32-bit range 0..4294967295"
                    + (id < 0 && id >= Integer.MIN_VALUE ? " (a signed Java int? the unsigned value is "
                            + Integer.toUnsignedString((int) id) + ")" : ""));
        }
        return id;
    }
}
