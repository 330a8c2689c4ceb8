package concord.kit;

/**
 * Runs one vector with the app's code: read the inputs from {@code v}, write the outputs to {@code out},
 * or throw a {@link Refusal} (or an exception {@link ConcordKit#refuse} maps to one) or {@link Unsupported}.
 */
@FunctionalInterface
public interface Handler {
    void run(Vector v, Outputs out) throws Exception;
}
