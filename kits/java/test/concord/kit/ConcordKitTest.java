package concord.kit;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.List;
import org.junit.Test;

public class ConcordKitTest {
    private static final Charset UTF8 = Charset.forName("UTF-8");

    /** An export with a suite without ops, a suite with two ops, and one the kit does not register. */
    static final String EXPORT = "{\"format\": \"concord-export/1\", \"vectors\": [\n"
            + " {\"name\": \"demo.xor/one\", \"suite\": \"demo.xor\", \"id\": \"one\", \"result\": \"valid\", \"flags\": [],"
            + "  \"file\": \"v.yaml\", \"line\": 1, \"input\": {\"a\": {\"hex\": \"0f0f\", \"base64\": \"Dw8=\"}, \"b\": {\"hex\": \"ff00\", \"base64\": \"/wA=\"}},"
            + "  \"expect\": {\"x\": {\"hex\": \"f00f\", \"base64\": \"8A8=\"}}},\n"
            + " {\"name\": \"demo.xor/short\", \"suite\": \"demo.xor\", \"id\": \"short\", \"result\": \"invalid\", \"flags\": [],"
            + "  \"file\": \"v.yaml\", \"line\": 9, \"input\": {\"a\": {\"hex\": \"0f\", \"base64\": \"Dw==\"}, \"b\": {\"hex\": \"ff00\", \"base64\": \"/wA=\"}},"
            + "  \"expect\": {\"error\": \"parameters\"}},\n"
            + " {\"name\": \"demo.text/upper\", \"suite\": \"demo.text\", \"id\": \"upper\", \"op\": \"upper\", \"result\": \"valid\", \"flags\": [],"
            + "  \"file\": \"v.yaml\", \"line\": 20, \"input\": {\"s\": \"a/b\", \"n\": 2, \"answer\": {\"scaleValue\": null, \"selectedOptionIds\": [\"x\"], \"writtenText\": \"w\"}},"
            + "  \"expect\": {\"t\": {\"placeholder\": true}}},\n"
            + " {\"name\": \"demo.text/lower\", \"suite\": \"demo.text\", \"id\": \"lower\", \"op\": \"lower\", \"result\": \"valid\", \"flags\": [],"
            + "  \"file\": \"v.yaml\", \"line\": 30, \"input\": {\"s\": \"A\"}, \"expect\": {\"t\": \"a\"}},\n"
            + " {\"name\": \"other/x\", \"suite\": \"other\", \"id\": \"x\", \"result\": \"valid\", \"flags\": [],"
            + "  \"file\": \"v.yaml\", \"line\": 40, \"input\": {}, \"expect\": {\"y\": 1}}\n]}\n";

    static Export export() throws IOException {
        return Export.read(new ByteArrayInputStream(EXPORT.getBytes(UTF8)), "test export");
    }

    static ConcordKit kit() {
        ConcordKit kit = new ConcordKit("demo").platform("JUnit").version("demo 1.0");
        kit.on("demo.xor", (v, out) -> {
            byte[] a = v.bytes("a"), b = v.bytes("b");
            if (a.length != b.length) {
                throw new GeneralSecurityException("lengths differ");
            }
            byte[] x = new byte[a.length];
            for (int i = 0; i < a.length; i++) {
                x[i] = (byte) (a[i] ^ b[i]);
            }
            out.bytes("x", x);
        });
        kit.on("demo.text", "upper", (v, out) -> {
            Answer answer = v.answer("answer");
            out.text("t", v.text("s").toUpperCase() + v.integer("n") + answer.selectedOptionIds + answer.writtenText + answer.scaleValue);
        });
        kit.refuse(GeneralSecurityException.class, Refusal.PARAMETERS);
        return kit;
    }

