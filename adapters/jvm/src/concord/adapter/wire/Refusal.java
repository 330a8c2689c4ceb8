package concord.adapter.wire;

import java.util.Set;

/**
 * The input is refused as the contract requires (a bad tag, a failed authentication check, ...).
 * Answered as {@code {"id":..,"error":CLASS,"message":..}}.
 */
public final class Refusal extends Exception {
    private static final long serialVersionUID = 1L;

    /** The error classes of the vector format. */
    static final Set<String> CLASSES = Set.of("authentication", "format", "parameters", "key");

    private final String errorClass;

    public Refusal(String errorClass, String message) {
        super(message);
        if (!CLASSES.contains(errorClass)) {
            throw new IllegalArgumentException("unknown error class " + errorClass);
        }
        this.errorClass = errorClass;
    }

    public static Refusal parameters(String message) {
        return new Refusal("parameters", message);
    }

    public String errorClass() {
        return errorClass;
    }
}
