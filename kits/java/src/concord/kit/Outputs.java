package concord.kit;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The outputs a handler computed, by field name: bytes, text, integers or answers. */
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

    /**
     * An answer ({@code closer.sealed-answer open}), written as the vector files and the adapter
     * protocol write one: all three keys, an absent scale value or written text as {@code null}.
     */
    public Outputs answer(String field, Answer value) {
        if (value == null) {
            throw new IllegalArgumentException("output " + field + " is null");
        }
        return answer(field, value.scaleValue, value.selectedOptionIds, value.writtenText);
    }

    /** An answer from its parts: {@code scaleValue} and {@code writtenText} may be null, the ids may not. */
    public Outputs answer(String field, Long scaleValue, List<String> selectedOptionIds, String writtenText) {
        if (selectedOptionIds == null) {
            throw new IllegalArgumentException("output " + field + ": selectedOptionIds is null (an empty list when none is selected)");
        }
        List<Object> ids = new ArrayList<Object>();
        for (String id : selectedOptionIds) {
            if (id == null) {
                throw new IllegalArgumentException("output " + field + ": selectedOptionIds holds null");
            }
            ids.add(id);
        }
        Map<String, Object> answer = new LinkedHashMap<String, Object>();
        answer.put("scaleValue", scaleValue);
        answer.put("selectedOptionIds", ids);
        answer.put("writtenText", writtenText);
        return put(field, answer);
    }

    private Outputs put(String field, Object value) {
        if (fields.containsKey(field)) {
            throw new IllegalStateException("output " + field + " is written twice");
        }
        fields.put(field, value);
        return this;
    }
}
