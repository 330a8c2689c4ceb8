package concord.adapter;

import concord.adapter.primitives.BouncyCastleVersion;
import concord.adapter.primitives.PrimitiveLibrary;
import concord.adapter.wire.Dispatch;
import concord.adapter.wire.Refusal;
import concord.adapter.wire.Suite;
import concord.adapter.wire.Unsupported;
import concord.adapter.wire.Values;
import concord.kit.Json;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The Concord JVM adapter: a persistent process speaking the line protocol of docs/adapters.md on
 * stdin/stdout. Writes the handshake, then answers every request line exactly once, in any order,
 * computing on a fixed worker pool; exits 0 once stdin is at EOF and every request is answered.
 */
public final class Main {
    static final int PROTOCOL = 1;
    static final String NAME = "jvm";
    /** Longest request line accepted; a longer one is skipped and answered with a fault. */
    static final int MAX_LINE_BYTES = 16 * 1024 * 1024;
    private static final Set<String> REQUEST_MEMBERS = Set.of("id", "suite", "op", "input");

    private final OutputStream out;
    private final ExecutorService pool;

    private Main(OutputStream out, int threads) {
        this.out = out;
        this.pool = Executors.newFixedThreadPool(threads, new WorkerFactory());
    }

    public static void main(String[] args) {
        // stdout carries protocol lines only: keep the real stream and send System.out to stderr.
        OutputStream stdout = new FileOutputStream(FileDescriptor.out);
        System.setOut(new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8));
        if (args.length != 0) {
            System.err.println("concord jvm adapter: takes no arguments");
            System.exit(2);
        }
        int threads;
        try {
            threads = threadCount();
        } catch (IllegalArgumentException e) {
            System.err.println("concord jvm adapter: " + e.getMessage());
            System.exit(2);
            return;
        }
        Main main = new Main(stdout, threads);
        int status = main.serve(new BufferedInputStream(System.in, 1 << 16));
        System.exit(status);
    }

    /**
     * The processors and one more: the runner sends up to one heavy request per core and, on a lane
     * of its own, one cheap request at a time. With a thread per core only, the cheap requests waited
     * behind the heavy ones (and behind a heavy one waiting for heap), and the adapter computed on
     * one core for seconds of the default run.
     */
    static int threadCount() {
        String env = System.getenv("CONCORD_ADAPTER_THREADS");
        if (env == null || env.isEmpty()) {
            return Runtime.getRuntime().availableProcessors() + 1;
        }
        if (!env.matches("[1-9][0-9]{0,3}")) {
            throw new IllegalArgumentException("CONCORD_ADAPTER_THREADS must be an integer 1..9999, got " + Json.quote(env));
        }
        return Integer.parseInt(env);
    }

    static String version() {
        String bc = BouncyCastleVersion.get();
        return "BouncyCastle " + bc + ", Java " + System.getProperty("java.version") + "; " + PrimitiveLibrary.describe();
    }

    private int serve(InputStream in) {
        Map<String, Object> hello = new LinkedHashMap<>();
        hello.put("concord-adapter", (long) PROTOCOL);
        hello.put("name", NAME);
        hello.put("version", version());
        hello.put("suites", Suites.handshake());
        send(hello);

        try {
            ByteArrayOutputStream line = new ByteArrayOutputStream(256);
            boolean tooLong = false;
            int b;
            while ((b = in.read()) != -1) {
                if (b == '\n') {
                    if (tooLong) {
                        sendFault(null, "request line longer than " + MAX_LINE_BYTES + " bytes");
                    } else {
                        accept(line.toByteArray());
                    }
                    line.reset();
                    tooLong = false;
                } else if (!tooLong) {
                    if (line.size() >= MAX_LINE_BYTES) {
                        tooLong = true;
                        line.reset();
                    } else {
                        line.write(b);
                    }
                }
            }
            if (tooLong) {
                sendFault(null, "request line longer than " + MAX_LINE_BYTES + " bytes");
            } else if (line.size() > 0) {
                accept(line.toByteArray()); // a last line without '\n'
            }
        } catch (IOException e) {
            System.err.println("concord jvm adapter: reading stdin failed: " + e);
            finish();
            return 1;
        }
        finish();
        return 0;
    }

    private void finish() {
        pool.shutdown();
        try {
            while (!pool.awaitTermination(1, TimeUnit.DAYS)) {
                // keep waiting: every accepted request gets its answer
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            synchronized (out) {
                out.flush();
            }
        } catch (IOException e) {
            // reported by send() already, if it matters
        }
    }

    /** Decodes and checks one request line on the reader thread; computes it on the pool. */
    private void accept(byte[] bytes) {
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            sendFault(null, "request line is not valid UTF-8");
            return;
        }
        Object parsed;
        try {
            parsed = Json.parse(text);
        } catch (Json.SyntaxError e) {
            sendFault(null, "request line is not valid JSON: " + e.getMessage());
            return;
        }
        if (!(parsed instanceof Map)) {
            sendFault(null, "a request must be a JSON object, found " + Values.typeName(parsed));
            return;
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> request = (Map<String, Object>) parsed;
        Object id = request.get("id");
        if (!(id instanceof Long)) {
            sendFault(null, request.containsKey("id")
                    ? "request id must be an integer, found " + Values.typeName(id)
                    : "request has no id");
            return;
        }
        for (String member : request.keySet()) {
            if (!REQUEST_MEMBERS.contains(member)) {
                sendFault(id, "unknown request member " + Json.quote(member));
                return;
            }
        }
        Object suiteName = request.get("suite");
        if (!(suiteName instanceof String)) {
            sendFault(id, "request suite must be a string, found " + Values.typeName(suiteName));
            return;
        }
        Object op = request.get("op");
        if (op != null && !(op instanceof String)) {
            sendFault(id, "request op must be a string or null, found " + Values.typeName(op));
            return;
        }
        Object input = request.get("input");
        if (!(input instanceof Map)) {
            sendFault(id, "request input must be an object, found " + Values.typeName(input));
            return;
        }
        Suite suite = Suites.find((String) suiteName);
        if (suite == null) {
            Map<String, Object> r = response(id);
            r.put("unsupported", "unknown suite " + Json.quote((String) suiteName));
            send(r);
            return;
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> inputMap = (Map<String, Object>) input;
        pool.execute(() -> send(compute(id, suite, (String) op, inputMap)));
    }

    /** Runs one request; always yields exactly one response. */
    static Map<String, Object> compute(Object id, Suite suite, String op, Map<String, Object> input) {
        Map<String, Object> r = response(id);
        try {
            Map<String, Object> outputs = Dispatch.run(suite, op, input);
            r.put("outputs", outputs);
        } catch (Refusal e) {
            r.put("error", e.errorClass());
            r.put("message", e.getMessage());
        } catch (Unsupported e) {
            r.put("unsupported", e.getMessage());
        } catch (Values.BadRequest e) {
            r.put("fault", "bad request: " + e.getMessage());
        } catch (Throwable e) { // an exception that is not a refusal, or an Error such as OutOfMemoryError
            r.put("fault", e.getClass().getName() + (e.getMessage() == null ? "" : ": " + e.getMessage()));
            System.err.println("concord jvm adapter: request " + id + " (" + suite.name() + ") failed:");
            e.printStackTrace(System.err);
        }
        return r;
    }

    private static Map<String, Object> response(Object id) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("id", id);
        return r;
    }

    private void sendFault(Object id, String message) {
        Map<String, Object> r = response(id);
        r.put("fault", message);
        send(r);
    }

    /** Writes one protocol line and flushes it. If stdout is gone, the runner is gone: exit. */
    private void send(Map<String, Object> message) {
        byte[] bytes = (Json.write(message) + "\n").getBytes(StandardCharsets.UTF_8);
        synchronized (out) {
            try {
                out.write(bytes);
                out.flush();
            } catch (IOException e) {
                System.err.println("concord jvm adapter: writing stdout failed, exiting: " + e);
                Runtime.getRuntime().halt(1);
            }
        }
    }

    private static final class WorkerFactory implements ThreadFactory {
        private final AtomicInteger count = new AtomicInteger();

        @Override
        public Thread newThread(Runnable r) {
            Thread t = new Thread(r, "concord-worker-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        }
    }
}
