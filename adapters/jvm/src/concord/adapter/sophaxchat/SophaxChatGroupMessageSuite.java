package concord.adapter.sophaxchat;

import concord.adapter.wire.Op;
import concord.adapter.wire.Refusal;
import concord.adapter.wire.Suite;
import concord.adapter.wire.Unsupported;
import concord.adapter.wire.Values;
import java.util.List;
import java.util.Map;

/** Suite {@code sophaxchat.group-message} (the contract §3): nonce(12) || ChaCha20-Poly1305(message_key(i), nonce, body, no AAD). */
public final class SophaxChatGroupMessageSuite implements Suite {
    private final List<Op> ops = List.of(
            Op.named("seal").in("chainKey", "iteration", "nonce", "plaintext").out("wire").run(this::seal),
            Op.named("open").in("chainKey", "iteration", "wire").out("plaintext").run(this::open),
            Op.named("roundtrip-seal").in("chainKey", "iteration", "plaintext").out("wire").run(this::roundtripSeal),
            Op.named("roundtrip").in("chainKey", "iteration", "plaintext").out("plaintext").run(this::roundtrip));

    @Override
    public String name() {
        return "sophaxchat.group-message";
    }

    @Override
    public List<Op> ops() {
        return ops;
    }

    private static byte[] key(Map<String, Object> in) throws Refusal, Unsupported {
        return SophaxChat.senderMessageKey(SophaxChat.senderChainKey(Values.bytes(in, "chainKey"), Values.integer(in, "iteration")));
    }

    private Map<String, Object> seal(Map<String, Object> in) throws Refusal, Unsupported {
        return Map.of("wire", Values.bytes(SophaxChat.seal(key(in), Values.bytes(in, "nonce"), Values.bytes(in, "plaintext"))));
    }

    private Map<String, Object> roundtripSeal(Map<String, Object> in) throws Refusal, Unsupported {
        return Map.of("wire", Values.bytes(SophaxChat.seal(key(in), SophaxChat.random(SophaxChat.NONCE), Values.bytes(in, "plaintext"))));
    }

    private Map<String, Object> open(Map<String, Object> in) throws Refusal, Unsupported {
        return Map.of("plaintext", Values.bytes(SophaxChat.open(key(in), Values.bytes(in, "wire"), "wire")));
    }

    private Map<String, Object> roundtrip(Map<String, Object> in) throws Refusal, Unsupported {
        byte[] k = key(in);
        byte[] wire = SophaxChat.seal(k, SophaxChat.random(SophaxChat.NONCE), Values.bytes(in, "plaintext"));
        return Map.of("plaintext", Values.bytes(SophaxChat.open(k, wire, "wire")));
    }
}
