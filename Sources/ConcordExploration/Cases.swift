import ConcordFormats
import ConcordGeneration
import ConcordSuites

/// How one case's input is made (docs/exploration.md, "Cases"): from the stream of
/// `explore/SEED/SUITE/OP/K`, either a seed vector's input or fresh values of every field's kind
/// (fields another op of the suite outputs, such as a ciphertext and its tag, made by running that
/// op on fresh inputs: valid inputs first), then, half of the time, one field mutated.
public enum Cases {
    /// Runs a producing op (`op`, its input) on the first implementation that runs it.
    public typealias Producer = (_ op: String?, _ input: [(String, Value)]) -> [String: Value]?

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
        let inputs = t.op.inputs
        var chosen = Set<String>()
        for group in t.op.exactlyOne {
            let fields = group.compactMap { n in inputs.first { $0.name == n } }
            let hinted = fields.filter { $0.hint != nil }
            let pick = !hinted.isEmpty && rng.chance(3, in: 4) ? rng.pick(hinted) : rng.pick(fields)
            chosen.insert(pick.name)
        }
        var included: [Int] = []
        for (k, f) in inputs.enumerated() {
            if t.grouped.contains(f.name) { if chosen.contains(f.name) { included.append(k) }; continue }
            if !f.required { if f.hint != nil && rng.chance(1, in: 4) { included.append(k) }; continue }
            included.append(k)
        }
        var pairs = KeyPairs()
        var values: [String: Value] = [:]
        values.reserveCapacity(inputs.count + 4)
        // Fields another op outputs: that op's input drawn (sharing the names of this one's),
        // the op run, its outputs taken, seven times in eight.
        var produced: [Int] = []
        for k in included {
            if t.producedBy[inputs[k].name] != nil { produced.append(k) } else { values[inputs[k].name] = draw(inputs[k], rng: &rng, pairs: &pairs) }
        }
        var tried = Set<Int>()
        for k in produced where values[inputs[k].name] == nil {
            let pk = t.producedBy[inputs[k].name]!
            if !tried.contains(pk) && rng.chance(7, in: 8) {
                tried.insert(pk)
                let p = t.suite.ops[pk]
                var pin: [(String, Value)] = []
                for g in p.inputs where g.required || values[g.name] != nil {
                    if values[g.name] == nil { values[g.name] = draw(g, rng: &rng, pairs: &pairs) }
                    pin.append((g.name, values[g.name]!))
                }
                if let out = produce(p.name, pin) {
                    for j in produced where values[inputs[j].name] == nil { if let v = out[inputs[j].name] { values[inputs[j].name] = v } }
                }
            }
            if values[inputs[k].name] == nil { values[inputs[k].name] = draw(inputs[k], rng: &rng, pairs: &pairs) }
        }
        return included.map { (inputs[$0].name, values[inputs[$0].name]!) }
    }

    static func draw(_ f: FieldSpec, rng: inout SeededRandom, pairs: inout KeyPairs) -> Value {
        FieldGenerators.generate(f.kind ?? .bytes(lengths: []), rng: &rng, pairs: &pairs)
    }

    /// The op declared before this one whose outputs hold `field` (Target.producedBy).
    public static func producer(of field: String, in t: Target) -> OpSpec? {
        t.producedBy[field].map { t.suite.ops[$0] }
    }
}
