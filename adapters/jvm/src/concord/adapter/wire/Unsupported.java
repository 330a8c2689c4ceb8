package concord.adapter.wire;

/**
 * This implementation cannot run the vector (unknown suite or op, a parameter the library cannot
 * express, ...). Answered as {@code {"id":..,"unsupported":REASON}}; never a pass, never a failure.
 */
public final class Unsupported extends Exception {
    private static final long serialVersionUID = 1L;

    public Unsupported(String reason) {
        super(reason);
    }
}
