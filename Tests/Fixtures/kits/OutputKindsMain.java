import concord.kit.ConcordKit;
import concord.kit.Export;
import concord.kit.Handler;
import concord.kit.Outputs;
import concord.kit.Run;
import concord.kit.Unsupported;
import concord.kit.Vector;
import java.io.File;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.HashSet;
import java.util.Set;

/**
 * The Java kit's half of the round trip of every output kind (Tests/ConcordIntegrationTests,
 * JavaKitOutputKindsTests): for each vector of the export, reads {@code value} with the kit's typed
 * accessor of kind {@code kind} and writes it to the output {@code field} with the kit's output of that
 * kind, into the captured-outputs file OUTPUTS; with REQUESTS and RESPONSES, also answers the adapter-protocol
 * request lines of REQUESTS as a live adapter. Usage: java OutputKindsMain EXPORT OUTPUTS [REQUESTS RESPONSES]
 * (exit 1 when a handler failed).
 */
public final class OutputKindsMain {
    private OutputKindsMain() {}

    static void write(Vector v, Outputs out) throws Unsupported {
        String kind = v.text("kind"), field = v.text("field");
        switch (kind) {
            case "bytes": out.bytes(field, v.bytes("value")); break;
            case "text": out.text(field, v.text("value")); break;
            case "integer": out.integer(field, v.integer("value")); break;
            case "answer": out.answer(field, v.answer("value")); break;
            default: throw new Unsupported("the Java kit has no output of kind " + kind);
        }
    }

    public static void main(String[] args) throws Exception {
        Export export = Export.read(new File(args[0]));
        ConcordKit kit = new ConcordKit("java-kit").platform("JVM " + System.getProperty("java.version")).version("OutputKindsMain");
        Handler handler = OutputKindsMain::write;
        Set<String> registered = new HashSet<String>();
        for (Vector v : export.vectors()) {
            if (!registered.add(v.suite() + " " + v.op())) {
                continue;
            }
            if (v.op() == null) {
                kit.on(v.suite(), handler);
            } else {
                kit.on(v.suite(), v.op(), handler);
            }
        }
        Run run = kit.run(export);
        for (String f : run.failures()) {
            System.err.println(f);
        }
        run.write(new File(args[1]));
        int status = run.failures().isEmpty() ? 0 : 1;
        if (args.length == 4) {
            // The same handlers as a live adapter: the requests of REQUESTS answered into RESPONSES.
            kit.fieldsFrom(export);
            InputStream in = new FileInputStream(args[2]);
            OutputStream out = new FileOutputStream(args[3]);
            try {
                status = Math.max(status, kit.serve(in, out));
            } finally {
                in.close();
                out.close();
            }
        }
        System.exit(status);
    }
}
