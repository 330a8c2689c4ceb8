import ConcordSuites
import ConcordImplementations
import ConcordPacks

/// The suite definitions as rules for a captured-outputs file (`run --captured`): a result's name
/// must be `suite/id` with a known suite and a valid id, and its outputs may hold only the fields
/// the suite defines — those of the vector's op when the vector is in the run, else those of any
/// of the suite's ops (the file may cover vectors this run does not load). A Wycheproof vector of
/// the run may be named with more or fewer of its file's folders (`VectorNames`): the result then
/// answers for it under its name in the run, and a spelling that names several is refused.
public enum CapturedRules {
    public static func make(_ vectors: [Vector]) -> CapturedOutputs.Rules {
        var byName: [String: Set<String>] = [:]
        for v in vectors {
            guard let suite = Suites.all[v.suite], let op = suite.op(v.op) else { continue }
            byName[v.name] = outputs([op], suite)
        }
        let names = VectorNames(vectors)
        return { [byName] name in
            if let known = byName[Suites.canonicalVectorName(name)] { return .outputs(known) }
            switch names.resolve(name) {
            case .one(let vector): if let known = byName[vector] { return .renamed(vector, known) }
            case .several(let all):
                return .badName("names \(all.count) vectors of this run: \(all.joined(separator: " and ")); write the one it answers for")
            case .none: break
            }
            let parts = name.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2 else { return .badName("is not a vector name suite/id") }
            guard let suite = Suites.resolve(parts[0]) else {
                return .badName("names the unknown suite \"\(parts[0])\" (known: \(Suites.names.joined(separator: ", ")))")
            }
            guard VectorNames.isValidID(parts[1], suite: suite.name) else {
                return .badName("has the invalid id \"\(parts[1])\": use letters, digits, '.', '_' and '-', starting with a letter or digit")
            }
            return .outputs(outputs(suite.ops, suite))
        }
    }

    /// The output fields of these ops (and the field a round trip carries).
    static func outputs(_ ops: [OpSpec], _ suite: Suite) -> Set<String> {
        var s = Set(ops.flatMap(\.expects).map(\.name))
        if let carried = suite.roundtrip?.carried { s.insert(carried) }
        return s
    }
}
