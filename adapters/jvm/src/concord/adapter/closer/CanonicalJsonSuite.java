package concord.adapter.closer;

import concord.adapter.wire.Op;
import concord.adapter.wire.Refusal;
import concord.adapter.wire.Suite;
import concord.adapter.wire.Unsupported;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Suite {@code closer.canonical-json} (CONTRACT.md §7): answer → json, through {@link CanonicalAnswer}. */
public final class CanonicalJsonSuite implements Suite {
    private final List<Op> ops = List.of(Op.single().in("answer").out("json").run(this::serialize));

    @Override
    public String name() {
        return "closer.canonical-json";
    }

    @Override
    public List<Op> ops() {
        return ops;
    }

    private Map<String, Object> serialize(Map<String, Object> input) throws Refusal, Unsupported {
        Answer answer = Answer.read(input, "answer");
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("json", CanonicalAnswer.serialize(answer));
        return out;
    }
}
