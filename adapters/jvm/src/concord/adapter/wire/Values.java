package concord.adapter.wire;

import concord.kit.Hex;
import concord.kit.Json;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a request's {@code input} values and writes output values, using the protocol's encoding:
 * bytes as {@code {"hex":"<lowercase hex>"}}, text as a JSON string, integers as JSON numbers.
 * An optional field is omitted when absent; {@code null} is never a valid input value.
 */
public final class Values {
    /** The request is malformed (wrong type, missing field, bad hex): a harness bug, reported as a fault. */
    public static final class BadRequest extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public BadRequest(String message) {
            super(message);
        }
    }

    private Values() {}

    /**
     * Checks the field names of {@code input} against an op's declaration ({@link Op}): every required one
     * present (else {@link BadRequest}); nothing outside required + optional (else {@link Unsupported}: this
     * adapter does not know what the field would mean, and ignoring it could fake a pass).
     */
    static void checkFields(String suite, String op, Map<String, Object> input, List<String> required,
            List<String> optional) throws Unsupported {
        String where = "suite " + suite + (op == null ? "" : " op " + op);
        for (String name : required) {
            if (!input.containsKey(name)) {
                throw new BadRequest("input." + name + " is missing (required by " + where + ")");
            }
        }
        for (String name : input.keySet()) {
            if (!required.contains(name) && !optional.contains(name)) {
                throw new Unsupported("input field " + Json.quote(name) + " is not understood by this adapter's "
                        + where);
            }
        }
    }

    public static byte[] bytes(Map<String, Object> input, String name) {
        Object v = present(input, name);
        if (!(v instanceof Map)) {
            throw new BadRequest("input." + name + ": expected bytes {\"hex\":\"...\"}, found " + typeName(v));
        }
        Map<?, ?> m = (Map<?, ?>) v;
        if (m.size() != 1 || !m.containsKey("hex")) {
            throw new BadRequest("input." + name + ": bytes must be an object with the single member \"hex\"");
        }
        Object hex = m.get("hex");
        if (!(hex instanceof String)) {
            throw new BadRequest("input." + name + ".hex: expected a string, found " + typeName(hex));
        }
        try {
            return Hex.decode((String) hex);
        } catch (IllegalArgumentException e) {
            throw new BadRequest("input." + name + ".hex: " + e.getMessage());
        }
    }

    /** The bytes, or {@code null} when the field is absent. */
    public static byte[] optionalBytes(Map<String, Object> input, String name) {
        return input.containsKey(name) ? bytes(input, name) : null;
    }

    public static String text(Map<String, Object> input, String name) {
        Object v = present(input, name);
        if (!(v instanceof String)) {
            throw new BadRequest("input." + name + ": expected text (a JSON string), found " + typeName(v));
        }
        return (String) v;
    }

    public static long integer(Map<String, Object> input, String name) {
        Object v = present(input, name);
        if (!(v instanceof Long)) {
            throw new BadRequest("input." + name + ": expected an integer, found " + typeName(v));
        }
        return (Long) v;
    }

    public static long optionalInteger(Map<String, Object> input, String name, long defaultValue) {
        return input.containsKey(name) ? integer(input, name) : defaultValue;
    }

    /** An output byte string. */
    public static Map<String, Object> bytes(byte[] value) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("hex", Hex.encode(value));
        return m;
    }

    private static Object present(Map<String, Object> input, String name) {
        if (!input.containsKey(name)) {
            throw new BadRequest("input." + name + " is missing");
        }
        return input.get(name);
    }

    public static String typeName(Object v) {
        if (v == null) {
            return "null";
        }
        if (v instanceof String) {
            return "a string";
        }
        if (v instanceof Long) {
            return "an integer";
        }
        if (v instanceof Boolean) {
            return "a boolean";
        }
        if (v instanceof Map) {
            return "an object";
        }
        if (v instanceof List) {
            return "an array";
        }
        return v.getClass().getSimpleName();
    }
}
