package concord.adapter.justsend;

import concord.adapter.wire.Op;
import concord.adapter.wire.Refusal;
import concord.adapter.wire.Suite;
import concord.adapter.wire.Values;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Suite {@code justsend.seal} (docs/contracts/justsend.md §1): item content, nonce stored apart. */
public final class JustSendSealSuite implements Suite {
    private final List<Op> ops = List.of(
            Op.named("seal").in("key", "nonce", "plaintext").out("ciphertext", "storedNonce").run(this::seal),
            Op.named("open").in("key", "ciphertext", "storedNonce").out("plaintext").run(this::open));

    @Override
    public String name() {
        return "justsend.seal";
    }

    @Override
    public List<Op> ops() {
        return ops;
    }

    private Map<String, Object> seal(Map<String, Object> in) throws Refusal {
        String[] s = JustSend.seal(Values.bytes(in, "key"), Values.bytes(in, "nonce"), Values.bytes(in, "plaintext"));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("ciphertext", s[0]);
        out.put("storedNonce", s[1]);
        return out;
    }

    private Map<String, Object> open(Map<String, Object> in) throws Refusal {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("plaintext", Values.bytes(JustSend.open(Values.bytes(in, "key"), Values.text(in, "ciphertext"),
                Values.text(in, "storedNonce"))));
        return out;
    }
}
