package concord.adapter.closer;

import concord.adapter.primitives.KdfParams;
import concord.adapter.wire.Op;
import concord.adapter.wire.Refusal;
import concord.adapter.wire.Suite;
import concord.adapter.wire.Unsupported;
import concord.adapter.wire.Values;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Suite {@code closer.kdf-params}: parses a parameter tag (CONTRACT.md §2) with {@link KdfParams}. */
public final class KdfParamsSuite implements Suite {
    private final List<Op> ops = List.of(Op.single()
            .in("tag").out("memoryKiB", "iterations", "parallelism", "version")
            .run(this::parse));

    @Override
    public String name() {
        return "closer.kdf-params";
    }

    @Override
    public List<Op> ops() {
        return ops;
    }

    private Map<String, Object> parse(Map<String, Object> input) throws Refusal, Unsupported {
        KdfParams params = KdfParams.parse(Values.text(input, "tag"));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("memoryKiB", params.memoryKiB());
        out.put("iterations", params.iterations());
        out.put("parallelism", params.parallelism());
        out.put("version", params.version());
        return out;
    }
}
