package concord.adapter.wire;

import concord.kit.Json;
import java.util.Set;

/**
 * The names of Tink's keyset enums (tink.proto: KeyStatusType, OutputPrefixType,
 * KeyData.KeyMaterialType) and the rule every keyset reader of the ports follows
 * (docs/contracts/closer.md section 9): a member that is no name of its enum is {@code format}
 * (Tink's JSON parser refuses such a text as no keyset at all); a name Tink defines that the
 * contract does not accept there (UNKNOWN_PREFIX, a status other than the one needed, a key
 * material type other than the key's) is {@code key}, which each reader checks itself.
 */
public final class TinkEnum {
    public static final Set<String> STATUSES = Set.of("UNKNOWN_STATUS", "ENABLED", "DISABLED", "DESTROYED");
    public static final Set<String> PREFIXES = Set.of("UNKNOWN_PREFIX", "TINK", "LEGACY", "RAW", "CRUNCHY");
    public static final Set<String> MATERIALS =
            Set.of("UNKNOWN_KEYMATERIAL", "SYMMETRIC", "ASYMMETRIC_PRIVATE", "ASYMMETRIC_PUBLIC", "REMOTE");

    private TinkEnum() {}

    /** {@code name} itself, or a {@code format} refusal naming {@code where} when it is not in {@code names}. */
    public static String name(String name, Set<String> names, String where) throws Refusal {
        if (!names.contains(name)) {
            throw new Refusal("format", where + " " + Json.quote(name) + " is no name of Tink's enum");
        }
        return name;
    }
}
