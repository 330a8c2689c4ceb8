package concord.adapter.closer;

import concord.adapter.wire.Op;
import concord.adapter.wire.Refusal;
import concord.adapter.wire.Suite;
import concord.adapter.wire.Utf8;
import concord.adapter.wire.Values;
import concord.kit.Json;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Suite {@code closer.document} (CONTRACT.md §11): a Firestore document as created, checked against its kind's
 * exact field set and the patterns of the app's rules ({@code ^sealed:v1:[A-Za-z0-9_-]{80,}$},
 * {@code ^sha256:[A-Za-z0-9_-]{43}$}). Op {@code validate}: kind, document (JSON) → fields (sorted, joined with
 * ","), or a {@code format} refusal naming the field.
 */
public final class DocumentSuite implements Suite {
    private static final Pattern SEALED = Pattern.compile("sealed:v1:[A-Za-z0-9_-]{80,}");
    private static final Pattern COMMITMENT = Pattern.compile("sha256:[A-Za-z0-9_-]{43}");
    private static final Pattern FIELD = Pattern.compile("enc:v1:(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})");
    private static final Pattern KEYBOX = Pattern.compile("keybox:v1:[A-Za-z0-9_-]+");
    private static final Pattern DATE = Pattern.compile("[0-9]{4}-[0-9]{2}-[0-9]{2}");

    private static final Map<String, String[]> KINDS = new LinkedHashMap<>();

    static {
        // field:rule
        KINDS.put("answer-v2", new String[] {"userId:text", "questionId:text", "answerType:type", "schemaVersion:2",
            "answerDate:date", "createdAt:time", "updatedAt:time", "isRevealed:false"});
        KINDS.put("answer-v2-payload", new String[] {"encryptedPayload:enc"});
        KINDS.put("answer-v3", new String[] {"userId:text", "questionId:text", "answerType:type", "encryptedPayload:sealed",
            "commitmentHash:sha256", "schemaVersion:3", "answerKeyReleased:false", "answerDate:date", "createdAt:time",
            "updatedAt:time", "isRevealed:false"});
        KINDS.put("thread-answer-v3", new String[] {"userId:text", "questionId:text", "answerType:type",
            "encryptedPayload:sealed", "commitmentHash:sha256", "schemaVersion:3", "answerKeyReleased:false",
            "createdAt:time", "updatedAt:time"});
        KINDS.put("release-key", new String[] {"recipientUserId:text", "encryptedAnswerKey:keybox", "releasedAt:time"});
    }

    private final List<Op> ops = List.of(Op.named("validate").in("kind", "document").out("fields").run(this::validate));

    @Override
    public String name() {
        return "closer.document";
    }

    @Override
    public List<Op> ops() {
        return ops;
    }

    private Map<String, Object> validate(Map<String, Object> input) throws Refusal {
        String kind = Values.text(input, "kind");
        String[] rules = KINDS.get(kind);
        if (rules == null) {
            throw Refusal.parameters("kind is not one of " + String.join(", ", KINDS.keySet()));
        }
        Object parsed;
        try {
            parsed = Json.parseAnyNumber(Values.text(input, "document"));
        } catch (Json.SyntaxError e) {
            throw new Refusal("format", "document is not JSON: " + e.getMessage());
        }
        if (!(parsed instanceof Map)) {
            throw new Refusal("format", "document is not a JSON object");
        }
        Map<?, ?> doc = (Map<?, ?>) parsed;
        List<String> names = new ArrayList<>();
        for (String r : rules) {
            names.add(r.substring(0, r.indexOf(':')));
        }
        for (Object k : doc.keySet()) {
            if (!names.contains(String.valueOf(k))) {
                throw new Refusal("format", kind + " has no field " + k + " (its fields: " + String.join(", ", names) + ")");
            }
        }
        for (String r : rules) {
            String name = r.substring(0, r.indexOf(':'));
            String rule = r.substring(r.indexOf(':') + 1);
            if (!doc.containsKey(name)) {
                throw new Refusal("format", kind + " lacks the field " + name);
            }
            check(name, doc.get(name), rule);
        }
        List<String> sorted = new ArrayList<>();
        for (Object k : doc.keySet()) {
            sorted.add(String.valueOf(k));
        }
        sorted.sort((a, b) -> java.util.Arrays.compareUnsigned(Utf8.encode(a), Utf8.encode(b)));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("fields", String.join(",", sorted));
        return out;
    }

    private static void check(String name, Object v, String rule) throws Refusal {
        String s = v instanceof String ? (String) v : null;
        switch (rule) {
            case "text":
                if (s == null || s.isEmpty()) {
                    throw new Refusal("format", name + " must be a non-empty string");
                }
                return;
            case "false":
                if (!(v instanceof Boolean)) {
                    throw new Refusal("format", name + " must be a boolean");
                }
                if ((Boolean) v) {
                    throw new Refusal("format", name + " must be false when the document is created");
                }
                return;
            case "time":
                if (v == null) {
                    throw new Refusal("format", name + " must be a timestamp, not null");
                }
                return;
            case "type":
                if (s == null || !(s.equals("text") || s.equals("multiple_choice") || s.equals("scale"))) {
                    throw new Refusal("format", name + " must be text, multiple_choice or scale");
                }
                return;
            case "date":
                if (s == null || !DATE.matcher(s).matches()) {
                    throw new Refusal("format", name + " must be a YYYY-MM-DD string");
                }
                return;
            case "2":
            case "3":
                if (!(v instanceof Number) || v instanceof Double || v instanceof java.math.BigDecimal || ((Number) v).longValue() != Long.parseLong(rule)) {
                    throw new Refusal("format", name + " must be " + rule);
                }
                return;
            default:
                Pattern p = rule.equals("sealed") ? SEALED : rule.equals("sha256") ? COMMITMENT
                        : rule.equals("enc") ? FIELD : KEYBOX;
                if (s == null || !p.matcher(s).matches()) {
                    throw new Refusal("format", name + " does not match ^" + p.pattern() + "$");
                }
        }
    }
}
