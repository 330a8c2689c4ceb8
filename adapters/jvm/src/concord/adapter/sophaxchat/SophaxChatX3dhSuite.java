package concord.adapter.sophaxchat;

import concord.adapter.wire.Op;
import concord.adapter.wire.Refusal;
import concord.adapter.wire.Suite;
import concord.adapter.wire.Values;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Suite {@code sophaxchat.x3dh} (the contract §1): Alice's {@code initiate} and Bob's {@code respond}, on BouncyCastle. */
public final class SophaxChatX3dhSuite implements Suite {
    private final List<Op> ops = List.of(
            Op.named("initiate").in("identityPrivateKey", "ephemeralPrivateKey", "theirIdentityKey", "theirSignedPrekey")
                    .optional("theirOneTimePrekey").out("rootKey", "chainKey").run(this::initiate),
            Op.named("respond").in("identityPrivateKey", "signedPrekeyPrivateKey", "theirIdentityKey", "theirEphemeralKey")
                    .optional("oneTimePrekeyPrivateKey").out("rootKey", "chainKey").run(this::respond));

    @Override
    public String name() {
        return "sophaxchat.x3dh";
    }

    @Override
    public List<Op> ops() {
        return ops;
    }

    private Map<String, Object> initiate(Map<String, Object> in) throws Refusal {
        byte[] ik = Values.bytes(in, "identityPrivateKey");
        byte[] ek = Values.bytes(in, "ephemeralPrivateKey");
        byte[] ikB = Values.bytes(in, "theirIdentityKey");
        byte[] spkB = Values.bytes(in, "theirSignedPrekey");
        byte[] opkB = Values.optionalBytes(in, "theirOneTimePrekey");
        byte[] dh1 = SophaxChat.dh(ik, spkB, "DH1 (identityPrivateKey, theirSignedPrekey)");
        byte[] dh2 = SophaxChat.dh(ek, ikB, "DH2 (ephemeralPrivateKey, theirIdentityKey)");
        byte[] dh3 = SophaxChat.dh(ek, spkB, "DH3 (ephemeralPrivateKey, theirSignedPrekey)");
        byte[][] k = opkB == null ? SophaxChat.x3dh(dh1, dh2, dh3)
                : SophaxChat.x3dh(dh1, dh2, dh3, SophaxChat.dh(ek, opkB, "DH4 (ephemeralPrivateKey, theirOneTimePrekey)"));
        return keys(k);
    }

    private Map<String, Object> respond(Map<String, Object> in) throws Refusal {
        byte[] ik = Values.bytes(in, "identityPrivateKey");
        byte[] spk = Values.bytes(in, "signedPrekeyPrivateKey");
        byte[] opk = Values.optionalBytes(in, "oneTimePrekeyPrivateKey");
        byte[] ikA = Values.bytes(in, "theirIdentityKey");
        byte[] ekA = Values.bytes(in, "theirEphemeralKey");
        byte[] dh1 = SophaxChat.dh(spk, ikA, "DH1 (signedPrekeyPrivateKey, theirIdentityKey)");
        byte[] dh2 = SophaxChat.dh(ik, ekA, "DH2 (identityPrivateKey, theirEphemeralKey)");
        byte[] dh3 = SophaxChat.dh(spk, ekA, "DH3 (signedPrekeyPrivateKey, theirEphemeralKey)");
        byte[][] k = opk == null ? SophaxChat.x3dh(dh1, dh2, dh3)
                : SophaxChat.x3dh(dh1, dh2, dh3, SophaxChat.dh(opk, ekA, "DH4 (oneTimePrekeyPrivateKey, theirEphemeralKey)"));
        return keys(k);
    }

    static Map<String, Object> keys(byte[][] k) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("rootKey", Values.bytes(k[0]));
        out.put("chainKey", Values.bytes(k[1]));
        return out;
    }
}
