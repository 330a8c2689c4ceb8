package app.closer.crypto;

/** The app's own refusal: the input is malformed ({@link Format}) or does not authenticate ({@link BadTag}), … */
public class CloserCryptoException extends Exception {
    private static final long serialVersionUID = 1L;

    public CloserCryptoException(String message) {
        super(message);
    }

    /** Not the expected shape: a wrong prefix, bad base64, a value out of range. */
    public static final class Format extends CloserCryptoException {
        private static final long serialVersionUID = 1L;
        public Format(String message) { super(message); }
    }

    /** The AES-GCM tag does not verify: wrong key, wrong AAD, or modified bytes. */
    public static final class BadTag extends CloserCryptoException {
        private static final long serialVersionUID = 1L;
        public BadTag(String message) { super(message); }
    }

    /** A parameter the contract excludes: a key that is not 32 bytes. */
    public static final class Parameters extends CloserCryptoException {
        private static final long serialVersionUID = 1L;
        public Parameters(String message) { super(message); }
    }
}
