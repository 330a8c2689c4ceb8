package concord.adapter;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Suite {@code kdf-params}: parses a parameter tag (CONTRACT.md §2) with {@link KdfParams}. */
final class KdfParamsSuite implements Suite {
    @Override
    public String name() {
        return "kdf-params";
    }

    @Override
    public Map<String, Object> run(String op, Map<String, Object> input) throws Refusal, Unsupported {
        if (op != null) {
            throw new Unsupported("suite kdf-params has no ops, got op " + Json.quote(op));
        }
        Values.checkFields(name(), input, List.of("tag"), List.of());
        KdfParams params = KdfParams.parse(Values.text(input, "tag"));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("memoryKiB", params.memoryKiB());
        out.put("iterations", params.iterations());
        out.put("parallelism", params.parallelism());
        out.put("version", params.version());
        return out;
    }
}
