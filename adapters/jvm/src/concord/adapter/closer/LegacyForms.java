package concord.adapter.closer;

import concord.adapter.wire.B64;
import concord.adapter.wire.Refusal;
import concord.kit.Json;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Values in an old or wrapped form, recognised so that a refusal says what the value is (CONTRACT.md §8, §10):
 * the old iOS keybox envelope {@code {v, pub, ct, mac}} (raw JSON, its base64url, or its base64url after
 * {@code keybox:v1:}) and a JSON wrapper prefixed {@code sealed:v1:}.
 */
public final class LegacyForms {
    private static final Set<String> ENVELOPE_KEYS = Set.of("v", "pub", "ct", "mac");
    private static final String ENVELOPE = "the old iOS keybox envelope {v, pub, ct, mac} (iOS-only JSON, not Tink's"
            + " ciphertext: the two do not interoperate, CONTRACT.md §10)";

    private LegacyForms() {}

    /** Throws the named refusal when {@code text} is the old iOS keybox envelope in any of its three forms. */
    static void checkKeybox(String text) throws Refusal {
        List<String> keys = objectKeys(text);
        if (keys != null) {
            if (Set.copyOf(keys).equals(ENVELOPE_KEYS) && keys.size() == 4) {
                throw new Refusal("format", "keybox is " + ENVELOPE + ", not a keybox:v1: value");
            }
            throw new Refusal("format", "keybox is a JSON object " + members(keys) + ", not a keybox:v1: value");
        }
        boolean prefixed = text.startsWith(KeyboxSuite.PREFIX);
        List<String> inner = base64urlObjectKeys(prefixed ? text.substring(KeyboxSuite.PREFIX.length()) : text);
        if (inner == null || inner.size() != 4 || !Set.copyOf(inner).equals(ENVELOPE_KEYS)) {
            return;
        }
        if (prefixed) {
            throw new Refusal("authentication", "keybox is keybox:v1: + base64url of " + ENVELOPE
                    + "; Tink reads its first byte '{' as a key id prefix and finds no key");
        }
        throw new Refusal("format", "keybox is the base64url of " + ENVELOPE + ", without the keybox:v1: prefix");
    }

    /** Throws the named refusal when {@code text} is {@code sealed:v1:} followed by a JSON object, as text or base64url. */
    static void checkSealed(String text) throws Refusal {
        if (!text.startsWith(SealedAnswerSuite.PREFIX)) {
            return;
        }
        String body = text.substring(SealedAnswerSuite.PREFIX.length());
        List<String> keys = objectKeys(body);
        if (keys != null) {
            throw new Refusal("format", "encryptedPayload is a JSON object " + members(keys)
                    + " prefixed sealed:v1: (a metadata wrapper), not sealed:v1: + base64url(nonce || ciphertext || tag)");
        }
        keys = base64urlObjectKeys(body);
        if (keys != null) {
            throw new Refusal("format", "encryptedPayload is sealed:v1: + base64url of a JSON object " + members(keys)
                    + " (a metadata wrapper), not of nonce || ciphertext || tag");
        }
    }

    private static List<String> base64urlObjectKeys(String body) {
        byte[] bytes;
        try {
            bytes = B64.decodeUrl(body);
        } catch (B64.Malformed e) {
            return null;
        }
        if (bytes.length == 0 || bytes[0] != '{') {
            return null;
        }
        try {
            String s = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
            return objectKeys(s);
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    private static List<String> objectKeys(String text) {
        if (!text.startsWith("{")) {
            return null;
        }
        Object parsed;
        try {
            parsed = Json.parse(text);
        } catch (Json.SyntaxError | RuntimeException e) {
            return null;
        }
        if (!(parsed instanceof Map)) {
            return null;
        }
        List<String> keys = new ArrayList<>();
        for (Object k : ((Map<?, ?>) parsed).keySet()) {
            keys.add(String.valueOf(k));
        }
        return keys;
    }

    private static String members(List<String> keys) {
        StringBuilder b = new StringBuilder("{");
        for (int i = 0; i < Math.min(8, keys.size()); i++) {
            String k = keys.get(i);
            b.append(i == 0 ? "" : ", ").append(k.length() > 40 ? k.substring(0, 40) : k);
        }
        return b.append(keys.size() > 8 ? ", …}" : "}").toString();
    }
}
