package concord.adapter.justsend;

import concord.adapter.wire.Op;
import concord.adapter.wire.Refusal;
import concord.adapter.wire.Suite;
import concord.adapter.wire.Values;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Suite {@code justsend.chain} (docs/contracts/justsend.md §2): ARK unwraps IK, IK unwraps CK, CK opens the item. */
public final class JustSendChainSuite implements Suite {
    private final List<Op> ops = List.of(Op.single().in("ark", "wrappedIK", "wrappedCK", "ciphertext", "storedNonce")
            .out("ik", "ck", "content").run(this::open));

    @Override
    public String name() {
        return "justsend.chain";
    }

    @Override
    public List<Op> ops() {
        return ops;
    }

    private Map<String, Object> open(Map<String, Object> in) throws Refusal {
        byte[] ik = JustSend.unwrap(Values.text(in, "wrappedIK"), Values.bytes(in, "ark"), "wrappedIK");
        byte[] ck = JustSend.unwrap(Values.text(in, "wrappedCK"), ik, "wrappedCK");
        byte[] content = JustSend.open(ck, Values.text(in, "ciphertext"), Values.text(in, "storedNonce"));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("ik", Values.bytes(ik));
        out.put("ck", Values.bytes(ck));
        out.put("content", Values.bytes(content));
        return out;
    }
}
