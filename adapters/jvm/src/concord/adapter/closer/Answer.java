package concord.adapter.closer;

import concord.adapter.wire.Values;
import concord.kit.Json;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code answer} value of the Closer suites (CONTRACT.md §7), as the protocol carries it: a JSON
 * object with exactly the members {@code scaleValue} (integer or null), {@code selectedOptionIds}
 * (array of strings) and {@code writtenText} (string or null).
 *
 * <p>{@code scaleValue} is kept as a 64-bit value here: whether it fits the contract's 32 bits is
 * decided when the answer is serialized ({@link CanonicalAnswer}), as a {@code format} refusal, since a
 * value out of range is a well-formed request.
 */
public record Answer(Long scaleValue, List<String> selectedOptionIds, String writtenText) {
    static final List<String> MEMBERS = List.of("scaleValue", "selectedOptionIds", "writtenText");

    public Answer {
        selectedOptionIds = List.copyOf(selectedOptionIds);
    }

    /** Reads {@code input.<name>}; a value of the wrong shape is a malformed request ({@link Values.BadRequest}). */
    static Answer read(Map<String, Object> input, String name) {
        if (!input.containsKey(name)) {
            throw new Values.BadRequest("input." + name + " is missing");
        }
        Object v = input.get(name);
        String where = "input." + name;
        if (!(v instanceof Map)) {
            throw new Values.BadRequest(where + ": expected an answer object, found " + Values.typeName(v));
        }
        Map<?, ?> m = (Map<?, ?>) v;
        for (Object key : m.keySet()) {
            if (!MEMBERS.contains(key)) {
                throw new Values.BadRequest(where + ": unknown answer member " + Json.quote((String) key)
                        + " (an answer has exactly scaleValue, selectedOptionIds, writtenText)");
            }
        }
        for (String member : MEMBERS) {
            if (!m.containsKey(member)) {
                throw new Values.BadRequest(where + "." + member + " is missing (all three members are required)");
            }
        }
        Object scale = m.get("scaleValue");
        if (scale != null && !(scale instanceof Long)) {
            throw new Values.BadRequest(where + ".scaleValue: expected an integer or null, found "
                    + Values.typeName(scale));
        }
        Object ids = m.get("selectedOptionIds");
        if (!(ids instanceof List)) {
            throw new Values.BadRequest(where + ".selectedOptionIds: expected an array of strings, found "
                    + Values.typeName(ids));
        }
        List<String> list = new ArrayList<>();
        for (Object id : (List<?>) ids) {
            if (!(id instanceof String)) {
                throw new Values.BadRequest(where + ".selectedOptionIds[" + list.size()
                        + "]: expected a string, found " + Values.typeName(id));
            }
            list.add((String) id);
        }
        Object text = m.get("writtenText");
        if (text != null && !(text instanceof String)) {
            throw new Values.BadRequest(where + ".writtenText: expected a string or null, found "
                    + Values.typeName(text));
        }
        return new Answer((Long) scale, list, (String) text);
    }

    /** The output value: all three members, absent ones as JSON null. */
    Map<String, Object> toOutput() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("scaleValue", scaleValue);
        m.put("selectedOptionIds", new ArrayList<Object>(selectedOptionIds));
        m.put("writtenText", writtenText);
        return m;
    }
}
