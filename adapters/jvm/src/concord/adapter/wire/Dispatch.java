package concord.adapter.wire;

import concord.kit.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** The dispatch of one request to a suite's op by the ops' declarations ({@link Op}). */
public final class Dispatch {
    private Dispatch() {}

    /**
     * Runs one request by the declarations: an op the suite does not declare is {@link Unsupported}; a
     * required input missing is a {@link Values.BadRequest}; an input field the op does not declare is
     * {@link Unsupported}; an output the op does not declare is an {@link IllegalStateException} (a fault:
     * the adapter would write what it did not announce).
     */
    public static Map<String, Object> run(Suite suite, String opName, Map<String, Object> input)
            throws Refusal, Unsupported {
        Op op = op(suite, opName);
        Values.checkFields(suite.name(), op.name, input, op.required, op.optional);
        Map<String, Object> outputs = op.body.run(input);
        for (String name : outputs.keySet()) {
            if (!op.outputs.contains(name)) {
                throw new IllegalStateException("suite " + suite.name() + " op " + op.label() + " wrote the output "
                        + Json.quote(name) + ", which it does not declare (its outputs: "
                        + String.join(", ", op.outputs) + ")");
            }
        }
        return outputs;
    }

    private static Op op(Suite suite, String name) throws Unsupported {
        List<Op> ops = suite.ops();
        for (Op op : ops) {
            if (Objects.equals(op.name, name)) {
                return op;
            }
        }
        if (ops.size() == 1 && ops.get(0).name == null) {
            throw new Unsupported("suite " + suite.name() + " has no ops, got op " + Json.quote(name));
        }
        List<String> names = new ArrayList<>();
        for (Op op : ops) {
            names.add(op.name);
        }
        if (name == null) {
            throw new Unsupported("suite " + suite.name() + " needs an op (" + String.join(", ", names) + "), got none");
        }
        throw new Unsupported("suite " + suite.name() + " has no op " + Json.quote(name) + " (its ops: "
                + String.join(", ", names) + ")");
    }
}
