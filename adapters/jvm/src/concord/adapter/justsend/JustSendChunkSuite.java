package concord.adapter.justsend;

import concord.adapter.primitives.AesGcm;
import concord.adapter.wire.Op;
import concord.adapter.wire.Refusal;
import concord.adapter.wire.Suite;
import concord.adapter.wire.Values;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Suite {@code justsend.chunk} (docs/contracts/justsend.md §4): chunk i of count under the attachment key, nonce
 * {@code noncePrefix || uint64BE(i)}, AAD {@code UTF-8(assetId) || 0x00 || uint64BE(i) || uint64BE(count)}.
 */
public final class JustSendChunkSuite implements Suite {
    private final List<Op> ops = List.of(
            Op.named("seal").in("shareKey", "assetId", "noncePrefix", "index", "count", "plaintext").out("chunk")
                    .run(this::seal),
            Op.named("open").in("shareKey", "assetId", "noncePrefix", "index", "count", "chunk").out("plaintext")
                    .run(this::open));

    @Override
    public String name() {
        return "justsend.chunk";
    }

    @Override
    public List<Op> ops() {
        return ops;
    }

    private static byte[][] parameters(Map<String, Object> in) throws Refusal {
        return JustSend.chunkParameters(Values.bytes(in, "noncePrefix"), Values.integer(in, "index"),
                Values.integer(in, "count"), Values.text(in, "assetId"));
    }

    private Map<String, Object> seal(Map<String, Object> in) throws Refusal {
        byte[][] p = parameters(in);
        byte[] key = JustSend.attachmentKey(Values.bytes(in, "shareKey"), Values.text(in, "assetId"));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("chunk", Values.bytes(AesGcm.seal(key, p[0], p[1], Values.bytes(in, "plaintext"))));
        return out;
    }

    private Map<String, Object> open(Map<String, Object> in) throws Refusal {
        byte[][] p = parameters(in);
        byte[] key = JustSend.attachmentKey(Values.bytes(in, "shareKey"), Values.text(in, "assetId"));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("plaintext", Values.bytes(AesGcm.open(key, p[0], p[1], Values.bytes(in, "chunk"))));
        return out;
    }
}
