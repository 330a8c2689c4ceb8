import ConcordFormats
import ConcordSuites

/// The registry: every suite, once, derived from the primitives and `Packs.all`.
extension Suites {
    /// Every suite, primitives first, then each pack's, in the order `concord list` shows them.
    public static let list: [Suite] = Registry.list(Packs.all)

    /// Every suite by its canonical name.
    public static let all: [String: Suite] = Dictionary(uniqueKeysWithValues: list.map { ($0.name, $0) })

    /// Canonical names, sorted.
    public static var names: [String] { all.keys.sorted() }

    /// Old name → canonical name.
    public static let aliases: [String: String] = Registry.aliases(list)

    /// The suite a name stands for, canonical or an alias.
    public static func resolve(_ name: String) -> Suite? {
        all[name] ?? aliases[name].flatMap { all[$0] }
    }

    /// A vector name (`suite/id`) with its suite part made canonical (`field/x` → `closer.field/x`).
    public static func canonicalVectorName(_ name: String) -> String {
        guard let slash = name.firstIndex(of: "/") else { return name }
        let suite = String(name[..<slash])
        guard let canonical = aliases[suite] else { return name }
        return canonical + name[slash...]
    }

    /// The suites whose definitions name this implementation (what it must implement).
    public static func expected(of implementation: String) -> Set<String> {
        Set(list.filter { $0.implementations.contains(implementation) }.map(\.name))
    }

    /// The one-line note printed when a file uses an old name.
    public static func aliasNote(_ old: String) -> String? {
        aliases[old].map { "suite \"\(old)\" is now \"\($0)\"; the old name still loads (rename it to silence this note)" }
    }
}

extension Packs {
    /// Every record type the packs define (`Pack.records`: Closer's `answer`), once each: the vector
    /// writer's key order and the schema's `$defs` come from it.
    public static let records: [RecordType] = all.records
}

extension Contracts {
    /// Every pack's contract, in the order `concord list` shows them.
    public static let all: [Contract] = Packs.all.map(\.contract)

    public static func named(_ name: String) -> Contract? { all.first { $0.name == name } }
}

extension Contract {
    /// Its suites, in the order `concord list` shows them.
    public var suites: [Suite] { Suites.list.filter { $0.contract == name } }
}

extension Packs {
    /// Every pack's wire forms, in the order of `Packs.all`: what the reports, the generic rules and
    /// the generators know of wire strings (`Wire.difference`, `ExplanationRules.wire`, `Spellings`).
    public static let wireForms: [WireForm] = Registry.wireForms(all)
}

/// How the registry is derived from a list of packs: the same functions build the real one
/// (`Packs.all`) and, in the tests, one with a toy pack added.
public enum Registry {
    /// The primitives, then each pack's suites in the packs' order.
    public static func list(_ packs: [Pack]) -> [Suite] {
        Suites.primitives + packs.flatMap(\.suites)
    }

    /// Old name → canonical name, over these suites.
    public static func aliases(_ suites: [Suite]) -> [String: String] {
        Dictionary(uniqueKeysWithValues: suites.flatMap { s in s.aliases.map { ($0, s.name) } })
    }

    /// Every pack's wire forms, in the packs' order.
    public static func wireForms(_ packs: [Pack]) -> [WireForm] {
        packs.flatMap(\.wireForms)
    }

    /// What is wrong with a list of packs, as sentences (empty when nothing): a suite whose
    /// `contract` is not its pack's, or whose name does not start with the pack's name and a dot,
    /// a name or alias given twice, a pack name given twice, a wire prefix that is empty, declared
    /// twice or the start of another (a wire string would be read as the first form it starts with),
    /// two record types of one name (or one named like a shared type, or with no member or a member
    /// twice), a fresh kind named twice.
    public static func problems(_ packs: [Pack]) -> [String] {
        var out: [String] = []
        var seenPacks = Set<String>(), seenNames = Set<String>()
        for p in packs {
            if !seenPacks.insert(p.contract.name).inserted { out.append("pack \(p.contract.name) is listed twice") }
            for s in p.suites {
                if s.contract != p.contract.name { out.append("suite \(s.name) is in pack \(p.contract.name) but says contract \(s.contract ?? "nil")") }
                if !s.name.hasPrefix(p.contract.name + ".") { out.append("suite \(s.name) does not start with \(p.contract.name).") }
            }
        }
        for s in list(packs) {
            for n in [s.name] + s.aliases where !seenNames.insert(n).inserted { out.append("suite name \(n) is given twice") }
        }
        var records: [String: RecordType] = [:]
        for p in packs {
            for r in p.records {
                if FieldType(rawValue: r.name) != nil { out.append("record type \(r.name) of pack \(p.contract.name) is named like a shared type") }
                if let other = records[r.name], other != r { out.append("record type \(r.name) is defined twice, differently (pack \(p.contract.name))") }
                records[r.name] = r
                if r.members.isEmpty { out.append("record type \(r.name) has no member") }
                if Set(r.members.map(\.name)).count != r.members.count { out.append("record type \(r.name) names a member twice") }
            }
        }
        var kinds = Set<String>()
        for k in packs.freshKinds where !kinds.insert(k.name).inserted { out.append("fresh kind \(k.name) is given twice") }
        let forms = packs.flatMap { p in p.wireForms.map { (pack: p.contract.name, prefix: $0.prefix) } }
        for (k, f) in forms.enumerated() {
            if f.prefix.isEmpty { out.append("pack \(f.pack) declares a wire form without a prefix") }
            for g in forms[..<k] where !f.prefix.isEmpty && !g.prefix.isEmpty {
                if f.prefix == g.prefix { out.append("wire prefix \"\(f.prefix)\" is declared by \(g.pack) and \(f.pack)") }
                else if f.prefix.hasPrefix(g.prefix) || g.prefix.hasPrefix(f.prefix) {
                    out.append("wire prefix \"\(f.prefix)\" (\(f.pack)) and \"\(g.prefix)\" (\(g.pack)): one starts the other")
                }
            }
        }
        return out
    }
}
