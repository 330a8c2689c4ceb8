package concord.adapter.primitives;

/**
 * A primitive's result and the library that computed it (see {@link JvmLibrary}), so a suite can
 * report which implementation answered. {@code value} is {@code null} for a verification that passed.
 */
public final class Answered {
    public final byte[] value;
    final String library;

    Answered(byte[] value, String library) {
        this.value = value;
        this.library = library;
    }
}
