package concord.adapter;

import java.util.List;

/** The op check shared by the suites: a missing or unknown op is answered {@code unsupported}. */
final class Ops {
    private Ops() {}

    /** Returns {@code op} when it is one of {@code ops}; otherwise throws {@link Unsupported}. */
    static String require(String suite, String op, List<String> ops) throws Unsupported {
        if (op == null) {
            throw new Unsupported("suite " + suite + " needs an op (" + String.join(", ", ops) + "), got none");
        }
        if (!ops.contains(op)) {
            throw new Unsupported("suite " + suite + " has no op " + Json.quote(op) + " (its ops: "
                    + String.join(", ", ops) + ")");
        }
        return op;
    }

    /** For a suite without ops: a non-null op is {@link Unsupported}. */
    static void none(String suite, String op) throws Unsupported {
        if (op != null) {
            throw new Unsupported("suite " + suite + " has no ops, got op " + Json.quote(op));
        }
    }
}
