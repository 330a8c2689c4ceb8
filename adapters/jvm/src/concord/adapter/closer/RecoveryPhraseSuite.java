package concord.adapter.closer;

import concord.adapter.wire.Op;
import concord.adapter.wire.Refusal;
import concord.adapter.wire.Suite;
import concord.adapter.wire.Utf8;
import concord.adapter.wire.Values;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Suite {@code closer.recovery-phrase} (CONTRACT.md §4): ten lower-case words of the 248-word list separated
 * by single U+0020 spaces. Op {@code validate}: phrase, wordlist (one word per line), wordlistSha256 →
 * indices (one byte per word); a phrase that breaks the syntax is {@code format}, a list that is not the
 * recorded one (its SHA-256) or not 248 distinct words is {@code parameters}.
 */
public final class RecoveryPhraseSuite implements Suite {
    private final List<Op> ops = List.of(Op.named("validate").in("phrase", "wordlist", "wordlistSha256").out("indices")
            .run(this::validate));

    @Override
    public String name() {
        return "closer.recovery-phrase";
    }

    @Override
    public List<Op> ops() {
        return ops;
    }

    private Map<String, Object> validate(Map<String, Object> input) throws Refusal {
        String list = Values.text(input, "wordlist");
        byte[] recorded = Values.bytes(input, "wordlistSha256");
        if (recorded.length != 32) {
            throw Refusal.parameters("wordlistSha256 is " + recorded.length + " bytes; a SHA-256 is 32");
        }
        if (!MessageDigest.isEqual(sha256(Utf8.encode(list)), recorded)) {
            throw Refusal.parameters("the wordlist's SHA-256 is not the recorded wordlistSha256: this is another list");
        }
        Map<String, Integer> index = words(list);
        String phrase = Values.text(input, "phrase");
        if (phrase.startsWith(" ")) {
            throw new Refusal("format", "phrase starts with a space");
        }
        if (phrase.endsWith(" ")) {
            throw new Refusal("format", "phrase ends with a space");
        }
        if (phrase.contains("  ")) {
            throw new Refusal("format", "phrase has two spaces in a row; words are separated by one space");
        }
        String[] parts = phrase.split(" ", -1);
        byte[] indices = new byte[parts.length];
        for (int i = 0; i < parts.length; i++) {
            String w = parts[i];
            for (int offset = 0; offset < w.length(); ) {
                int cp = w.codePointAt(offset);
                if (cp < 'a' || cp > 'z') {
                    String why = cp >= 'A' && cp <= 'Z'
                            ? "upper case (the phrase is lower case and is not lower-cased for you)"
                            : Character.isWhitespace(cp) || Character.isSpaceChar(cp)
                                    ? "white space other than a single U+0020 between words" : "not a lower-case letter";
                    throw new Refusal("format", "phrase word " + (i + 1) + " has " + InviteCodeSuite.describe(cp) + ": " + why);
                }
                offset += Character.charCount(cp);
            }
            Integer n = index.get(w);
            if (n == null) {
                throw new Refusal("format", "phrase word " + (i + 1) + " is not in the word list");
            }
            indices[i] = (byte) (int) n;
        }
        if (parts.length != 10) {
            throw new Refusal("format", "phrase has " + parts.length + " words; the contract's phrase has 10");
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("indices", Values.bytes(indices));
        return out;
    }

    private static Map<String, Integer> words(String list) throws Refusal {
        String[] lines = list.split("\n", -1);
        int n = lines.length;
        if (n > 0 && lines[n - 1].isEmpty()) {
            n--;
        }
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < n; i++) {
            if (!lines[i].matches("[a-z]+")) {
                throw Refusal.parameters("wordlist line " + (i + 1) + " is not one lower-case word of a-z");
            }
            Integer first = index.putIfAbsent(lines[i], i);
            if (first != null) {
                throw Refusal.parameters("wordlist line " + (i + 1) + " repeats the word of line " + (first + 1));
            }
        }
        if (n != 248) {
            throw Refusal.parameters("wordlist has " + n + " words; the contract's list has 248");
        }
        return index;
    }

    private static byte[] sha256(byte[] data) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(data);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("no SHA-256", e);
        }
    }
}