    @Test
    public void runsRegisteredVectorsAndWritesCapturedOutputs() throws Exception {
        Run run = kit().run(export());
        assertEquals(Arrays.asList(), run.failures());
        assertEquals(3, run.answered());
        String json = run.json();
        assertTrue(json, json.startsWith("{\"format\":\"concord-outputs/1\",\n \"implementation\":{\"name\":\"demo\",\"platform\":\"JUnit\",\"version\":\"demo 1.0\"}"));
        assertTrue(json, json.contains("{\"vector\":\"demo.xor/one\",\"outputs\":{\"x\":{\"hex\":\"f00f\"}}}"));
        assertTrue(json, json.contains("{\"vector\":\"demo.xor/short\",\"error\":\"parameters\",\"message\":\"java.security.GeneralSecurityException: lengths differ\"}"));
        assertTrue(json, json.contains("{\"vector\":\"demo.text/upper\",\"outputs\":{\"t\":\"A/B2[x]wnull\"}}"));
        // Not registered: left out (demo.text lower, other).
        assertTrue(json, !json.contains("lower") && !json.contains("other/x"));
        File f = File.createTempFile("kit", ".json");
        run.write(f);
        assertEquals(json, new String(Files.readAllBytes(f.toPath()), UTF8));
        f.delete();
    }

    @Test
    public void aHandlerThatThrowsSomethingElseIsAFailureNotAnAnswer() throws Exception {
        ConcordKit kit = new ConcordKit("demo");
        kit.on("demo.xor", (v, out) -> out.bytes("x", v.bytes("missing")));
        kit.on("demo.text", "upper", (v, out) -> { throw new IllegalStateException("boom"); });
        kit.on("demo.text", "lower", (v, out) -> { throw new Unsupported("no lower case here"); });
        Run run = kit.run(export());
        assertEquals(Arrays.asList("demo.xor/one: the input has no field missing", "demo.xor/short: the input has no field missing",
                "demo.text/upper: java.lang.IllegalStateException: boom"), run.failures());
        assertEquals(Arrays.asList("demo.text/lower"), run.unsupported());
        assertEquals(0, run.answered());
    }

