package concord.adapter.sophaxchat;

import concord.adapter.wire.Op;
import concord.adapter.wire.Refusal;
import concord.adapter.wire.Suite;
import concord.adapter.wire.Values;
import java.util.List;
import java.util.Map;

/** Suite {@code sophaxchat.sealed-sender} (the contract §4): EK.public || nonce || ChaCha20-Poly1305 under HKDF(X25519(EK, recipient)). */
public final class SophaxChatSealedSenderSuite implements Suite {
    private final List<Op> ops = List.of(
            Op.named("seal").in("recipientIdentityKey", "ephemeralPrivateKey", "nonce", "plaintext").out("wire").run(this::seal),
            Op.named("open").in("recipientIdentityPrivateKey", "wire").out("plaintext").run(this::open),
            Op.named("roundtrip-seal").in("recipientIdentityPrivateKey", "plaintext").out("wire").run(this::roundtripSeal),
            Op.named("roundtrip").in("recipientIdentityPrivateKey", "plaintext").out("plaintext").run(this::roundtrip));

    @Override
    public String name() {
        return "sophaxchat.sealed-sender";
    }

    @Override
    public List<Op> ops() {
        return ops;
    }

    private Map<String, Object> seal(Map<String, Object> in) throws Refusal {
        return Map.of("wire", Values.bytes(SophaxChat.sealSender(Values.bytes(in, "recipientIdentityKey"),
                Values.bytes(in, "ephemeralPrivateKey"), Values.bytes(in, "nonce"), Values.bytes(in, "plaintext"))));
    }

    private static byte[] sealRandom(Map<String, Object> in) throws Refusal {
        byte[] priv = Values.bytes(in, "recipientIdentityPrivateKey");
        return SophaxChat.sealSender(SophaxChat.publicKey(priv, "recipientIdentityPrivateKey"), SophaxChat.random(32),
                SophaxChat.random(SophaxChat.NONCE), Values.bytes(in, "plaintext"));
    }

    private Map<String, Object> roundtripSeal(Map<String, Object> in) throws Refusal {
        return Map.of("wire", Values.bytes(sealRandom(in)));
    }

    private Map<String, Object> open(Map<String, Object> in) throws Refusal {
        return Map.of("plaintext", Values.bytes(SophaxChat.openSender(Values.bytes(in, "recipientIdentityPrivateKey"),
                Values.bytes(in, "wire"))));
    }

    private Map<String, Object> roundtrip(Map<String, Object> in) throws Refusal {
        byte[] wire = sealRandom(in);
        return Map.of("plaintext", Values.bytes(SophaxChat.openSender(Values.bytes(in, "recipientIdentityPrivateKey"), wire)));
    }
}
