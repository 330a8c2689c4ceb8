package concord.adapter.justsend;

import concord.adapter.wire.Op;
import concord.adapter.wire.Refusal;
import concord.adapter.wire.Suite;
import concord.adapter.wire.Values;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Suite {@code justsend.recovery-code} (docs/contracts/justsend.md §3 c): Crockford Base32 of 16 bytes, the
 * normalization of what the user typed, KEK = HKDF-SHA256(UTF-8(code), "justsend/recovery-kek/v1", recoveryInfo),
 * wrap(ARK, KEK).
 */
public final class JustSendRecoveryCodeSuite implements Suite {
    private final List<Op> ops = List.of(
            Op.named("encode").in("entropy").out("code", "display").run(this::encode),
            Op.named("normalize").in("typed").out("code", "entropy").run(this::normalize),
            Op.named("wrap").in("typed", "recoveryInfo", "ark", "nonce").out("kek", "wrappedARK").run(this::wrap),
            Op.named("unwrap").in("typed", "recoveryInfo", "wrappedARK").out("ark").run(this::unwrap));

    @Override
    public String name() {
        return "justsend.recovery-code";
    }

    @Override
    public List<Op> ops() {
        return ops;
    }

    private Map<String, Object> encode(Map<String, Object> in) throws Refusal {
        String code = JustSend.recoveryCode(Values.bytes(in, "entropy"));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("code", code);
        out.put("display", JustSend.displayed(code));
        return out;
    }

    private Map<String, Object> normalize(Map<String, Object> in) throws Refusal {
        String code = JustSend.normalize(Values.text(in, "typed"));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("code", code);
        out.put("entropy", Values.bytes(JustSend.entropy(code)));
        return out;
    }

    private Map<String, Object> wrap(Map<String, Object> in) throws Refusal {
        byte[] kek = JustSend.recoveryKek(Values.text(in, "typed"), Values.bytes(in, "recoveryInfo"));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("kek", Values.bytes(kek));
        out.put("wrappedARK", JustSend.wrap(Values.bytes(in, "ark"), kek, Values.bytes(in, "nonce")));
        return out;
    }

    private Map<String, Object> unwrap(Map<String, Object> in) throws Refusal {
        byte[] kek = JustSend.recoveryKek(Values.text(in, "typed"), Values.bytes(in, "recoveryInfo"));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("ark", Values.bytes(JustSend.unwrap(Values.text(in, "wrappedARK"), kek, "wrappedARK")));
        return out;
    }
}
