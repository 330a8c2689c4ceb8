package concord.kit;

/**
 * The app refused the input as the contract requires: a handler throws it (or the kit maps one of the
 * app's own exceptions to it, {@link ConcordKit#refuse}). The class is one of {@code authentication},
 * {@code format}, {@code parameters}, {@code key}.
 */
public class Refusal extends Exception {
    private static final long serialVersionUID = 1L;
    public static final String AUTHENTICATION = "authentication";
    public static final String FORMAT = "format";
    public static final String PARAMETERS = "parameters";
    public static final String KEY = "key";

    private final String errorClass;

    public Refusal(String errorClass, String message) {
        super(message);
        if (!isClass(errorClass)) {
            throw new IllegalArgumentException("not a refusal class: " + errorClass
                    + " (expected authentication, format, parameters or key)");
        }
        this.errorClass = errorClass;
    }

    /** {@code authentication}, {@code format}, {@code parameters} or {@code key}. */
    public String errorClass() {
        return errorClass;
    }

    static boolean isClass(String c) {
        return AUTHENTICATION.equals(c) || FORMAT.equals(c) || PARAMETERS.equals(c) || KEY.equals(c);
    }
}
