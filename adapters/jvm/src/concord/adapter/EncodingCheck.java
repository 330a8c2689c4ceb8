package concord.adapter;

import concord.adapter.wire.B64;
import concord.kit.Hex;
import concord.kit.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;

/**
 * Holds the adapter's decoders ({@link Hex}, {@link B64}) and encoders to the one table of spellings,
 * Tests/Fixtures/encodings/hostile-spellings.json (the rule is docs/vector-format.md's "Encodings").
 * Run by Tests/ConcordIntegrationTests/Implementations/EncodingSpellingsTests.swift:
 *
 * <pre>java -cp .build/jvm/classes concord.adapter.EncodingCheck Tests/Fixtures/encodings/hostile-spellings.json</pre>
 *
 * <p>Prints every failure, then {@code checked N cases: P passed, F failed}; exits 1 on any failure,
 * 2 when the table cannot be read.
 */
public final class EncodingCheck {
    private EncodingCheck() {}

    interface Decoder {
        byte[] decode(String s) throws Exception;
    }

    interface Encoder {
        String encode(byte[] b);
    }

    public static void main(String[] args) {
        List<?> cases;
        try {
            Object table = Json.parse(new String(Files.readAllBytes(Paths.get(args[0])), StandardCharsets.UTF_8));
            Map<?, ?> t = (Map<?, ?>) table;
            if (!"concord-encoding-cases/1".equals(t.get("format")) || !(t.get("cases") instanceof List)) {
                throw new IllegalArgumentException("not a concord-encoding-cases/1 file");
            }
            cases = (List<?>) t.get("cases");
        } catch (Exception e) {
            System.err.println("EncodingCheck: cannot read " + (args.length > 0 ? args[0] : "(no file given)") + ": " + e);
            System.exit(2);
            return;
        }
        int passed = 0;
        int failed = 0;
        for (Object o : cases) {
            Map<?, ?> c = (Map<?, ?>) o;
            String encoding = (String) c.get("encoding");
            String text = (String) c.get("text");
            Decoder decoder;
            Encoder encoder;
            if ("hex".equals(encoding)) {
                decoder = Hex::decode;
                encoder = Hex::encode;
            } else if ("base64".equals(encoding)) {
                decoder = B64::decode;
                encoder = B64::encode;
            } else if ("base64url".equals(encoding)) {
                decoder = B64::decodeUrl;
                encoder = B64::encodeUrl;
            } else {
                System.out.println("FAIL " + encoding + " " + Json.quote(text) + ": no decoder for this encoding");
                failed++;
                continue;
            }
            String problem = null;
            byte[] got = null;
            try {
                got = decoder.decode(text);
            } catch (Exception e) {
                if (c.containsKey("bytes")) {
                    problem = "refused (" + e.getMessage() + "), expected bytes " + c.get("bytes");
                }
            }
            if (got != null) {
                if (c.containsKey("refused")) {
                    problem = "accepted, expected a refusal: " + c.get("refused");
                } else {
                    List<?> want = (List<?>) c.get("bytes");
                    byte[] expected = new byte[want.size()];
                    for (int i = 0; i < expected.length; i++) {
                        expected[i] = (byte) ((Long) want.get(i)).intValue();
                    }
                    String written = c.containsKey("written") ? (String) c.get("written") : text;
                    if (!java.util.Arrays.equals(got, expected)) {
                        problem = "decoded " + Hex.encode(got) + ", expected " + Hex.encode(expected);
                    } else if (!encoder.encode(expected).equals(written)) {
                        problem = "encodes as " + Json.quote(encoder.encode(expected)) + ", expected " + Json.quote(written);
                    }
                }
            }
            if (problem != null) {
                System.out.println("FAIL " + encoding + " " + Json.quote(text) + ": " + problem);
                failed++;
            } else {
                passed++;
            }
        }
        System.out.println("checked " + cases.size() + " cases: " + passed + " passed, " + failed + " failed");
        System.exit(failed == 0 && passed > 0 ? 0 : 1);
    }
}
