package app.closer.crypto;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The app's canonical answer JSON (CONTRACT.md §7): {@code {"scaleValue":…,"selectedOptionIds":[…],"writtenText":…}},
 * ids sorted by UTF-16 code units (Java's {@code String.compareTo}), only {@code " \ LF CR TAB} escaped.
 *
 * <p>THE DELIBERATE DIVERGENCE of this example: like {@code org.json}, it also writes {@code /} as
 * {@code \/}. Concord's run and diff name it ("the same JSON but for escaping").
 */
public final class CanonicalAnswer {
    private CanonicalAnswer() {}

    public static String json(Long scaleValue, List<String> selectedOptionIds, String writtenText) throws CloserCryptoException {
        if (scaleValue != null && (scaleValue < Integer.MIN_VALUE || scaleValue > Integer.MAX_VALUE)) {
            throw new CloserCryptoException.Format("scaleValue " + scaleValue + " is outside the 32-bit range");
        }
        List<String> ids = new ArrayList<String>(selectedOptionIds);
        Collections.sort(ids);
        StringBuilder b = new StringBuilder("{\"scaleValue\":").append(scaleValue == null ? "null" : scaleValue.toString());
        b.append(",\"selectedOptionIds\":[");
        for (int i = 0; i < ids.size(); i++) {
            if (i > 0) {
                b.append(',');
            }
            string(b, ids.get(i));
        }
        b.append("],\"writtenText\":");
        if (writtenText == null) {
            b.append("null");
        } else {
            string(b, writtenText);
        }
        return b.append('}').toString();
    }

    private static void string(StringBuilder b, String s) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"': b.append("\\\""); break;
                case '\\': b.append("\\\\"); break;
                case '\n': b.append("\\n"); break;
                case '\r': b.append("\\r"); break;
                case '\t': b.append("\\t"); break;
                case '/': b.append("\\/"); break;   // the deliberate divergence (org.json's habit)
                default: b.append(c);
            }
        }
        b.append('"');
    }
}
