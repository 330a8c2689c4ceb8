package app.closer.crypto;

/** The same handlers as a live adapter: {@code concord run --adapter android="java -cp … app.closer.crypto.ConcordAdapterMain"}. */
public final class ConcordAdapterMain {
    private ConcordAdapterMain() {}

    public static void main(String[] args) throws Exception {
        System.exit(ConcordHandlers.kit().serve());
    }
}
