package concord.adapter.justsend;

import concord.adapter.wire.B64;
import concord.adapter.wire.Op;
import concord.adapter.wire.Refusal;
import concord.adapter.wire.Suite;
import concord.adapter.wire.Values;
import concord.adapter.wire.Wire;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Suite {@code justsend.share-link} (docs/contracts/justsend.md §4): the fragment and the attachment key. */
public final class JustSendShareLinkSuite implements Suite {
    private final List<Op> ops = List.of(
            Op.named("encode").in("shareKey").out("fragment").run(this::encode),
            Op.named("decode").in("fragment").out("shareKey").run(this::decode),
            Op.named("attachment-key").in("shareKey", "assetId").out("attachmentKey").run(this::attachmentKey));

    @Override
    public String name() {
        return "justsend.share-link";
    }

    @Override
    public List<Op> ops() {
        return ops;
    }

    private Map<String, Object> encode(Map<String, Object> in) throws Refusal {
        byte[] key = Values.bytes(in, "shareKey");
        JustSend.checkKey(key, "the share key");
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("fragment", B64.encodeUrl(key));
        return out;
    }

    private Map<String, Object> decode(Map<String, Object> in) throws Refusal {
        String fragment = Values.text(in, "fragment");
        if (fragment.length() != 43) {
            throw new Refusal("format", "the fragment is " + fragment.length() + " characters; a share key's is 43");
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("shareKey", Values.bytes(Wire.decode("fragment", fragment, "", Wire.Encoding.B64URL)));
        return out;
    }

    private Map<String, Object> attachmentKey(Map<String, Object> in) throws Refusal {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("attachmentKey", Values.bytes(JustSend.attachmentKey(Values.bytes(in, "shareKey"), Values.text(in, "assetId"))));
        return out;
    }
}
