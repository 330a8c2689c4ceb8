package concord.adapter.primitives;

import concord.adapter.wire.Op;
import concord.adapter.wire.Refusal;
import concord.adapter.wire.Suite;
import concord.adapter.wire.Unsupported;
import concord.adapter.wire.Values;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Suite {@code hkdf-sha256} (the KDF of CONTRACT.md §10, and Wycheproof's {@code hkdf_sha256_test.json}):
 * ikm, salt, info (bytes), size (integer) → okm, HKDF-SHA256 through BouncyCastle's
 * {@code HKDFBytesGenerator}. A size outside 1..255·32 = 8160 is {@code parameters}.
 */
public final class HkdfSha256Suite implements Suite {
    private final List<Op> ops = List.of(Op.single().in("ikm", "salt", "info", "size").out("okm").run(this::derive));

    @Override
    public String name() {
        return "hkdf-sha256";
    }

    @Override
    public List<Op> ops() {
        return ops;
    }

    private Map<String, Object> derive(Map<String, Object> input) throws Refusal, Unsupported {
        byte[] ikm = Values.bytes(input, "ikm");
        byte[] salt = Values.bytes(input, "salt");
        byte[] info = Values.bytes(input, "info");
        long size = Values.integer(input, "size");
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("okm", Values.bytes(Hkdf.derive(Hkdf.Hash.SHA256, ikm, salt, info, size)));
        return out;
    }
}
