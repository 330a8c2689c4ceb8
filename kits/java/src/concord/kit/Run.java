package concord.kit;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What {@link ConcordKit#run(Export)} computed: the captured-outputs file's answers, and failures. */
public final class Run {
    private final String name;
    private final String platform;
    private final String version;
    final List<Map<String, Object>> results = new ArrayList<Map<String, Object>>();
    final List<String> failures = new ArrayList<String>();
    final List<String> unsupported = new ArrayList<String>();

    Run(String name, String platform, String version) {
        this.name = name;
        this.platform = platform;
        this.version = version;
    }

    /** How many vectors were answered (outputs or a refusal). */
    public int answered() {
        return results.size();
    }

    /** Vectors whose handler threw something that is no refusal ({@code name: exception}): a test should fail. */
    public List<String> failures() {
        return Collections.unmodifiableList(failures);
    }

    /** Vectors the handler declared {@link Unsupported} (left out of the file). */
    public List<String> unsupported() {
        return Collections.unmodifiableList(unsupported);
    }

    /** The {@code concord-outputs/1} text: one answer per line. */
    public String json() {
        Map<String, Object> impl = new LinkedHashMap<String, Object>();
        impl.put("name", name);
        if (platform != null) {
            impl.put("platform", platform);
        }
        impl.put("version", version);
        StringBuilder b = new StringBuilder();
        b.append("{\"format\":\"concord-outputs/1\",\n \"implementation\":").append(Json.write(impl)).append(",\n \"results\":[");
        for (int i = 0; i < results.size(); i++) {
            b.append(i == 0 ? "\n  " : ",\n  ").append(Json.write(results.get(i)));
        }
        return b.append("]}\n").toString();
    }

    /** Writes the captured-outputs file (a temporary file beside it, then a rename). */
    public void write(File file) throws IOException {
        File dir = file.getAbsoluteFile().getParentFile();
        if (dir != null && !dir.isDirectory() && !dir.mkdirs()) {
            throw new IOException("cannot create " + dir);
        }
        File tmp = File.createTempFile(".concord-outputs", ".tmp", dir);
        OutputStream out = new FileOutputStream(tmp);
        try {
            out.write(json().getBytes(Charset.forName("UTF-8")));
        } finally {
            out.close();
        }
        if (!tmp.renameTo(file)) {
            tmp.delete();
            throw new IOException("cannot write " + file);
        }
    }
}
