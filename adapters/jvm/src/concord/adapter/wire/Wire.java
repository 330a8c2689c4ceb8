package concord.adapter.wire;

import concord.kit.Json;

/**
 * The wire strings of the contract: a fixed prefix ({@code enc:v1:}, {@code sealed:v1:}, {@code keybox:v1:},
 * {@code pub:v1:}, {@code sha256:}, or none) followed by strict {@code b64} or {@code b64url} ({@link B64}).
 * Every suite decodes and encodes them here, so the prefix and base64 rules (and their messages) are
 * one piece of code.
 */
public final class Wire {
    /** The base64 flavour after the prefix (CONTRACT.md §1). */
    public enum Encoding {
        /** RFC 4648 §4, padded. */
        B64,
        /** RFC 4648 §5, unpadded. */
        B64URL
    }

    private Wire() {}

    /** {@code prefix} followed by the encoding of {@code data}. */
    public static String encode(String prefix, byte[] data, Encoding encoding) {
        return prefix + (encoding == Encoding.B64 ? B64.encode(data) : B64.encodeUrl(data));
    }

    /**
     * The bytes of a wire string. A missing prefix and anything that is not strict base64 after it are
     * {@code format} refusals, whose message names {@code field} (when not {@code null}) and the prefix.
     *
     * @param field the input field the text comes from, for messages; {@code null} when the caller names it
     * @param prefix the required prefix, {@code ""} for none
     */
    public static byte[] decode(String field, String text, String prefix, Encoding encoding) throws Refusal {
        String subject = field == null ? "" : field + " ";
        if (!text.startsWith(prefix)) {
            throw new Refusal("format", subject + "does not start with " + Json.quote(prefix));
        }
        String body = text.substring(prefix.length());
        try {
            return encoding == Encoding.B64 ? B64.decode(body) : B64.decodeUrl(body);
        } catch (B64.Malformed e) {
            String where = prefix.isEmpty() ? (field == null ? "" : field + ": ")
                    : subject + "after " + Json.quote(prefix) + ": ";
            throw new Refusal("format", where + e.getMessage());
        }
    }
}
