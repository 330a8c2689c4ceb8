package concord.adapter.sophaxchat;

import concord.adapter.wire.Op;
import concord.adapter.wire.Refusal;
import concord.adapter.wire.Suite;
import concord.adapter.wire.Values;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Suite {@code sophaxchat.safety-number} (the contract §6): the digest as the seed writes it, and its display. */
public final class SophaxChatSafetyNumberSuite implements Suite {
    private final List<Op> ops = List.of(
            Op.single().in("mySigningKey", "theirSigningKey", "myDHKey", "theirDHKey").out("digest", "display").run(this::number));

    @Override
    public String name() {
        return "sophaxchat.safety-number";
    }

    @Override
    public List<Op> ops() {
        return ops;
    }

    private Map<String, Object> number(Map<String, Object> in) throws Refusal {
        byte[] digest = SophaxChat.safetyDigest(Values.bytes(in, "mySigningKey"), Values.bytes(in, "theirSigningKey"),
                Values.bytes(in, "myDHKey"), Values.bytes(in, "theirDHKey"));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("digest", Values.bytes(digest));
        out.put("display", SophaxChat.safetyDisplay(digest));
        return out;
    }
}
