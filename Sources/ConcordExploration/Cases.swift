import ConcordFormats
import ConcordGeneration
import ConcordSuites

/// How one case's input is made (docs/exploration.md, "Cases"): from the stream of
/// `explore/SEED/SUITE/OP/K`, either a seed vector's input or fresh values of every field's kind
/// (fields another op of the suite outputs, such as a ciphertext and its tag, made by running that
/// op on fresh inputs: valid inputs first), then, half of the time, one field mutated.
public enum Cases {
    /// Runs a producing op (`op`, its input) on the first implementation that runs it.
    public typealias Producer = (_ op: String?, _ input: Fields) -> [String: Value]?

    public static func stream(seed: UInt64, target: Target, case k: Int) -> SeededRandom {
        SeededRandom(path: ["explore", String(seed), target.suite.name, target.opLabel, String(k)])
    }

    /// The case's input and a note of how it was made.
    public static func make(_ t: Target, seed: UInt64, case k: Int, produce: Producer) -> (input: [(String, Value)], made: String) {
        var rng = stream(seed: seed, target: t, case: k)
        var input: [(String, Value)]
        var made: String
        if !t.seeds.isEmpty && rng.chance(1, in: 2) {
            let s = t.seeds[Int(rng.below(UInt64(t.seeds.count)))]
            input = s.input.map { ($0.key, $0.value) }
            made = "the input of \(s.name)"
        } else {
            input = fresh(t, rng: &rng, produce: produce)
            made = "fresh"
        }
        if !input.isEmpty && rng.chance(1, in: 2) {
            let k = Int(rng.below(UInt64(input.count)))
            if let (v, name) = Mutations.mutate(input[k].1, rng: &rng) {
                input[k].1 = v
                made += ", \(input[k].0) mutated (\(name))"
            }
        }
        return (input, made)
    }

    /// Fresh values for an op's fields: required fields, one field of each exactly-one group (the
    /// one with a kind of its own three times in four), optional fields with a kind of their own
    /// one time in four (an optional field without one, a Tink keyset given as random text, would
    /// only make every case a refusal of it).
    static func fresh(_ t: Target, rng: inout SeededRandom, produce: Producer) -> [(String, Value)] {
        let op = t.op
        var chosen = Set<String>()
        for group in op.exactlyOne {
            let fields = group.compactMap { n in op.inputs.first { $0.name == n } }
            let hinted = fields.filter { $0.hint != nil }
            let pick = !hinted.isEmpty && rng.chance(3, in: 4) ? rng.pick(hinted) : rng.pick(fields)
            chosen.insert(pick.name)
        }
        let grouped = Set(op.exactlyOne.flatMap { $0 })
        let included = op.inputs.filter { f in
            if grouped.contains(f.name) { return chosen.contains(f.name) }
            if !f.required { return f.hint != nil && rng.chance(1, in: 4) }
            return true
        }
        var pairs = KeyPairs()
        var values: [String: Value] = [:]
        // Fields another op outputs: that op's input drawn (sharing the names of this one's),
        // the op run, its outputs taken, seven times in eight.
        let produced = included.filter { f in producer(of: f.name, in: t) != nil }
        for f in included where !produced.contains(where: { $0.name == f.name }) {
            values[f.name] = draw(f, rng: &rng, pairs: &pairs)
        }
        var tried = Set<String>()
        for f in produced where values[f.name] == nil {
            let p = producer(of: f.name, in: t)!
            if !tried.contains(p.name ?? "-") && rng.chance(7, in: 8) {
                tried.insert(p.name ?? "-")
                var pin: [(String, Value)] = []
                for g in p.inputs where g.required || values[g.name] != nil {
                    if values[g.name] == nil { values[g.name] = draw(g, rng: &rng, pairs: &pairs) }
                    pin.append((g.name, values[g.name]!))
                }
                if let out = produce(p.name, Fields(ordered: pin)) {
                    for g in produced where values[g.name] == nil { if let v = out[g.name] { values[g.name] = v } }
                }
            }
            if values[f.name] == nil { values[f.name] = draw(f, rng: &rng, pairs: &pairs) }
        }
        return included.map { ($0.name, values[$0.name]!) }
    }

    static func draw(_ f: FieldSpec, rng: inout SeededRandom, pairs: inout KeyPairs) -> Value {
        FieldGenerators.generate(f.kind ?? .bytes(lengths: []), rng: &rng, pairs: &pairs)
    }

    /// Another op of the suite (not a round trip) whose outputs hold `field`.
    public static func producer(of field: String, in t: Target) -> OpSpec? {
        t.suite.ops.first { p in p.name != t.op.name && p.name != t.suite.roundtrip?.op && p.expects.contains { $0.name == field } }
    }
}
