import ConcordLoading
import ConcordYAML

extension FuzzTarget {
    /// The vector-file loader on arbitrary bytes, read both as YAML (libyaml) and as JSON (the
    /// strict JSON reader): it must refuse with a located message (line and column ≥ 1) or load.
    static let vectorFile = FuzzTarget(
        name: "vector-file",
        summary: "the vector-file loader (YAML via libyaml, and the strict JSON reader) and every suite's field checks"
    ) { bytes in
        // Small limits keep each input cheap; the limits themselves are exercised by the hostile corpus.
        let loader = VectorLoader(yamlLimits: .init(maxDepth: 64, maxBytes: 1 << 20))
        for file in ["fuzz.yaml", "fuzz.json"] {
            do throws(LoadError) {
                let vectors = try loader.load(.bytes(bytes, file: file)).vectorsOrFirstError()
                for v in vectors where v.id.isEmpty || v.line < 1 {
                    return "\(file): a loaded vector has an empty id or no line: \(v.name)"
                }
            } catch {
                if error.line < 1 || error.column < 1 { return "\(file): unlocated refusal \(error.line):\(error.column): \(error.message)" }
                if error.message.isEmpty { return "\(file): refusal without a message at \(error.line):\(error.column)" }
            }
        }
        return nil
    }
}
