package concord.adapter;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Suite {@code canonical-json} (CONTRACT.md §7): answer → json, through {@link CanonicalAnswer}. */
final class CanonicalJsonSuite implements Suite {
    @Override
    public String name() {
        return "canonical-json";
    }

    @Override
    public Map<String, Object> run(String op, Map<String, Object> input) throws Refusal, Unsupported {
        Ops.none(name(), op);
        Values.checkFields(name(), input, List.of("answer"), List.of());
        Answer answer = Answer.read(input, "answer");
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("json", CanonicalAnswer.serialize(answer));
        return out;
    }
}
