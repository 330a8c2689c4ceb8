package concord.kit;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One vector: its name and suite, its op, and typed access to its input fields. From an export file
 * ({@link Export}) it also has its expected result; from a live request only the input.
 */
public final class Vector {
    private final String name;
    private final String suite;
    private final String op;
    private final String result;
    private final Map<String, Object> input;
    private final Map<String, Object> expect;

    Vector(String name, String suite, String op, String result, Map<String, Object> input, Map<String, Object> expect) {
        this.name = name;
        this.suite = suite;
        this.op = op;
        this.result = result;
        this.input = input;
        this.expect = expect;
    }

    /** {@code <suite>/<id>}; null for a live request. */
    public String name() { return name; }
    /** The canonical suite name, e.g. {@code closer.field}. */
    public String suite() { return suite; }
    /** The op ({@code encrypt}, {@code decrypt}, …), or null for a suite without ops. */
    public String op() { return op; }
    /** {@code valid}, {@code invalid}, {@code acceptable} or {@code pending} (not settled: compute and report it); null for a live request. */
    public String result() { return result; }

    /** Whether the input has this field (optional fields may be absent). */
    public boolean has(String field) {
        return input.containsKey(field) && input.get(field) != null;
    }

    /** The input field names, in the vector's order. */
    public Set<String> fields() {
        return Collections.unmodifiableSet(input.keySet());
    }

    /** A bytes input ({@code {"hex": …}}). */
    public byte[] bytes(String field) {
        Object v = require(field);
        if (v instanceof Map && ((Map<?, ?>) v).get("hex") instanceof String) {
            try {
                return Hex.decode((String) ((Map<?, ?>) v).get("hex"));
            } catch (IllegalArgumentException e) {
                throw new WrongInput(field + ": invalid hex: " + e.getMessage());
            }
        }
        throw new WrongInput(field + " is not bytes");
    }

    /** A text input. */
    public String text(String field) {
        Object v = require(field);
        if (v instanceof String) {
            return (String) v;
        }
        throw new WrongInput(field + " is not text");
    }

    /** An integer input. */
    public long integer(String field) {
        Object v = require(field);
        if (v instanceof Long) {
            return (Long) v;
        }
        throw new WrongInput(field + " is not an integer");
    }

    /** An answer input ({@code scaleValue}, {@code selectedOptionIds}, {@code writtenText}). */
    public Answer answer(String field) {
        Object v = require(field);
        if (!(v instanceof Map)) {
            throw new WrongInput(field + " is not an answer");
        }
        Map<?, ?> m = (Map<?, ?>) v;
        Object scale = m.get("scaleValue"), ids = m.get("selectedOptionIds"), text = m.get("writtenText");
        if (!(scale == null || scale instanceof Long) || !(ids instanceof List) || !(text == null || text instanceof String)) {
            throw new WrongInput(field + " is not an answer {scaleValue, selectedOptionIds, writtenText}");
        }
        List<String> list = new ArrayList<String>();
        for (Object id : (List<?>) ids) {
            if (!(id instanceof String)) {
                throw new WrongInput(field + ".selectedOptionIds holds a value that is not text");
            }
            list.add((String) id);
        }
        return new Answer((Long) scale, list, (String) text);
    }

    /** The expected refusal class when the vector expects one ("" when any refusal will do), else null. */
    public String expectedError() {
        if (expect == null || !expect.containsKey("error")) {
            return null;
        }
        Object c = expect.get("error");
        return c instanceof String ? (String) c : "";
    }

    /** The expected output field names (placeholders included); empty for a refusal or no expectation. */
    public Set<String> expectedFields() {
        if (expect == null || expect.containsKey("error")) {
            return Collections.<String>emptySet();
        }
        return Collections.unmodifiableSet(expect.keySet());
    }

    private Object require(String field) {
        if (!has(field)) {
            throw new WrongInput("the input has no field " + field);
        }
        return input.get(field);
    }

    /** A field missing or of the wrong kind: a fault of the harness or the handler, never a refusal. */
    static final class WrongInput extends RuntimeException {
        private static final long serialVersionUID = 1L;

        WrongInput(String message) {
            super(message);
        }
    }
}
