package concord.adapter.wire;

import java.util.List;
import java.util.Map;

/**
 * One op of a suite as this adapter runs it, declared once: its name ({@code null} for a suite with a
 * single direction), every input field it reads (the required ones, then the optional ones), every output
 * field it may write, and the code that computes it. The handshake is made from these declarations
 * ({@code concord.adapter.Suites#handshake}) and {@link Dispatch#run} checks each request and each answer
 * against them, so what the adapter announces cannot drift from what it does.
 *
 * <pre>Op.named("open").in("key", "nonce").optional("aad").out("plaintext").run(this::open)</pre>
 */
public final class Op {
    /** The computation of one op: its input, already checked against the declaration, gives its outputs. */
    public interface Body {
        /**
         * @return the outputs, in the order they should be written (use a {@code LinkedHashMap}); byte strings
         *     as {@link Values#bytes(byte[])}; only declared output names
         * @throws Refusal when the contract says the input must be refused
         * @throws Unsupported when this implementation cannot run the vector at all
         * @throws Values.BadRequest when the request itself is malformed (reported as a fault)
         */
        public Map<String, Object> run(Map<String, Object> input) throws Refusal, Unsupported;
    }

    public final String name;
    final List<String> required;
    public final List<String> optional;
    public final List<String> outputs;
    final Body body;

    private Op(String name, List<String> required, List<String> optional, List<String> outputs, Body body) {
        this.name = name;
        this.required = required;
        this.optional = optional;
        this.outputs = outputs;
        this.body = body;
    }

    /** An op with a name ({@code "seal"}, {@code "open"}, …). */
    public static Builder named(String name) {
        return new Builder(name);
    }

    /** The only op of a suite without ops (the request's {@code op} is {@code null}). */
    public static Builder single() {
        return new Builder(null);
    }

    /** Every input field name: the required ones, then the optional ones. */
    public List<String> inputs() {
        List<String> all = new java.util.ArrayList<>(required);
        all.addAll(optional);
        return all;
    }

    /** The op as the request names it: {@code seal}, or {@code (none)}. */
    String label() {
        return name == null ? "(none)" : name;
    }

    public static final class Builder {
        private final String name;
        private List<String> required = List.of();
        private List<String> optional = List.of();
        private List<String> outputs = List.of();

        private Builder(String name) {
            this.name = name;
        }

        /** The required input fields. */
        public Builder in(String... names) {
            required = List.of(names);
            return this;
        }

        /** The optional input fields. */
        public Builder optional(String... names) {
            optional = List.of(names);
            return this;
        }

        /** Every output field the op may write on success, required and optional alike. */
        public Builder out(String... names) {
            outputs = List.of(names);
            return this;
        }

        public Op run(Body body) {
            return new Op(name, required, optional, outputs, body);
        }
    }
}
