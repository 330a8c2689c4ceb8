package concord.adapter.sophaxchat;

import concord.adapter.wire.Op;
import concord.adapter.wire.Suite;
import concord.adapter.wire.Values;
import java.util.List;
import java.util.Map;

/** Suite {@code sophaxchat.onion-address} (the contract §5): Tor v3 addresses, SHA3-256 on BouncyCastle. */
public final class SophaxChatOnionAddressSuite implements Suite {
    private final List<Op> ops = List.of(
            Op.named("make").in("publicKey").out("address").run(in -> Map.of("address",
                    SophaxChat.onionAddress(Values.bytes(in, "publicKey")))),
            Op.named("parse").in("address").out("publicKey").run(in -> Map.of("publicKey",
                    Values.bytes(SophaxChat.parseOnion(Values.text(in, "address"))))));

    @Override
    public String name() {
        return "sophaxchat.onion-address";
    }

    @Override
    public List<Op> ops() {
        return ops;
    }
}
