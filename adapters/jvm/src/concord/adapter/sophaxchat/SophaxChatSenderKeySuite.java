package concord.adapter.sophaxchat;

import concord.adapter.wire.Op;
import concord.adapter.wire.Refusal;
import concord.adapter.wire.Suite;
import concord.adapter.wire.Unsupported;
import concord.adapter.wire.Values;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Suite {@code sophaxchat.sender-key} (the contract §3): message_key(i) and chain_key(i), and the ±100 window. */
public final class SophaxChatSenderKeySuite implements Suite {
    private final List<Op> ops = List.of(
            Op.single().in("chainKey", "iteration").optional("receiverIteration").out("messageKey", "iterationChainKey")
                    .run(this::derive));

    @Override
    public String name() {
        return "sophaxchat.sender-key";
    }

    @Override
    public List<Op> ops() {
        return ops;
    }

    private Map<String, Object> derive(Map<String, Object> in) throws Refusal, Unsupported {
        long i = Values.integer(in, "iteration");
        long j = Values.optionalInteger(in, "receiverIteration", i);
        if (i < 0 || j < 0) {
            throw Refusal.parameters("iteration and receiverIteration cannot be negative");
        }
        if (Math.abs(i - j) > SophaxChat.SENDER_KEY_WINDOW) {
            throw Refusal.parameters("iteration " + i + " is more than " + SophaxChat.SENDER_KEY_WINDOW
                    + " away from the receiver's iteration " + j);
        }
        byte[] ck = SophaxChat.senderChainKey(Values.bytes(in, "chainKey"), i);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("messageKey", Values.bytes(SophaxChat.senderMessageKey(ck)));
        out.put("iterationChainKey", Values.bytes(ck));
        return out;
    }
}