    static List<String> serve(ConcordKit kit, String input) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(0, kit.serve(new ByteArrayInputStream(input.getBytes(UTF8)), out));
        return Arrays.asList(new String(out.toByteArray(), UTF8).split("\n"));
    }

    @Test
    public void theHandshakeListsExactlyTheRegisteredOpsWithFieldsFromTheExport() throws Exception {
        List<String> lines = serve(kit().fieldsFrom(export()), "");
        assertEquals(Arrays.asList("{\"concord-adapter\":1,\"name\":\"demo\",\"version\":\"demo 1.0 (JUnit)\",\"suites\":["
                + "{\"suite\":\"demo.xor\",\"ops\":[{\"op\":null,\"inputs\":[\"a\",\"b\"],\"outputs\":[\"x\"]}]},"
                + "{\"suite\":\"demo.text\",\"ops\":[{\"op\":\"upper\",\"inputs\":[\"s\",\"n\",\"answer\"],\"outputs\":[\"t\"]}]}]}"), lines);
    }

    @Test
    public void theHandshakeAnnouncesTheNameConcordGaveIt() throws Exception {
        assertTrue(kit().handshake("droid").startsWith("{\"concord-adapter\":1,\"name\":\"droid\","));
        assertTrue(kit().handshake("").startsWith("{\"concord-adapter\":1,\"name\":\"demo\","));
    }

    @Test
    public void declaredFieldsWinAndUnknownFieldsStopTheAdapter() throws Exception {
        ConcordKit kit = kit();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(2, kit.serve(new ByteArrayInputStream(new byte[0]), out));
        assertEquals(0, out.size());
        ConcordKit declared = new ConcordKit("d");
        declared.on("demo.xor", (v, o) -> o.bytes("x", v.bytes("a"))).inputs("a", "b", "c").outputs("x");
        assertTrue(serve(declared.fieldsFrom(export()), "").get(0).contains("\"inputs\":[\"a\",\"b\",\"c\"]"));
    }

    @Test
    public void answersRequestsRefusalsUnsupportedAndFaultsAsTheProtocolSays() throws Exception {
        String requests = "{\"id\":1,\"suite\":\"demo.xor\",\"op\":null,\"input\":{\"a\":{\"hex\":\"0102\"},\"b\":{\"hex\":\"0303\"}}}\n"
                + "{\"id\":2,\"suite\":\"demo.xor\",\"input\":{\"a\":{\"hex\":\"01\"},\"b\":{\"hex\":\"0303\"}}}\n"
                + "{\"id\":3,\"suite\":\"nope\",\"op\":null,\"input\":{}}\n"
                + "{\"id\":4,\"suite\":\"demo.text\",\"op\":\"lower\",\"input\":{}}\n"
                + "{\"id\":5,\"suite\":\"demo.xor\",\"op\":null,\"input\":{\"a\":{\"hex\":\"01\"},\"z\":1}}\n"
                + "{\"id\":6,\"suite\":\"demo.xor\",\"op\":null,\"input\":{\"a\":{\"hex\":\"01\"}}}\n"
                + "{\"id\":7,\"suite\":\"demo.xor\",\"op\":null,\"input\":{\"a\":{\"hex\":\"0g\"},\"b\":{\"hex\":\"00\"}}}\n"
                + "not json\n"
                + "{\"id\":8,\"suite\":\"demo.xor\",\"extra\":1,\"input\":{}}\n"
                + "{\"id\":9,\"suite\":\"demo.xor\",\"op\":null,\"input\":{\"a\":{\"hex\":\"ff\"},\"b\":{\"hex\":\"0f\"}}}";
        List<String> lines = serve(kit().fieldsFrom(export()), requests);
        assertEquals(11, lines.size());
        assertEquals("{\"id\":1,\"outputs\":{\"x\":{\"hex\":\"0201\"}}}", lines.get(1));
        assertEquals("{\"id\":2,\"error\":\"parameters\",\"message\":\"java.security.GeneralSecurityException: lengths differ\"}", lines.get(2));
        assertEquals("{\"id\":3,\"unsupported\":\"demo does not register the suite nope\"}", lines.get(3));
        assertEquals("{\"id\":4,\"unsupported\":\"demo does not register demo.text lower\"}", lines.get(4));
        assertEquals("{\"id\":5,\"unsupported\":\"demo does not read the input field z of demo.xor\"}", lines.get(5));
        assertEquals("{\"id\":6,\"fault\":\"the input has no field b\"}", lines.get(6));
        assertEquals("{\"id\":7,\"fault\":\"a: invalid hex: 'g' at position 1 is not a hex digit\"}", lines.get(7));
        assertTrue(lines.get(8), lines.get(8).startsWith("{\"id\":null,\"fault\":\"request line is not valid JSON: "));
        assertEquals("{\"id\":8,\"fault\":\"unknown request member \\\"extra\\\"\"}", lines.get(9));
        // The last line has no line break: it is still a request.
        assertEquals("{\"id\":9,\"outputs\":{\"x\":{\"hex\":\"f0\"}}}", lines.get(10));
    }

    @Test
    public void refusesAFileThatIsNoExport() {
        try {
            Export.read(new ByteArrayInputStream("{\"format\":\"concord-outputs/1\"}".getBytes(UTF8)), "x.json");
            throw new AssertionError("read");
        } catch (IOException e) {
            assertEquals("x.json: not a concord-export/1 file (no \"format\": \"concord-export/1\")", e.getMessage());
        }
    }

    /**
     * The kit's hex decoder against the one table of spellings every runtime is held to
     * (Tests/Fixtures/encodings/hostile-spellings.json, read from the repository: no copy; the rule is
     * docs/vector-format.md's "Encodings"). The kit decodes hex only: the other encodings' cases are
     * for the runtimes that decode them.
     */
    @Test
    public void hexFollowsTheSharedTableOfSpellings() throws Exception {
        File table = new File(System.getProperty("concord.root", "."), "Tests/Fixtures/encodings/hostile-spellings.json");
        java.util.Map<?, ?> t = (java.util.Map<?, ?>) Json.parse(new String(Files.readAllBytes(table.toPath()), UTF8));
        assertEquals("concord-encoding-cases/1", t.get("format"));
        int checked = 0;
        StringBuilder failures = new StringBuilder();
        for (Object o : (List<?>) t.get("cases")) {
            java.util.Map<?, ?> c = (java.util.Map<?, ?>) o;
            if (!"hex".equals(c.get("encoding"))) {
                continue;
            }
            checked++;
            String text = (String) c.get("text");
            byte[] got = null;
            String refusal = null;
            try {
                got = Hex.decode(text);
            } catch (IllegalArgumentException e) {
                refusal = e.getMessage();
            }
            if (c.containsKey("refused")) {
                if (got != null) {
                    failures.append(Json.quote(text)).append(": accepted, expected a refusal: ").append(c.get("refused")).append('\n');
                }
                continue;
            }
            List<?> want = (List<?>) c.get("bytes");
            byte[] expected = new byte[want.size()];
            for (int i = 0; i < expected.length; i++) {
                expected[i] = (byte) ((Long) want.get(i)).intValue();
            }
            String written = c.containsKey("written") ? (String) c.get("written") : text;
            if (got == null) {
                failures.append(Json.quote(text)).append(": refused (").append(refusal).append(")\n");
            } else if (!Arrays.equals(got, expected)) {
                failures.append(Json.quote(text)).append(": decoded ").append(Hex.encode(got)).append('\n');
            } else if (!Hex.encode(expected).equals(written)) {
                failures.append(Json.quote(text)).append(": encodes as ").append(Hex.encode(expected)).append('\n');
            }
        }
        assertTrue("the table has hex cases", checked >= 20);
        assertEquals("", failures.toString());
    }

    /** An answer output: all three keys in the contract's order, null for an absent value, strings escaped. */
    @Test
    public void anAnswerOutputIsWrittenAsTheProtocolWritesOne() throws Exception {
        Outputs out = new Outputs()
                .answer("a", new Answer(null, Arrays.<String>asList(), null))
                .answer("b", Long.valueOf(-7), Arrays.asList("x\"y", "\u0000\ud83d\ude00"), "line\nbreak");
        assertEquals("{\"a\":{\"scaleValue\":null,\"selectedOptionIds\":[],\"writtenText\":null},"
                + "\"b\":{\"scaleValue\":-7,\"selectedOptionIds\":[\"x\\\"y\",\"\\u0000\ud83d\ude00\"],\"writtenText\":\"line\\nbreak\"}}",
                Json.write(out.fields));
        for (Runnable bad : Arrays.<Runnable>asList(
                () -> new Outputs().answer("a", null),
                () -> new Outputs().answer("a", 1L, null, "t"),
                () -> new Outputs().answer("a", 1L, Arrays.asList("x", null), "t"))) {
            try {
                bad.run();
                throw new AssertionError("a null answer, id list or id was written");
            } catch (IllegalArgumentException expected) {
                assertTrue(expected.getMessage(), expected.getMessage().startsWith("output a"));
            }
        }
    }

    /** parse takes integers only; parseAnyNumber every RFC 8259 number (closer.document's timestamps). */
    @Test
    public void numbersWithAFractionOnlyWhenAsked() throws Exception {
        try {
            Json.parse("{\"t\":1748764800.5}");
            throw new AssertionError("a fraction was accepted by parse");
        } catch (Json.SyntaxError expected) {
            assertTrue(expected.getMessage(), expected.getMessage().startsWith("only integers are allowed"));
        }
        java.util.Map<?, ?> m = (java.util.Map<?, ?>) Json.parseAnyNumber("{\"t\":17.8764800,\"e\":-1E+3,\"i\":7,\"big\":123456789012345678901234567890}");
        assertEquals(new java.math.BigDecimal("17.8764800"), m.get("t"));
        assertEquals(new java.math.BigDecimal("-1E+3"), m.get("e"));
        assertEquals(Long.valueOf(7), m.get("i"));
        assertEquals(new java.math.BigDecimal("123456789012345678901234567890"), m.get("big"));
        for (String bad : new String[] {"1.", "1.e5", "1e", "01.5", "-.5"}) {
            try {
                Json.parseAnyNumber(bad);
                throw new AssertionError(bad + " was accepted");
            } catch (Json.SyntaxError expected) {
                // refused, as RFC 8259 says
            }
        }
    }
}
