package app.closer.crypto;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bouncycastle.crypto.generators.Argon2BytesGenerator;
import org.bouncycastle.crypto.params.Argon2Parameters;

/**
 * The app's password KDF (CONTRACT.md §2): Argon2id under the parameter tag stored beside the wrapped key,
 * {@code argon2id;v=19;m=<KiB>;t=<passes>;p=<lanes>}, with BouncyCastle's {@code Argon2BytesGenerator}, as an
 * Android module would call it. The tag is read strictly (plain decimal, keys in order, v=19, memory at
 * least 8·p KiB); the salt is at least 8 bytes and the key 4..1024 bytes. Anything else is
 * {@link CloserCryptoException.Parameters}. A memory or pass count above 2^31-1 (BouncyCastle takes an
 * {@code int}) is {@link UnsupportedOperationException}: the contract allows it, this code cannot run it.
 */
public final class PasswordKdf {
    private static final Pattern TAG = Pattern.compile("argon2id;v=(0|[1-9][0-9]*);m=(0|[1-9][0-9]*);t=(0|[1-9][0-9]*);p=(0|[1-9][0-9]*)");

    private PasswordKdf() {}

    public static byte[] derive(byte[] password, byte[] salt, String kdfParams, int length) throws CloserCryptoException {
        Matcher m = TAG.matcher(kdfParams);
        if (!m.matches()) {
            throw new CloserCryptoException.Parameters("kdfParams \"" + kdfParams + "\" is not argon2id;v=19;m=…;t=…;p=…");
        }
        long v = value(m.group(1), "v"), memory = value(m.group(2), "m"), passes = value(m.group(3), "t"), lanes = value(m.group(4), "p");
        if (v != 19) {
            throw new CloserCryptoException.Parameters("Argon2 version " + v + " is not 19");
        }
        if (lanes > (1 << 24) - 1 || memory < 8 * lanes) {
            throw new CloserCryptoException.Parameters("memory " + memory + " KiB with " + lanes + " lanes is out of range");
        }
        if (salt.length < 8) {
            throw new CloserCryptoException.Parameters("salt of " + salt.length + " bytes (at least 8)");
        }
        if (length < 4 || length > 1024) {
            throw new CloserCryptoException.Parameters("key length " + length + " outside 4..1024");
        }
        if (memory > Integer.MAX_VALUE || passes > Integer.MAX_VALUE) {
            throw new UnsupportedOperationException("memory " + memory + " KiB or " + passes + " passes: above what this device runs");
        }
        Argon2BytesGenerator argon2 = new Argon2BytesGenerator();
        argon2.init(new Argon2Parameters.Builder(Argon2Parameters.ARGON2_id).withVersion(Argon2Parameters.ARGON2_VERSION_13)
                .withMemoryAsKB((int) memory).withIterations((int) passes).withParallelism((int) lanes).withSalt(salt).build());
        byte[] key = new byte[length];
        argon2.generateBytes(password, key);
        return key;
    }

    private static long value(String digits, String key) throws CloserCryptoException {
        long n = digits.length() > 10 ? Long.MAX_VALUE : Long.parseLong(digits);
        if (n == 0 || n > 0xFFFFFFFFL) {
            throw new CloserCryptoException.Parameters(key + "=" + digits + " is zero or above 2^32-1");
        }
        return n;
    }
}
