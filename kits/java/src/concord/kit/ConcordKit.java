package concord.kit;

import java.io.ByteArrayOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Concord's kit for an app's own Java or Kotlin code (docs/platforms.md). Register a handler per suite
 * (and op) that calls the app's real classes, then either
 * <ul>
 *   <li>{@link #run(Export)}: run an export file's vectors and write a captured-outputs file
 *       ({@code concord-outputs/1}), in a JUnit or Android instrumented test; or</li>
 *   <li>{@link #serve()}: be a live adapter of the line protocol (docs/adapters.md), named on Concord's
 *       command line with {@code --adapter NAME=COMMAND} or in the project file {@code concord.yaml}.</li>
 * </ul>
 */
public final class ConcordKit {
    private final String name;
    private String platform;
    private String version = "unversioned";
    private final Map<String, Registration> registrations = new LinkedHashMap<String, Registration>();
    private final List<Object[]> refusals = new ArrayList<Object[]>();

    /** {@code name}: the implementation's name (no whitespace, no comma), e.g. {@code android}. */
    public ConcordKit(String name) {
        if (name == null || name.isEmpty() || name.matches(".*[\\s,].*")) {
            throw new IllegalArgumentException("an implementation name must be non-empty, without spaces or commas");
        }
        this.name = name;
    }

    /** Where it runs (shown in reports), e.g. {@code "Android 15, Pixel 8"}. */
    public ConcordKit platform(String platform) {
        this.platform = platform;
        return this;
    }

    /** The versions of the app and its libraries (shown in reports). */
    public ConcordKit version(String version) {
        this.version = version;
        return this;
    }

    /** Registers the handler of a suite without ops. */
    public Registration on(String suite, Handler handler) {
        return on(suite, null, handler);
    }

    /** Registers the handler of one op of a suite ({@code op} null for a suite without ops). */
    public Registration on(String suite, String op, Handler handler) {
        String key = key(suite, op);
        if (registrations.containsKey(key)) {
            throw new IllegalStateException(label(suite, op) + " is registered twice");
        }
        Registration r = new Registration(suite, op, handler);
        registrations.put(key, r);
        return r;
    }

    /** An exception of the app's (or a subclass) that means a refusal of this class. */
    public ConcordKit refuse(Class<? extends Throwable> type, String errorClass) {
        if (!Refusal.isClass(errorClass)) {
            throw new IllegalArgumentException("not a refusal class: " + errorClass);
        }
        refusals.add(new Object[] {type, errorClass});
        return this;
    }

    /**
     * For every registration that did not declare its fields: takes its input and output field names
     * from the export's vectors of that suite and op (the union over them). The adapter handshake
     * announces them; Concord checks them against its suite definitions.
     */
    public ConcordKit fieldsFrom(Export export) {
        for (Registration r : registrations.values()) {
            for (Vector v : export.vectors()) {
                if (v.suite().equals(r.suite) && eq(v.op(), r.op)) {
                    if (!r.declaredInputs) {
                        r.inputs.addAll(v.fields());
                    }
                    if (!r.declaredOutputs) {
                        r.outputs.addAll(v.expectedFields());
                    }
                }
            }
        }
        return this;
    }

    /** One registered suite and op; {@link #inputs} and {@link #outputs} declare its fields. */
    public static final class Registration {
        final String suite;
        final String op;
        final Handler handler;
        final Set<String> inputs = new LinkedHashSet<String>();
        final Set<String> outputs = new LinkedHashSet<String>();
        boolean declaredInputs;
        boolean declaredOutputs;

        Registration(String suite, String op, Handler handler) {
            this.suite = suite;
            this.op = op;
            this.handler = handler;
        }

        /** Every input field the handler reads, optional ones included. */
        public Registration inputs(String... names) {
            inputs.clear();
            inputs.addAll(Arrays.asList(names));
            declaredInputs = true;
            return this;
        }

        /** Every output field the handler may write. */
        public Registration outputs(String... names) {
            outputs.clear();
            outputs.addAll(Arrays.asList(names));
            declaredOutputs = true;
            return this;
        }
    }

    // ------------------------------------------------------------ one vector

    /** What running one vector gave: outputs, a refusal, unsupported, or a failure of the handler. */
    static final class Outcome {
        Map<String, Object> outputs;
        String errorClass;
        String message;
        String unsupported;
        String failure;
    }

    Outcome compute(Registration r, Vector v) {
        Outcome o = new Outcome();
        Outputs out = new Outputs();
        try {
            r.handler.run(v, out);
        } catch (Refusal e) {
            o.errorClass = e.errorClass();
            o.message = e.getMessage();
            return o;
        } catch (Unsupported e) {
            o.unsupported = e.getMessage();
            return o;
        } catch (Vector.WrongInput e) {
            o.failure = e.getMessage();
            return o;
        } catch (Exception e) {
            return mapped(e, o);
        } catch (Error e) {
            return mapped(e, o);
        }
        if (out.fields.isEmpty()) {
            o.failure = "the handler of " + label(r.suite, r.op) + " wrote no output";
            return o;
        }
        if (r.declaredOutputs || !r.outputs.isEmpty()) {
            for (String f : out.fields.keySet()) {
                if (!r.outputs.contains(f)) {
                    o.failure = "the handler of " + label(r.suite, r.op) + " wrote " + f + ", which it does not declare (it declares "
                            + r.outputs + ")";
                    return o;
                }
            }
        }
        o.outputs = out.fields;
        return o;
    }

    private Outcome mapped(Throwable e, Outcome o) {
        for (Object[] m : refusals) {
            if (((Class<?>) m[0]).isInstance(e)) {
                o.errorClass = (String) m[1];
                o.message = e.toString();
                return o;
            }
        }
        o.failure = e.toString();
        return o;
    }

    // ------------------------------------------------------------ captured mode

    /**
     * Runs every vector of the export whose suite and op are registered; the others are left out.
     * Inspect {@link Run#failures()} (a handler that threw something that is no refusal), then
     * {@link Run#write(java.io.File)} the captured-outputs file.
     */
    public Run run(Export export) {
        Run run = new Run(name, platform, version);
        for (Vector v : export.vectors()) {
            Registration r = registrations.get(key(v.suite(), v.op()));
            if (r == null) {
                continue;
            }
            Outcome o = compute(r, v);
            if (o.failure != null) {
                run.failures.add(v.name() + ": " + o.failure);
            } else if (o.unsupported != null) {
                run.unsupported.add(v.name());
            } else {
                Map<String, Object> answer = new LinkedHashMap<String, Object>();
                answer.put("vector", v.name());
                if (o.outputs != null) {
                    answer.put("outputs", o.outputs);
                } else {
                    answer.put("error", o.errorClass);
                    if (o.message != null) {
                        answer.put("message", o.message);
                    }
                }
                run.results.add(answer);
            }
        }
        return run;
    }

    // ------------------------------------------------------------ live adapter

    /**
     * Speaks the adapter protocol on standard input and output until end of input, then returns. Standard
     * output is reserved for the protocol: {@code System.out} is pointed at standard error meanwhile.
     * Returns 0, or 2 when a registration's fields are unknown (nothing declared them: call
     * {@link Registration#inputs}/{@link Registration#outputs} or {@link #fieldsFrom}).
     */
    public int serve() throws IOException {
        PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), false, "UTF-8");
        PrintStream previous = System.out;
        System.setOut(System.err);
        try {
            return serve(System.in, protocol);
        } finally {
            System.setOut(previous);
        }
    }

    /** The protocol over the given streams (tests use this). */
    public int serve(InputStream in, OutputStream out) throws IOException {
        for (Registration r : registrations.values()) {
            if (r.inputs.isEmpty() || r.outputs.isEmpty()) {
                System.err.println(name + ": the fields of " + label(r.suite, r.op)
                        + " are unknown: declare them (.inputs(…).outputs(…)) or read them from an export file (fieldsFrom)");
                return 2;
            }
        }
        write(out, handshake(System.getenv("CONCORD_ADAPTER_NAME")));
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        boolean tooLong = false;
        for (int c; ; ) {
            c = in.read();
            if (c == '\n' || (c < 0 && (line.size() > 0 || tooLong))) {
                write(out, tooLong ? fault(null, "request line is longer than 16 MiB") : answer(line.toByteArray()));
                line.reset();
                tooLong = false;
            } else if (c >= 0 && !tooLong) {
                line.write(c);
                if (line.size() > (16 << 20)) {
                    tooLong = true;
                    line.reset();
                }
            }
            if (c < 0) {
                return 0;
            }
        }
    }

    /** {@code announced}: the name Concord gave the adapter (CONCORD_ADAPTER_NAME), else null: the kit's name. */
    String handshake(String announced) {
        Map<String, List<Object>> suites = new LinkedHashMap<String, List<Object>>();
        for (Registration r : registrations.values()) {
            Map<String, Object> op = new LinkedHashMap<String, Object>();
            op.put("op", r.op);
            op.put("inputs", new ArrayList<Object>(r.inputs));
            op.put("outputs", new ArrayList<Object>(r.outputs));
            if (!suites.containsKey(r.suite)) {
                suites.put(r.suite, new ArrayList<Object>());
            }
            suites.get(r.suite).add(op);
        }
        List<Object> list = new ArrayList<Object>();
        for (Map.Entry<String, List<Object>> e : suites.entrySet()) {
            Map<String, Object> s = new LinkedHashMap<String, Object>();
            s.put("suite", e.getKey());
            s.put("ops", e.getValue());
            list.add(s);
        }
        Map<String, Object> h = new LinkedHashMap<String, Object>();
        h.put("concord-adapter", 1L);
        h.put("name", announced == null || announced.isEmpty() ? name : announced);
        h.put("version", platform == null ? version : version + " (" + platform + ")");
        h.put("suites", list);
        return Json.write(h);
    }

    @SuppressWarnings("unchecked")
    String answer(byte[] bytes) {
        Object parsed;
        try {
            parsed = Json.parse(Export.utf8(bytes, "the request line"));
        } catch (IOException e) {
            return fault(null, "request line is not valid UTF-8");
        } catch (Json.SyntaxError e) {
            return fault(null, "request line is not valid JSON: " + e.getMessage());
        }
        if (!(parsed instanceof Map) || !(((Map<?, ?>) parsed).get("id") instanceof Long)) {
            return fault(null, "request line is not an object with an integer id");
        }
        Map<String, Object> req = (Map<String, Object>) parsed;
        Long id = (Long) req.get("id");
        for (String k : req.keySet()) {
            if (!Arrays.asList("id", "suite", "op", "input").contains(k)) {
                return fault(id, "unknown request member " + Json.quote(k));
            }
        }
        Object suite = req.get("suite"), op = req.get("op"), input = req.get("input");
        if (!(suite instanceof String) || !(op == null || op instanceof String) || !(input instanceof Map)) {
            return fault(id, "a request needs suite (text), op (text or null) and input (an object)");
        }
        boolean suiteKnown = false;
        for (Registration r : registrations.values()) {
            suiteKnown |= r.suite.equals(suite);
        }
        if (!suiteKnown) {
            return unsupported(id, name + " does not register the suite " + suite);
        }
        Registration r = registrations.get(key((String) suite, (String) op));
        if (r == null) {
            return unsupported(id, name + " does not register " + label((String) suite, (String) op));
        }
        for (String f : ((Map<String, Object>) input).keySet()) {
            if (!r.inputs.contains(f)) {
                return unsupported(id, name + " does not read the input field " + f + " of " + label(r.suite, r.op));
            }
        }
        Outcome o = compute(r, new Vector(null, r.suite, r.op, null, (Map<String, Object>) input, null));
        Map<String, Object> a = new LinkedHashMap<String, Object>();
        a.put("id", id);
        if (o.outputs != null) {
            a.put("outputs", o.outputs);
        } else if (o.errorClass != null) {
            a.put("error", o.errorClass);
            a.put("message", o.message == null ? "" : o.message);
        } else if (o.unsupported != null) {
            a.put("unsupported", o.unsupported);
        } else {
            a.put("fault", o.failure);
        }
        return Json.write(a);
    }

    private static String fault(Long id, String why) {
        Map<String, Object> a = new LinkedHashMap<String, Object>();
        a.put("id", id);
        a.put("fault", why);
        return Json.write(a);
    }

    private static String unsupported(Long id, String why) {
        Map<String, Object> a = new LinkedHashMap<String, Object>();
        a.put("id", id);
        a.put("unsupported", why);
        return Json.write(a);
    }

    private static void write(OutputStream out, String line) throws IOException {
        out.write((line + "\n").getBytes(Charset.forName("UTF-8")));
        out.flush();
    }

    private static String key(String suite, String op) {
        return suite + "\u0000" + (op == null ? "" : op);
    }

    static String label(String suite, String op) {
        return op == null ? suite : suite + " " + op;
    }

    private static boolean eq(String a, String b) {
        return a == null ? b == null : a.equals(b);
    }
}
