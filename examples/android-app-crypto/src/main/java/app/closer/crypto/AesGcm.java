package app.closer.crypto;

import java.util.Arrays;
import org.bouncycastle.crypto.InvalidCipherTextException;
import org.bouncycastle.crypto.engines.AESEngine;
import org.bouncycastle.crypto.modes.GCMBlockCipher;
import org.bouncycastle.crypto.params.AEADParameters;
import org.bouncycastle.crypto.params.KeyParameter;

/** AES-256-GCM with a 16-byte tag (CONTRACT.md §3), BouncyCastle's lightweight API: the fields and the wrap share it. */
final class AesGcm {
    private AesGcm() {}

    /** Seals (ciphertext ‖ tag) or opens ({@link CloserCryptoException.BadTag} when the tag does not verify). */
    @SuppressWarnings("deprecation")
    static byte[] run(boolean encrypt, byte[] key, byte[] nonce, byte[] aad, byte[] in) throws CloserCryptoException {
        GCMBlockCipher gcm = new GCMBlockCipher(new AESEngine());
        gcm.init(encrypt, new AEADParameters(new KeyParameter(key), 128, nonce, aad));
        byte[] out = new byte[gcm.getOutputSize(in.length)];
        int n = gcm.processBytes(in, 0, in.length, out, 0);
        try {
            n += gcm.doFinal(out, n);
        } catch (InvalidCipherTextException e) {
            throw new CloserCryptoException.BadTag("the tag does not verify");
        }
        return Arrays.copyOf(out, n);
    }
}
