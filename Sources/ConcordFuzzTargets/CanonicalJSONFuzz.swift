import ConcordCloser
import ConcordFormats

extension FuzzTarget {
    /// The JSON parser of the adapter protocol, captured files and keysets, and the strict reader
    /// of canonical answer JSON. Whatever JSON reads must write to text that reads back and writes
    /// the same (serialization is a fixed point); whatever canonical answer reads must be exactly
    /// its canonical bytes.
    static let canonicalJSON = FuzzTarget(
        name: "canonical-json",
        summary: "the JSON parser (adapter protocol, captured files, keysets) and the canonical answer JSON reader"
    ) { bytes in
        if let answer = try? Answer.parseCanonical(bytes), answer.canonicalJSON != bytes {
            return "parseCanonical accepted non-canonical bytes: \(hexDump(bytes))"
        }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let json = try? JSON.parse(text) else { return nil }
        let once = json.serialized()
        guard let again = try? JSON.parse(once) else { return "JSON's own serialization does not parse: \(once.prefix(200))" }
        if again.serialized() != once { return "JSON serialization is not a fixed point for \(hexDump(bytes))" }
        _ = try? Value(json: json)
        return nil
    }
}
