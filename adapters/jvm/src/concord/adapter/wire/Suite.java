package concord.adapter.wire;

import java.util.List;

/**
 * One suite of the contract, as this adapter computes it: its canonical name and its ops, each declared
 * with every input and output field name ({@link Op}). Implementations must be thread-safe: the ops'
 * bodies are called concurrently from the worker pool. To add a suite, write a class that implements this
 * interface in its pack's package and list it in {@code concord.adapter.Suites#ALL}; the handshake and the
 * request checks follow from {@link #ops}.
 */
public interface Suite {
    /** The canonical suite name used in requests, e.g. {@code "argon2id"} or {@code "closer.field"}. */
    String name();

    /** The ops this adapter runs, in the order the handshake lists them. */
    List<Op> ops();
}
