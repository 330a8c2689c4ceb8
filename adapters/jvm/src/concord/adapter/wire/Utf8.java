package concord.adapter.wire;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/** Strict UTF-8: malformed input, overlong forms and encoded surrogates are errors, never U+FFFD. */
public final class Utf8 {
    private Utf8() {}

    /** The decoded text, or {@code null} when the bytes are not valid UTF-8. */
    public static String decodeOrNull(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    public static byte[] encode(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
