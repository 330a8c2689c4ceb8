import ConcordFormats
import ConcordGeneration
import ConcordPacks
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
            var notes: [String] = []
            input = fresh(t, rng: &rng, produce: produce, notes: &notes)
            made = notes.isEmpty ? "fresh" : "fresh (" + notes.joined(separator: "; ") + ")"
        }
        let free = input.indices.filter { !linked(input[$0].0, in: input, t) }
        if !free.isEmpty && rng.chance(1, in: 2) {
            let k = free[Int(rng.below(UInt64(free.count)))]
            // A value the vector format refuses (an integer below the field's minimum) would make
            // a finding no vector file can hold: such a mutation is not taken.
            let minimum = t.op.inputs.first { $0.name == input[k].0 }?.minimum
            if let (v, name) = Mutations.mutate(input[k].1, forms: Packs.wireForms, rng: &rng), within(v, minimum) {
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
    static func fresh(_ t: Target, rng: inout SeededRandom, produce: Producer, notes: inout [String]) -> [(String, Value)] {
        let inputs = t.op.inputs
        // One field of each exactly-one group; groups may overlap (`closer.keybox`: `contextInfo`
        // or every id), so a pick rules out the other members of every group that holds it.
        var chosen = Set<String>(), ruledOut = Set<String>()
        for group in t.op.exactlyOne where !group.contains(where: chosen.contains) {
            let fields = group.filter { !ruledOut.contains($0) }.compactMap { n in inputs.first { $0.name == n } }
            guard !fields.isEmpty else { continue }
            let hinted = fields.filter { $0.hint != nil }
            let pick = !hinted.isEmpty && rng.chance(3, in: 4) ? rng.pick(hinted) : rng.pick(fields)
            chosen.insert(pick.name)
            for g in t.op.exactlyOne where g.contains(pick.name) { ruledOut.formUnion(g.filter { $0 != pick.name }) }
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
                // A field of the same name shares its value only when it has the same type
                // (`kdfSalt` is bytes to one op of a suite and text to another).
                let mine = Dictionary(inputs.map { ($0.name, $0.type) }, uniquingKeysWith: { a, _ in a })
                for g in p.inputs where g.required || values[g.name] != nil {
                    if let v = values[g.name], mine[g.name] == g.type { pin.append((g.name, v)); continue }
                    let v = draw(g, rng: &rng, pairs: &pairs)
                    if mine[g.name] == nil { values[g.name] = v }
                    pin.append((g.name, v))
                }
                if let out = produce(p.name, pin) {
                    let theirs = Dictionary(p.expects.map { ($0.name, $0.type) }, uniquingKeysWith: { a, _ in a })
                    for j in produced where values[inputs[j].name] == nil && theirs[inputs[j].name] == inputs[j].type {
                        if let v = out[inputs[j].name] { values[inputs[j].name] = v }
                    }
                }
            }
            if values[inputs[k].name] == nil { values[inputs[k].name] = draw(inputs[k], rng: &rng, pairs: &pairs) }
        }
        notes = pairs.notes
        return included.map { (inputs[$0].name, values[inputs[$0].name]!) }
    }

    /// Whether a value respects a field's minimum (only integers have one).
    static func within(_ v: Value, _ minimum: Int64?) -> Bool {
        guard let minimum, let i = v.integer else { return true }
        return i >= minimum
    }

    /// Whether a field's value is held inside another field of the case (a couple key inside the
    /// keyset that holds it: `tinkAesGcm(part: "key")` beside its `keysetJson`): changing it alone
    /// makes an input no contract allows (the two must hold one key), so it is neither mutated nor shrunk.
    public static func linked(_ name: String, in input: [(String, Value)], _ t: Target) -> Bool {
        func family(_ n: String) -> (String, String)? {
            switch t.op.inputs.first(where: { $0.name == n })?.hint {
            case .tinkAesGcm(let part)?: return ("aes-gcm", part)
            case .tinkEcies(let part)?: return ("ecies", part)
            default: return nil
            }
        }
        guard let (f, part) = family(name), ["key", "private", "public"].contains(part) else { return false }
        return input.contains { $0.0 != name && family($0.0)?.0 == f }
    }

    static func draw(_ f: FieldSpec, rng: inout SeededRandom, pairs: inout KeyPairs) -> Value {
        FieldGenerators.generate(f.kind ?? .bytes(lengths: []), bounds: f.bounds, forms: Packs.wireForms, rng: &rng, pairs: &pairs)
    }

    /// The op declared before this one whose outputs hold `field` (Target.producedBy).
    public static func producer(of field: String, in t: Target) -> OpSpec? {
        t.producedBy[field].map { t.suite.ops[$0] }
    }
}
