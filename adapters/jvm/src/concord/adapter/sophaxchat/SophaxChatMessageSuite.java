package concord.adapter.sophaxchat;

import concord.adapter.wire.Op;
import concord.adapter.wire.Refusal;
import concord.adapter.wire.Suite;
import concord.adapter.wire.Values;
import java.util.List;
import java.util.Map;

/** Suite {@code sophaxchat.message} (the contract §2): nonce(12) || ChaCha20-Poly1305(messageKey, nonce, content, no AAD). */
public final class SophaxChatMessageSuite implements Suite {
    private final List<Op> ops = List.of(
            Op.named("seal").in("messageKey", "nonce", "plaintext").out("wire").run(this::seal),
            Op.named("open").in("messageKey", "wire").out("plaintext").run(this::open),
            Op.named("roundtrip-seal").in("messageKey", "plaintext").out("wire").run(this::roundtripSeal),
            Op.named("roundtrip").in("messageKey", "plaintext").out("plaintext").run(this::roundtrip));

    @Override
    public String name() {
        return "sophaxchat.message";
    }

    @Override
    public List<Op> ops() {
        return ops;
    }

    private static byte[] key(Map<String, Object> in) throws Refusal {
        byte[] k = Values.bytes(in, "messageKey");
        SophaxChat.checkKey(k, "messageKey");
        return k;
    }

    private Map<String, Object> seal(Map<String, Object> in) throws Refusal {
        return Map.of("wire", Values.bytes(SophaxChat.seal(key(in), Values.bytes(in, "nonce"), Values.bytes(in, "plaintext"))));
    }

    private Map<String, Object> roundtripSeal(Map<String, Object> in) throws Refusal {
        return Map.of("wire", Values.bytes(SophaxChat.seal(key(in), SophaxChat.random(SophaxChat.NONCE), Values.bytes(in, "plaintext"))));
    }

    private Map<String, Object> open(Map<String, Object> in) throws Refusal {
        return Map.of("plaintext", Values.bytes(SophaxChat.open(key(in), Values.bytes(in, "wire"), "wire")));
    }

    private Map<String, Object> roundtrip(Map<String, Object> in) throws Refusal {
        byte[] k = key(in);
        byte[] wire = SophaxChat.seal(k, SophaxChat.random(SophaxChat.NONCE), Values.bytes(in, "plaintext"));
        return Map.of("plaintext", Values.bytes(SophaxChat.open(k, wire, "wire")));
    }
}
