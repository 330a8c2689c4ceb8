package concord.adapter.askkey;

import concord.adapter.wire.Op;
import concord.adapter.wire.Refusal;
import concord.adapter.wire.Suite;
import concord.adapter.wire.Values;
import java.util.List;
import java.util.Map;

/** Suite {@code askkey.pairing-code}: six ASCII digits shown as {@code 123 456}; anything else is {@code format}. */
public final class AskKeyPairingCodeSuite implements Suite {
    private final List<Op> ops = List.of(Op.single().in("code").out("display").run(this::display));

    @Override
    public String name() {
        return "askkey.pairing-code";
    }

    @Override
    public List<Op> ops() {
        return ops;
    }

    private Map<String, Object> display(Map<String, Object> in) throws Refusal {
        String code = Values.text(in, "code");
        if (code.length() != 6 || !code.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new Refusal("format", "a pairing code is exactly six ASCII digits");
        }
        return Map.of("display", code.substring(0, 3) + " " + code.substring(3));
    }
}
