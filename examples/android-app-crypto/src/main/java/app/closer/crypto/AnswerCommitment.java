package app.closer.crypto;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/**
 * The app's answer commitment (CONTRACT.md §7):
 * {@code sha256:} + b64url(SHA-256(UTF-8("v1|coupleId|questionId|userId|") ‖ UTF-8(canonical JSON))), no padding.
 * It hashes {@link CanonicalAnswer}'s JSON, so that class's {@code \/} divergence reaches the commitment too.
 */
public final class AnswerCommitment {
    private AnswerCommitment() {}

    public static String hash(String coupleId, String questionId, String userId, String canonicalJson) {
        MessageDigest sha256;
        try {
            sha256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        sha256.update(("v1|" + coupleId + "|" + questionId + "|" + userId + "|").getBytes(StandardCharsets.UTF_8));
        byte[] digest = sha256.digest(canonicalJson.getBytes(StandardCharsets.UTF_8));
        return "sha256:" + Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
    }
}
