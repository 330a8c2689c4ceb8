import ConcordImplementations

extension FuzzTarget {
    /// The captured-outputs (`concord-outputs/1`) reader: it refuses with a message naming the file
    /// (and line and column for JSON syntax) or reads.
    static let capturedOutputs = FuzzTarget(
        name: "captured-outputs",
        summary: "the concord-outputs/1 captured-outputs reader"
    ) { bytes in
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        do throws(CapturedOutputsError) {
            let captured = try CapturedOutputs.parse(text, file: "fuzz.json")
            if captured.results.contains(where: { !$0.vector.contains("/") }) { return "a captured result without suite/id" }
        } catch {
            if !error.description.hasPrefix("fuzz.json") || error.message.isEmpty { return "refusal without the file or a message: \(error)" }
            if let line = error.line, let column = error.column, line < 1 || column < 1 { return "refusal at \(line):\(column)" }
        }
        return nil
    }
}
