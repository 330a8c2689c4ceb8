package concord.kit;

import java.util.LinkedHashMap;
import java.util.Map;

/** The outputs a handler computed, by field name: bytes, text or integers. */
public final class Outputs {
    final Map<String, Object> fields = new LinkedHashMap<String, Object>();

    public Outputs bytes(String field, byte[] value) {
        Map<String, Object> hex = new LinkedHashMap<String, Object>();
        hex.put("hex", Hex.encode(value));
        return put(field, hex);
    }

    public Outputs text(String field, String value) {
        if (value == null) {
            throw new IllegalArgumentException("output " + field + " is null");
        }
        return put(field, value);
    }

    public Outputs integer(String field, long value) {
        return put(field, Long.valueOf(value));
    }

    private Outputs put(String field, Object value) {
        if (fields.containsKey(field)) {
            throw new IllegalStateException("output " + field + " is written twice");
        }
        fields.put(field, value);
        return this;
    }
}
