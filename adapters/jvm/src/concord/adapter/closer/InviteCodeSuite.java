package concord.adapter.closer;

import concord.adapter.wire.Op;
import concord.adapter.wire.Refusal;
import concord.adapter.wire.Suite;
import concord.adapter.wire.Values;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Suite {@code closer.invite-code} (CONTRACT.md §4): the invite code must match the server's regex
 * {@code ^[A-HJ-NP-Z2-9]{6}$} exactly. Op {@code validate}: code → code (unchanged), or a {@code format}
 * refusal naming the first character outside the alphabet, or the length. Nothing is upper-cased and no
 * Crockford decoding (O→0, I/L→1) is applied.
 */
public final class InviteCodeSuite implements Suite {
    private static final Pattern CODE = Pattern.compile("[A-HJ-NP-Z2-9]{6}");
    private static final Pattern CHAR = Pattern.compile("[A-HJ-NP-Z2-9]");

    private final List<Op> ops = List.of(Op.named("validate").in("code").out("code").run(this::validate));

    @Override
    public String name() {
        return "closer.invite-code";
    }

    @Override
    public List<Op> ops() {
        return ops;
    }

    private Map<String, Object> validate(Map<String, Object> input) throws Refusal {
        String code = Values.text(input, "code");
        if (!CODE.matcher(code).matches()) {
            int i = 0;
            for (int offset = 0; offset < code.length(); i++) {
                int cp = code.codePointAt(offset);
                String c = new String(Character.toChars(cp));
                if (!CHAR.matcher(c).matches()) {
                    throw new Refusal("format", "inviteCode character " + (i + 1) + " is " + describe(cp) + ": " + why(cp));
                }
                offset += Character.charCount(cp);
            }
            throw new Refusal("format", "inviteCode is " + i + " characters; the contract's code is 6 of [A-HJ-NP-Z2-9]");
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("code", code);
        return out;
    }

    private static String why(int cp) {
        if (cp == 'I' || cp == 'O') {
            return "I and O are not in the alphabet (they read as 1 and 0)";
        }
        if (cp == '0' || cp == '1') {
            return "0 and 1 are not in the alphabet (a Crockford decoder would accept them; the server's regex does not)";
        }
        if (cp >= 'a' && cp <= 'z') {
            return "lower case is not in the alphabet (the code is not upper-cased for you)";
        }
        return "outside [A-HJ-NP-Z2-9]";
    }

    /** {@code U+0049 'I'}: the character itself only when it is printable ASCII. */
    static String describe(int cp) {
        String u = String.format("U+%04X", cp);
        return cp >= 0x21 && cp <= 0x7E ? u + " '" + (char) cp + "'" : u;
    }
}
