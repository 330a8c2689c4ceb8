package concord.adapter.justsend;

import concord.adapter.wire.Op;
import concord.adapter.wire.Refusal;
import concord.adapter.wire.Suite;
import concord.adapter.wire.Values;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Suite {@code justsend.device-envelope} (docs/contracts/justsend.md §3 a, b): KEK = HKDF-SHA256(X25519(ourPrivate,
 * theirPublic), salt, deviceKEKInfo, 32) on BouncyCastle, then wrap(ARK, KEK). A low-order public key is {@code key}.
 */
public final class JustSendDeviceEnvelopeSuite implements Suite {
    private final List<Op> ops = List.of(
            Op.named("wrap").in("ourPrivate", "theirPublic", "salt", "deviceKEKInfo", "ark", "nonce")
                    .out("kek", "wrappedARK").run(this::wrap),
            Op.named("unwrap").in("ourPrivate", "theirPublic", "salt", "deviceKEKInfo", "wrappedARK").out("ark")
                    .run(this::unwrap));

    @Override
    public String name() {
        return "justsend.device-envelope";
    }

    @Override
    public List<Op> ops() {
        return ops;
    }

    private static byte[] kek(Map<String, Object> in) throws Refusal {
        return JustSend.deviceKek(Values.bytes(in, "ourPrivate"), Values.bytes(in, "theirPublic"), Values.bytes(in, "salt"),
                Values.bytes(in, "deviceKEKInfo"));
    }

    private Map<String, Object> wrap(Map<String, Object> in) throws Refusal {
        byte[] kek = kek(in);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("kek", Values.bytes(kek));
        out.put("wrappedARK", JustSend.wrap(Values.bytes(in, "ark"), kek, Values.bytes(in, "nonce")));
        return out;
    }

    private Map<String, Object> unwrap(Map<String, Object> in) throws Refusal {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("ark", Values.bytes(JustSend.unwrap(Values.text(in, "wrappedARK"), kek(in), "wrappedARK")));
        return out;
    }
}
