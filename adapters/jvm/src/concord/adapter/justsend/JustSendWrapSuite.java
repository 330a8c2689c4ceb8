package concord.adapter.justsend;

import concord.adapter.wire.Op;
import concord.adapter.wire.Refusal;
import concord.adapter.wire.Suite;
import concord.adapter.wire.Values;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Suite {@code justsend.wrap} (docs/contracts/justsend.md §1): {@code b64(nonce || ct || tag)} of a 32-byte key. */
public final class JustSendWrapSuite implements Suite {
    private final List<Op> ops = List.of(
            Op.named("wrap").in("wrappingKey", "key", "nonce").out("wrapped").run(this::wrap),
            Op.named("unwrap").in("wrappingKey", "wrapped").out("key").run(this::unwrap),
            Op.named("roundtrip").in("wrappingKey", "key").out("key").run(this::roundtrip),
            Op.named("roundtrip-wrap").in("wrappingKey", "key").out("wrapped").run(this::roundtripWrap));

    @Override
    public String name() {
        return "justsend.wrap";
    }

    @Override
    public List<Op> ops() {
        return ops;
    }

    private Map<String, Object> wrap(Map<String, Object> in) throws Refusal {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("wrapped", JustSend.wrap(Values.bytes(in, "key"), Values.bytes(in, "wrappingKey"), Values.bytes(in, "nonce")));
        return out;
    }

    private Map<String, Object> roundtripWrap(Map<String, Object> in) throws Refusal {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("wrapped", JustSend.wrap(Values.bytes(in, "key"), Values.bytes(in, "wrappingKey"), JustSend.freshNonce()));
        return out;
    }

    private Map<String, Object> unwrap(Map<String, Object> in) throws Refusal {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("key", Values.bytes(JustSend.unwrap(Values.text(in, "wrapped"), Values.bytes(in, "wrappingKey"), "wrapped")));
        return out;
    }

    private Map<String, Object> roundtrip(Map<String, Object> in) throws Refusal {
        byte[] kek = Values.bytes(in, "wrappingKey");
        String wrapped = JustSend.wrap(Values.bytes(in, "key"), kek, JustSend.freshNonce());
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("key", Values.bytes(JustSend.unwrap(wrapped, kek, "wrapped")));
        return out;
    }
}
