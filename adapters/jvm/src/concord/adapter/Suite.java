package concord.adapter;

import java.util.Map;

/**
 * One suite of the contract, as this adapter computes it. Implementations must be thread-safe:
 * {@link #run} is called concurrently from the worker pool. To add a suite, write a class that
 * implements this interface and list it in {@link Suites#ALL}.
 */
interface Suite {
    /** The suite name used in vector files and requests, e.g. {@code "argon2id"}. */
    String name();

    /**
     * Computes one vector.
     *
     * @param op the request's op, or {@code null} when it has none
     * @param input the request's {@code input} object, decoded by {@link Json}; read it through {@link Values}
     * @return the outputs, in the order they should be written (use a {@code LinkedHashMap});
     *     byte strings as {@link Values#bytes(byte[])}
     * @throws Refusal when the contract says the input must be refused
     * @throws Unsupported when this implementation cannot run the vector at all
     * @throws Values.BadRequest when the request itself is malformed (reported as a fault)
     */
    Map<String, Object> run(String op, Map<String, Object> input) throws Refusal, Unsupported;
}
