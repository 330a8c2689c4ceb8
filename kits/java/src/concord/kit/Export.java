package concord.kit;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/** A {@code concord-export/1} file (docs/export.md): its vectors, in file order. */
public final class Export {
    private final List<Vector> vectors;

    private Export(List<Vector> vectors) {
        this.vectors = Collections.unmodifiableList(vectors);
    }

    public List<Vector> vectors() {
        return vectors;
    }

    public static Export read(File file) throws IOException {
        InputStream in = new FileInputStream(file);
        try {
            return read(in, file.getPath());
        } finally {
            in.close();
        }
    }

    /** Reads the whole stream (an Android asset, a test resource); {@code source} names it in errors. */
    public static Export read(InputStream in, String source) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        byte[] chunk = new byte[65536];
        for (int n; (n = in.read(chunk)) > 0; ) {
            b.write(chunk, 0, n);
        }
        String text = utf8(b.toByteArray(), source);
        Object top;
        try {
            top = Json.parse(text);
        } catch (Json.SyntaxError e) {
            throw new IOException(source + ": invalid JSON: " + e.getMessage());
        }
        if (!(top instanceof Map) || !"concord-export/1".equals(((Map<?, ?>) top).get("format"))) {
            throw new IOException(source + ": not a concord-export/1 file (no \"format\": \"concord-export/1\")");
        }
        Object list = ((Map<?, ?>) top).get("vectors");
        if (!(list instanceof List)) {
            throw new IOException(source + ": \"vectors\" is not a list");
        }
        List<Vector> out = new ArrayList<Vector>();
        int i = 0;
        for (Object o : (List<?>) list) {
            out.add(vector(o, source + ": vectors[" + i + "]"));
            i++;
        }
        return new Export(out);
    }

    @SuppressWarnings("unchecked")
    private static Vector vector(Object o, String where) throws IOException {
        if (!(o instanceof Map)) {
            throw new IOException(where + " is not an object");
        }
        Map<String, Object> m = (Map<String, Object>) o;
        String name = string(m, "name", where), suite = string(m, "suite", where), result = string(m, "result", where);
        Object op = m.get("op");
        if (op != null && !(op instanceof String)) {
            throw new IOException(where + ".op is not text");
        }
        if (!(m.get("input") instanceof Map)) {
            throw new IOException(where + ".input is not an object");
        }
        Object expect = m.get("expect");
        if (expect != null && !(expect instanceof Map)) {
            throw new IOException(where + ".expect is not an object");
        }
        return new Vector(name, suite, (String) op, result, (Map<String, Object>) m.get("input"), (Map<String, Object>) expect);
    }

    private static String string(Map<String, Object> m, String key, String where) throws IOException {
        Object v = m.get(key);
        if (!(v instanceof String)) {
            throw new IOException(where + " has no \"" + key + "\" text");
        }
        return (String) v;
    }

    static String utf8(byte[] bytes, String source) throws IOException {
        try {
            return Charset.forName("UTF-8").newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new IOException(source + ": not valid UTF-8");
        }
    }
}
