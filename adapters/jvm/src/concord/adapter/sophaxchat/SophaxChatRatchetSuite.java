package concord.adapter.sophaxchat;

import concord.adapter.wire.Op;
import concord.adapter.wire.Refusal;
import concord.adapter.wire.Suite;
import concord.adapter.wire.Values;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Suite {@code sophaxchat.ratchet} (the contract §2): the root step, the chain step to position n, the 1000 skipped-key cap. */
public final class SophaxChatRatchetSuite implements Suite {
    private final List<Op> ops = List.of(
            Op.named("root-step").in("rootKey", "myRatchetPrivateKey", "theirRatchetKey").out("rootKey", "chainKey")
                    .run(this::rootStep),
            Op.named("chain-step").in("chainKey", "position").optional("storedSkipped").out("messageKey", "nextChainKey")
                    .run(this::chainStep));

    @Override
    public String name() {
        return "sophaxchat.ratchet";
    }

    @Override
    public List<Op> ops() {
        return ops;
    }

    private Map<String, Object> rootStep(Map<String, Object> in) throws Refusal {
        byte[] root = Values.bytes(in, "rootKey");
        SophaxChat.checkKey(root, "rootKey");
        byte[] shared = SophaxChat.dh(Values.bytes(in, "myRatchetPrivateKey"), Values.bytes(in, "theirRatchetKey"), "root step DH");
        return SophaxChatX3dhSuite.keys(SophaxChat.rootStep(root, shared));
    }

    private Map<String, Object> chainStep(Map<String, Object> in) throws Refusal {
        byte[] ck = Values.bytes(in, "chainKey");
        SophaxChat.checkKey(ck, "chainKey");
        long n = Values.integer(in, "position");
        long stored = Values.optionalInteger(in, "storedSkipped", 0);
        if (n < 0 || stored < 0) {
            throw Refusal.parameters("position and storedSkipped cannot be negative");
        }
        if (n > SophaxChat.MAX_SKIPPED - stored) {
            throw Refusal.parameters("reaching position " + n + " skips " + n + " message keys; with " + stored
                    + " already kept that is above the session's cap of " + SophaxChat.MAX_SKIPPED);
        }
        byte[] mk = null;
        for (long i = 0; i <= n; i++) {
            byte[][] step = SophaxChat.chainStep(ck);
            mk = step[0];
            ck = step[1];
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("messageKey", Values.bytes(mk));
        out.put("nextChainKey", Values.bytes(ck));
        return out;
    }
}
