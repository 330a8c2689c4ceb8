import ConcordFiles
import ConcordFormats
import ConcordGeneration
import ConcordLoading
import ConcordSuites
import ConcordYAML
import ConcordPacks

/// Reads a `concord-scenario/1` file into a checked `Scenario` (docs/scenarios.md): every error is
/// located by file, line and column, and nothing that would fail only once a trial runs (an
/// unknown role, field, step or fresh value, a reference of the wrong type, a cycle) gets past it.
public struct ScenarioReader: Sendable {
    public var limits: YAMLParser.Limits
    /// The kinds a fresh value may take: the generic ones and the packs' own (`Pack.freshKinds`).
    public var freshKinds: [FreshKind]
    public init(limits: YAMLParser.Limits = .init(), freshKinds: [FreshKind] = Packs.all.freshKinds) {
        self.limits = limits
        self.freshKinds = freshKinds
    }

    public func read(file: String) throws(LoadError) -> Scenario {
        let bytes: [UInt8]
        do { bytes = try InputFile.read(file, maxBytes: limits.maxBytes, regularFileOnly: true) } catch {
            throw LoadError(file: file, line: error.overLimit ? 1 : 0, column: error.overLimit ? 1 : 0, message: error.message)
        }
        return try read(bytes: bytes, file: file)
    }

    public func read(bytes: [UInt8], file: String) throws(LoadError) -> Scenario {
        if let bad = InputFile.utf8Problem(bytes) { throw LoadError(file: file, line: bad.line, column: bad.column, message: bad.message) }
        let root: Node
        do {
            root = try YAMLParser(limits: limits, expected: "a mapping with format, name, title, source, roles and steps").parse(bytes)
        } catch {
            throw LoadError(file: file, line: error.mark.line, column: error.mark.column, message: error.message)
        }
        var r = Reading(file: file, freshKinds: freshKinds)
        return try r.scenario(root)
    }
}

/// One file's reading: the located checks.
struct Reading {
    let file: String
    let freshKinds: [FreshKind]
    var fresh: [String: FreshDeclaration] = [:]
    var steps: [String: (step: Step, node: Node)] = [:]
    var stepFields: [String: [String: (key: Node, value: Node)]] = [:]
    /// The blocks, per-iteration values and carried values read so far.
    var flow = FlowStructure()
    var blockFresh: [FreshDeclaration] = []
    var carries: [String: (block: String, key: Node, first: Node, next: Node)] = [:]
    var carryTypes: [String: FieldType] = [:]
    var typing: Set<String> = []
    /// The case of each step of a deliver block's case (its place in `cases`).
    var stepCase: [String: Int] = [:]
    /// What each step's expect entries read (a block comes after what they read).
    var expectReads: [String: [Source]] = [:]
    var blockNodes: [String: Node] = [:]
    /// Where the values being read are used.
    var here: Scope = .top
    var roles: [Role] = []

    init(file: String, freshKinds: [FreshKind]) {
        self.file = file
        self.freshKinds = freshKinds
    }

    func fail(_ node: Node, _ message: String) -> LoadError {
        LoadError(file: file, line: node.mark.line, column: node.mark.column, message: message)
    }

    func mapping(_ node: Node, _ what: String) throws(LoadError) -> [(key: Node, value: Node)] {
        guard let m = node.mapping else { throw fail(node, "expected a mapping for \(what), found \(node.typeDescription)") }
        return m
    }

    func sequence(_ node: Node, _ what: String) throws(LoadError) -> [Node] {
        guard let s = node.sequence else { throw fail(node, "expected a sequence for \(what), found \(node.typeDescription)") }
        return s
    }

    func string(_ node: Node, _ what: String) throws(LoadError) -> String {
        guard let s = node.string else {
            var hint = ""
            if case .scalar(let text, let t) = node.kind, t != .string { hint = " (YAML reads \(Printable.escape(text)) as \(t.description): quote it)" }
            throw fail(node, "expected a string for \(what), found \(node.typeDescription)\(hint)")
        }
        return s
    }

    func integer(_ node: Node, _ what: String) throws(LoadError) -> Int64 {
        guard case .scalar(let text, .integer) = node.kind, let i = Int64(text) else {
            throw fail(node, "expected an integer for \(what), found \(node.typeDescription)")
        }
        return i
    }

    func fields(_ node: Node, _ what: String, allowed: [String], required: [String] = []) throws(LoadError) -> [String: (key: Node, value: Node)] {
        var out: [String: (key: Node, value: Node)] = [:]
        for pair in try mapping(node, what) {
            let k = pair.key.scalarText ?? ""
            guard allowed.contains(k) else {
                throw fail(pair.key, "unknown field \"\(Printable.escape(k))\" in \(what) (expected one of: \(allowed.joined(separator: ", ")))")
            }
            if out[k] != nil { throw fail(pair.key, "\"\(k)\" is given twice in \(what)") }
            out[k] = pair
        }
        for k in required where out[k] == nil { throw fail(node, "missing required field \"\(k)\" in \(what)") }
        return out
    }

    /// Names of roles, fresh values and steps: the vector id's characters, so a name is safe in a
    /// vector id, a file name and a command line.
    func name(_ node: Node, _ what: String) throws(LoadError) -> String {
        let s = try string(node, what)
        let u = Array(s.utf8)
        let ok = !u.isEmpty && u.count <= 64 && u.allSatisfy { c in
            (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == UInt8(ascii: "-") || c == UInt8(ascii: "_")
        }
        guard ok else { throw fail(node, "\(what) \"\(Printable.escape(s))\" must be 1 to 64 of A-Z a-z 0-9 - _") }
        return s
    }

    mutating func scenario(_ root: Node) throws(LoadError) -> Scenario {
        // The format first: another kind of file (a vector file, a report) is named as what it is,
        // not refused for its first field a scenario does not have.
        let pairs = try mapping(root, "the file")
        if let f = pairs.first(where: { $0.key.scalarText == "format" }) {
            let format = try string(f.value, "format")
            guard format == VectorLoader.scenarioFormat else {
                let what = VectorLoader.ownFormats[format].map { " (\($0))" } ?? (format == "concord-vectors/1" ? " (a vector file: concord run runs it)" : "")
                throw fail(f.value, "format must be \"\(VectorLoader.scenarioFormat)\", found \"\(Printable.escape(format))\"\(what)")
            }
        } else if pairs.contains(where: { $0.key.scalarText == "schema" }) {
            throw fail(root, "missing required field \"format\" in the file: this is a Wycheproof file (concord run runs it), not a scenario")
        }
        let top = try fields(root, "the file", allowed: ["format", "name", "title", "source", "pack", "notes", "flow", "roles", "fresh", "steps", "checks"],
                             required: ["format", "name", "title", "source", "roles", "steps"])
        let nameNode = top["name"]!.value
        let scenarioName = try string(nameNode, "name")
        guard Self.isID(scenarioName) else {
            throw fail(nameNode, "name \"\(Printable.escape(scenarioName))\" must start with a letter or digit and hold only A-Z a-z 0-9 . _ -")
        }
        let title = try string(top["title"]!.value, "title")
        let sourceText = try string(top["source"]!.value, "source")
        if let n = top["notes"] { _ = try mapping(n.value, "notes") }
        var pack: String? = nil
        if let p = top["pack"] {
            let s = try string(p.value, "pack")
            guard Contracts.all.contains(where: { $0.name == s }) else {
                throw fail(p.value, "unknown pack \"\(Printable.escape(s))\" (expected one of: \(Contracts.all.map(\.name).joined(separator: ", ")))")
            }
            pack = s
        }

        // Roles.
        for (k, v) in try mapping(top["roles"]!.value, "roles") {
            let n = try name(k, "role")
            if roles.contains(where: { $0.name == n }) { throw fail(k, "role \(n) is declared twice") }
            var role = Role(name: n, doc: "", implementations: nil, line: k.mark.line, column: k.mark.column)
            if v.string != nil {
                role.doc = try string(v, "role \(n)")
            } else {
                let f = try fields(v, "role \(n)", allowed: ["doc", "implementations"])
                if let d = f["doc"] { role.doc = try string(d.value, "role \(n)'s doc") }
                if let l = f["implementations"] {
                    var names: [String] = []
                    for item in try sequence(l.value, "role \(n)'s implementations") { names.append(try string(item, "an implementation name")) }
                    guard !names.isEmpty else { throw fail(l.value, "role \(n)'s implementations is empty: leave it out for any implementation") }
                    role.implementations = names
                }
            }
            roles.append(role)
        }
        guard !roles.isEmpty else { throw fail(top["roles"]!.value, "a scenario needs at least one role") }

        // Fresh values.
        var declarations: [FreshDeclaration] = []
        if let f = top["fresh"] {
            for (k, v) in try mapping(f.value, "fresh") {
                let n = try name(k, "fresh value")
                if fresh[n] != nil { throw fail(k, "fresh value \(n) is declared twice") }
                let d = try freshDeclaration(n, v)
                fresh[n] = d
                declarations.append(d)
            }
            for d in declarations {
                for dep in d.dependencies {
                    guard let other = fresh[dep] else {
                        throw fail(f.value, "fresh \(d.name) names \(dep), which is not a declared fresh value")
                    }
                    if d.options.sharedWith == dep && ![.p256KeyPair, .tinkEciesKeyset].contains(other.kind) {
                        throw fail(f.value, "fresh \(d.name): sharedWith names \(dep), a \(other.kind.rawValue): it must be a p256-key-pair or tink-ecies-p256-keyset")
                    }
                    if d.options.rotates == dep && other.kind != .tinkAesGcmKeyset {
                        throw fail(f.value, "fresh \(d.name): rotates names \(dep), a \(other.kind.rawValue): it must be a tink-aes-gcm-keyset")
                    }
                }
            }
            // A cycle among fresh values (a sharedWith b sharedWith a).
            if let problem = FreshValues.dependencyProblem(declarations) { throw fail(f.value, problem) }
        }

        // Steps and blocks, read in file order; references are resolved once all are known.
        if let p = top["flow"] { flow.pin = try pin(p.value) }
        var items: [FlowItem] = []
        var order: [String] = []   // every step, in file order
        for node in try sequence(top["steps"]!.value, "steps") {
            if let m = node.mapping, m.contains(where: { $0.key.scalarText == "repeat" }) {
                let b = try repeatBlock(node, order: &order)
                items.append(.repeatBlock(b))
            } else if let m = node.mapping, m.contains(where: { $0.key.scalarText == "deliver" }) {
                let d = try deliverBlock(node, order: &order)
                items.append(.deliverBlock(d))
            } else {
                let id = try stepHeader(node, block: nil)
                order.append(id)
                items.append(.step(id))
            }
        }
        guard !order.isEmpty else { throw fail(top["steps"]!.value, "a scenario needs at least one step") }
        try checkDeliveries()

        // Inputs, now that every step's op (and so its fields' types) is known.
        var checks: [Check] = []
        for id in order {
            let (node, f) = (steps[id]!.node, stepFields[id]!)
            here = scope(of: id)
            var step = steps[id]!.step
            let spec = step.suite.op(step.op)!
            var given: [String: Source] = [:]
            for (key, value) in try mapping(f["input"]!.value, "step \(id)'s input") {
                let field = key.scalarText ?? ""
                guard let fs = spec.inputs.first(where: { $0.name == field }) else {
                    throw fail(key, "unknown field \"\(Printable.escape(field))\" in step \(id)'s input: \(step.what) takes \(spec.inputs.map(\.name).joined(separator: ", "))")
                }
                if given[field] != nil { throw fail(key, "\(field) is given twice in step \(id)'s input") }
                given[field] = try source(value, type: fs.type, field: fs)
            }
            for fs in spec.inputs where fs.required && given[fs.name] == nil && !spec.exactlyOne.contains(where: { $0.contains(fs.name) }) {
                throw fail(f["input"]!.value, "step \(id) (\(step.what)) needs the input \(fs.name)")
            }
            for group in spec.exactlyOne {
                let n = group.filter { given[$0] != nil }.count
                if n != 1 { throw fail(f["input"]!.value, "step \(id) (\(step.what)) needs exactly one of \(group.joined(separator: ", ")), found \(n)") }
            }
            step.input = spec.inputs.compactMap { fs in given[fs.name].map { (fs.name, $0) } }
            steps[id] = (step, node)
            if let e = f["expect"] {
                for (key, value) in try mapping(e.value, "step \(id)'s expect") {
                    let field = key.scalarText ?? ""
                    guard let fs = spec.expects.first(where: { $0.name == field }) else {
                        throw fail(key, "unknown field \"\(Printable.escape(field))\" in step \(id)'s expect: \(step.what) outputs \(spec.expects.map(\.name).joined(separator: ", "))")
                    }
                    let expected = try source(value, type: fs.type, field: fs)
                    expectReads[id, default: []].append(expected)
                    checks.append(Check(equal: [.output(step: id, field: field), expected],
                                        why: nil, line: key.mark.line, column: key.mark.column, step: id))
                }
            }
        }
        try readCarries()
        here = .top
        // References: known steps and fields, types already matched by `source`; then the order.
        for id in order {
            let (step, node) = steps[id]!
            for (field, src) in step.input { try reference(src, from: node, in: "step \(id)'s input \(field)") }
        }
        for id in order {
            let step = steps[id]!.step
            for (_, src) in step.input where src.steps.contains(id) {
                throw fail(steps[id]!.node, "step \(id) reads its own \(src.description)")
            }
        }
        try orderBlocks()
        let ordered = try topological(items.map(\.name), reads: { n throws(LoadError) in try self.itemReads(n) })
        flow.items = ordered.map { n in items.first { $0.name == n }! }

        if let c = top["checks"] {
            here = .top
            for node in try sequence(c.value, "checks") {
                let f = try fields(node, "a check", allowed: ["equal", "differ", "why"])
                let kinds = ["equal", "differ"].filter { f[$0] != nil }
                guard kinds.count == 1 else { throw fail(node, "a check is equal: [...] or differ: [...] (found \(kinds.isEmpty ? "neither" : "both"))") }
                let kind = kinds[0]
                let items = try sequence(f[kind]!.value, kind)
                guard items.count >= 2 else { throw fail(f[kind]!.value, "\(kind) needs at least two values") }
                // The type comes from the first reference; literals take it.
                var type: FieldType? = nil
                for item in items where isReference(item) {
                    type = try referenceType(item)
                    break
                }
                guard let type else { throw fail(f[kind]!.value, "\(kind) compares literals only: name at least one fresh value or step output") }
                var sources: [Source] = []
                for item in items { sources.append(try source(item, type: type, field: FieldSpec("a compared value", type))) }
                let why = try f["why"].map { p throws(LoadError) in try string(p.value, "why") }
                checks.append(Check(equal: sources, differ: kind == "differ", why: why, line: node.mark.line, column: node.mark.column))
            }
        }
        for check in checks {
            for src in check.equal { try reference(src, from: nil, in: "a check (line \(check.line))", line: check.line, column: check.column) }
        }
        // Every role does something.
        for role in roles where !order.contains(where: { steps[$0]!.step.role == role.name }) {
            throw LoadError(file: file, line: role.line, column: role.column, message: "role \(role.name) has no step")
        }
        try checkSize()
        var all: [Step] = []
        for item in flow.items {
            switch item {
            case .step(let id): all.append(steps[id]!.step)
            case .repeatBlock(let b): all += flow.repeats[b]!.steps.map { steps[$0]!.step }
            case .deliverBlock(let d):
                let block = flow.deliveries[d]!
                all += (block.steps + block.cases.flatMap(\.steps)).map { steps[$0]!.step }
            }
        }
        var scenario = Scenario(name: scenarioName, file: file, title: title, source: sourceText, pack: pack, roles: roles,
                                fresh: declarations + blockFresh, steps: all, checks: checks, line: root.mark.line)
        scenario.flow = flow
        scenario.node = root
        return scenario
    }

    /// A vector id's pattern (the loader's rule), at most 128 characters.
    static func isID(_ s: String) -> Bool { s.utf8.count <= 128 && VectorID.isValid(s) }

    /// The ops a step may name: the suite's ops but its round trip.
    func usableOps(_ s: Suite) -> [String] { s.opNames.filter { $0 != s.roundtrip?.op } }

    /// What a reference names: a fresh value, a step's output or input, a carried value, a repeat
    /// block's iteration or count, a number of the current delivery.
    static let referenceKinds = ["fresh", "output", "input", "carry", "index", "count", "delivery"]

    func isReference(_ node: Node) -> Bool {
        guard let m = node.mapping else { return false }
        return m.contains { Self.referenceKinds.contains($0.key.scalarText ?? "") || ["concat", "bytesOf"].contains($0.key.scalarText ?? "") }
    }

    /// `{concat: [...]}` or `{bytesOf: VALUE}`: the key and its value, when the node is one.
    func combinator(_ node: Node) throws(LoadError) -> (String, Node)? {
        guard let m = node.mapping, let k = m.first(where: { ["concat", "bytesOf"].contains($0.key.scalarText ?? "") }) else { return nil }
        guard m.count == 1 else {
            throw fail(node, "\(k.key.scalarText!) stands alone in its mapping (found also \(m.filter { $0.key.scalarText != k.key.scalarText }.map { $0.key.scalarText ?? "" }.joined(separator: ", ")))")
        }
        return (k.key.scalarText!, k.value)
    }

    /// A value for a field of `type`: a reference (`{fresh: …}`, `{output: step.field}`,
    /// `{input: step.field}`, each with an optional `flip: K`) or a literal as a vector file writes it.
    func source(_ node: Node, type: FieldType, field: FieldSpec) throws(LoadError) -> Source {
        if let (k, value) = try combinator(node) {
            if k == "bytesOf" {
                guard type == .bytes else { throw fail(node, "bytesOf makes bytes, but \(field.name) takes \(type.rawValue)") }
                return .bytesOf(try source(value, type: .text, field: FieldSpec(field.name, .text)))
            }
            guard type == .bytes || type == .text else { throw fail(node, "concat makes bytes or text, but \(field.name) takes \(type.rawValue)") }
            var parts: [Source] = []
            for item in try sequence(value, "concat") { parts.append(try source(item, type: type, field: field)) }
            guard parts.count >= 2 else { throw fail(value, "concat needs at least two values") }
            return .concat(parts)
        }
        guard isReference(node) else {
            return .literal(try LiteralValue.read(node, field, file: file))
        }
        let f = try fields(node, "a reference", allowed: Self.referenceKinds + ["of", "slice", "flip", "encoding", "prefix"])
        let kinds = Self.referenceKinds.filter { f[$0] != nil }
        guard kinds.count == 1 else { throw fail(node, "a reference names exactly one of \(Self.referenceKinds.joined(separator: ", ")) (found \(kinds.joined(separator: ", ")))") }
        let got = try referenceType(node)
        var src: Source
        let text = try string(f[kinds[0]]!.value, kinds[0])
        switch kinds[0] {
        case "fresh": src = .fresh(text)
        case "carry": src = .carry(text)
        case "index": src = .index(text)
        case "count": src = .count(text)
        case "delivery": src = .delivery(DeliveryValue(rawValue: text)!)
        default:
            let parts = text.split(separator: ".", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw fail(f[kinds[0]]!.value, "\(kinds[0]) must be STEP.FIELD, found \"\(Printable.escape(text))\"") }
            src = kinds[0] == "output" ? .output(step: parts[0], field: parts[1]) : .input(step: parts[0], field: parts[1])
        }
        if let of = f["of"] { src = .at(src, try iteration(of.value)) }
        if let slice = f["slice"] {
            guard got == .bytes else { throw fail(slice.key, "slice takes bytes of a bytes value; \(src.description) is \(got.rawValue)") }
            let bounds = try sequence(slice.value, "slice")
            guard bounds.count == 1 || bounds.count == 2 else { throw fail(slice.value, "slice is [FROM] or [FROM, TO]") }
            src = .sliced(src, from: Int(try integer(bounds[0], "slice's FROM")), to: bounds.count == 2 ? Int(try integer(bounds[1], "slice's TO")) : nil)
        }
        if let e = f["encoding"], f["flip"] == nil { throw fail(e.key, "encoding says how a flipped text encodes its bytes: only with flip") }
        if let p = f["prefix"], f["encoding"] == nil { throw fail(p.key, "prefix is the part of a flipped text before its encoded bytes: only with flip and encoding") }
        if let flip = f["flip"] {
            let at = Int(try integer(flip.value, "flip"))
            if got == .text {
                guard let e = f["encoding"] else {
                    throw fail(flip.key, "flip on a text needs its encoding: encoding: base64, base64url or hex (and prefix: for a wire like enc:v1:)")
                }
                let name = try string(e.value, "encoding")
                guard let encoding = ByteEncoding(rawValue: name), encoding != .utf8 else {
                    throw fail(e.value, "encoding must be base64, base64url or hex (found \"\(Printable.escape(name))\")")
                }
                src = .flippedText(src, at: at, encoding: encoding, prefix: try f["prefix"].map { p throws(LoadError) in try string(p.value, "prefix") } ?? "")
            } else {
                guard got == .bytes else { throw fail(flip.key, "flip changes a byte of a bytes value or of an encoded text; \(src.description) is \(got.rawValue)") }
                if let e = f["encoding"] { throw fail(e.key, "encoding is for a flipped text; \(src.description) is bytes") }
                src = .flipped(src, at: at)
            }
        }
        guard got == type else {
            throw fail(node, "\(src.description) is \(got.rawValue), but \(field.name) takes \(type.rawValue)")
        }
        return src
    }

    /// The type a reference yields (and that what it names exists).
    func referenceType(_ node: Node) throws(LoadError) -> FieldType {
        if let (k, value) = try combinator(node) {
            if k == "bytesOf" { return .bytes }
            for item in try sequence(value, "concat") where isReference(item) { return try referenceType(item) }
            throw fail(value, "concat of literals only: name at least one fresh value or step output")
        }
        let m = node.mapping ?? []
        let of = m.first(where: { $0.key.scalarText == "of" })
        if let t = try flowReferenceType(m, of: of) { return t }
        if let v = m.first(where: { $0.key.scalarText == "fresh" })?.value {
            let text = try string(v, "fresh")
            let parts = text.split(separator: ".", maxSplits: 1).map(String.init)
            guard let d = fresh[parts[0]] else {
                throw fail(v, "unknown fresh value \"\(Printable.escape(parts[0]))\" (declared: \(fresh.keys.sorted().joined(separator: ", ")))")
            }
            try reach(v, what: "fresh \(parts[0])", block: flow.freshBlock[parts[0]], step: nil, of: of)
            let part = parts.count == 2 ? parts[1] : "value"
            guard let p = d.kind.parts.first(where: { $0.name == part }) else {
                let names = d.kind.parts.map(\.name)
                if parts.count == 1 { throw fail(v, "fresh \(d.name) is a \(d.kind.rawValue), which has parts: name one (\(names.map { d.name + "." + $0 }.joined(separator: ", ")))") }
                throw fail(v, "fresh \(d.name) (a \(d.kind.rawValue)) has no part \(Printable.escape(part)) (its parts: \(names.joined(separator: ", ")))")
            }
            switch p.type {
            case .bytes: return .bytes
            case .text: return .text
            case .integer: return .integer
            case .record(let r): return .record(r)
            }
        }
        for kind in ["output", "input"] {
            guard let v = m.first(where: { $0.key.scalarText == kind })?.value else { continue }
            let text = try string(v, kind)
            let parts = text.split(separator: ".", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw fail(v, "\(kind) must be STEP.FIELD, found \"\(Printable.escape(text))\"") }
            guard let (step, _) = steps[parts[0]] else {
                throw fail(v, "unknown step \"\(Printable.escape(parts[0]))\" (steps: \(steps.keys.sorted().joined(separator: ", ")))")
            }
            try reach(v, what: "step \(step.id)", block: flow.stepBlock[step.id], step: step.id, of: of)
            let spec = step.suite.op(step.op)!
            if kind == "output" {
                if let c = step.refuses { throw fail(v, "step \(step.id) is refused (\(c.rawValue)): it has no output \(parts[1])") }
                guard let fs = spec.expects.first(where: { $0.name == parts[1] }) else {
                    throw fail(v, "step \(step.id) (\(step.what)) has no output \(Printable.escape(parts[1])) (it outputs: \(spec.expects.map(\.name).joined(separator: ", ")))")
                }
                return fs.type
            }
            guard let fs = spec.inputs.first(where: { $0.name == parts[1] }) else {
                throw fail(v, "step \(step.id) (\(step.what)) has no input \(Printable.escape(parts[1])) (it takes: \(spec.inputs.map(\.name).joined(separator: ", ")))")
            }
            return fs.type
        }
        throw fail(node, "a reference names one of \(Self.referenceKinds.joined(separator: ", "))")
    }

    /// An `input` reference must name an input the step was given.
    func reference(_ src: Source, from node: Node?, in what: String, line: Int = 0, column: Int = 0) throws(LoadError) {
        switch src {
        case .concat(let parts):
            for p in parts { try reference(p, from: node, in: what, line: line, column: column) }
            return
        case .bytesOf(let inner), .sliced(let inner, _, _), .flippedText(let inner, _, _, _), .at(let inner, _):
            try reference(inner, from: node, in: what, line: line, column: column)
            return
        default: break
        }
        guard case .input(let s, let f) = unflipped(src), let (step, stepNode) = steps[s] else { return }
        guard step.input.contains(where: { $0.field == f }) else {
            let at = node ?? stepNode
            throw LoadError(file: file, line: node == nil ? line : at.mark.line, column: node == nil ? column : at.mark.column,
                            message: "\(what) reads \(s)'s input \(f), which step \(s) is not given")
        }
    }

    func unflipped(_ s: Source) -> Source {
        if case .flipped(let inner, _) = s { return unflipped(inner) }
        if case .at(let inner, _) = s { return unflipped(inner) }
        return s
    }

    /// The names (steps, or a block's steps, or the file's steps and blocks) in file order, each
    /// moved after those it reads; a cycle is refused, named (a long one abbreviated). Depth first
    /// without recursion: a chain of 100,000 forward references is followed on a list, not on
    /// 100,000 stack frames.
    func topological(_ order: [String], reads: (String) throws(LoadError) -> [String]) throws(LoadError) -> [String] {
        var done: [String] = []
        done.reserveCapacity(order.count)
        let known = Set(order)
        var finished = Set<String>()
        // The names being followed, each with what it reads and how many of those were taken.
        var path: [(id: String, reads: [String], next: Int)] = []
        var onPath: [String: Int] = [:]   // name → its place on the path
        func enter(_ id: String) throws(LoadError) {
            onPath[id] = path.count
            path.append((id, try reads(id).filter { $0 != id && known.contains($0) }, 0))
        }
        for root in order where !finished.contains(root) {
            try enter(root)
            while let top = path.last {
                guard top.next < top.reads.count else {
                    path.removeLast()
                    onPath[top.id] = nil
                    finished.insert(top.id)
                    done.append(top.id)
                    continue
                }
                path[path.count - 1].next += 1
                let s = top.reads[top.next]
                if finished.contains(s) { continue }
                if let at = onPath[s] {
                    let cycle = path[at...].map(\.id) + [s]
                    throw fail(steps[s]?.node ?? blockNodes[s]!, "the steps read each other in a cycle" + (cycle.count > 12 ? " of \(cycle.count - 1) steps" : "")
                               + ": \(FreshValues.describeCycle(cycle))")
                }
                try enter(s)
            }
        }
        return done
    }

    /// A step's id, role, suite, op and refusal (its inputs are read once every step is known).
    mutating func stepHeader(_ node: Node, block: String?) throws(LoadError) -> String {
        let f = try fields(node, "a step", allowed: ["id", "role", "suite", "op", "input", "refuses", "expect", "doc"],
                           required: ["id", "role", "suite", "input"])
        let id = try name(f["id"]!.value, "step id")
        if steps[id] != nil { throw fail(f["id"]!.value, "step id \(id) is used twice") }
        if blockNodes[id] != nil { throw fail(f["id"]!.value, "step id \(id) is also a block's name") }
        let roleName = try string(f["role"]!.value, "role")
        guard roles.contains(where: { $0.name == roleName }) else {
            throw fail(f["role"]!.value, "unknown role \"\(Printable.escape(roleName))\" (declared: \(roles.map(\.name).joined(separator: ", ")))")
        }
        let suiteName = try string(f["suite"]!.value, "suite")
        guard let suite = Suites.resolve(suiteName) else {
            throw fail(f["suite"]!.value, "unknown suite \"\(Printable.escape(suiteName))\" (expected one of: \(Suites.names.joined(separator: ", ")))")
        }
        var op: String? = nil
        if suite.opNames.isEmpty {
            if let o = f["op"] { throw fail(o.key, "suite \(suite.name) has one direction: no op") }
        } else {
            guard let o = f["op"] else { throw fail(node, "suite \(suite.name) needs an op (one of: \(usableOps(suite).joined(separator: ", ")))") }
            let s = try string(o.value, "op")
            if s == suite.roundtrip?.op {
                throw fail(o.value, "op \(s) draws its own randomness and checks itself: a scenario's steps use \(usableOps(suite).joined(separator: ", "))")
            }
            guard usableOps(suite).contains(s) else {
                throw fail(o.value, "suite \(suite.name) has no op \"\(Printable.escape(s))\" (expected one of: \(usableOps(suite).joined(separator: ", ")))")
            }
            op = s
        }
        var refuses: ErrorClass? = nil
        if let r = f["refuses"] {
            let s = try string(r.value, "refuses")
            guard let c = ErrorClass(rawValue: s), ErrorClass.stated.contains(c) else {
                throw fail(r.value, "refuses must be one of: \(ErrorClass.stated.map(\.rawValue).joined(separator: ", ")) (found \"\(Printable.escape(s))\")")
            }
            refuses = c
            if let e = f["expect"] { throw fail(e.key, "a step that refuses has no outputs to expect") }
        }
        if let d = f["doc"] { _ = try string(d.value, "doc") }
        let step = Step(id: id, role: roleName, suite: suite, op: op, input: [], refuses: refuses,
                        line: node.mark.line, column: node.mark.column)
        steps[id] = (step, node)
        stepFields[id] = f
        if let block { flow.stepBlock[id] = block }
        return id
    }

    func freshDeclaration(_ n: String, _ node: Node, extra: [String] = []) throws(LoadError) -> FreshDeclaration {
        let pairs = try mapping(node, "fresh \(n)")
        guard let kindNode = pairs.first(where: { $0.key.scalarText == "kind" })?.value else {
            throw fail(node, "fresh \(n) needs a kind (one of: \(freshKinds.map(\.rawValue).joined(separator: ", ")))")
        }
        let kindText = try string(kindNode, "kind")
        guard let kind = freshKinds.first(where: { $0.name == kindText }) else {
            throw fail(kindNode, "unknown kind \"\(Printable.escape(kindText))\" (expected one of: \(freshKinds.map(\.rawValue).joined(separator: ", ")))")
        }
        let f = try fields(node, "fresh \(n) (a \(kind.rawValue))", allowed: ["kind"] + kind.options + extra)
        var o = FreshOptions()
        // A pack kind's list options (Closer's answer's `options`), each a list of strings.
        for name in kind.lists {
            guard let a = f[name] else { continue }
            var items: [String] = []
            for item in try sequence(a.value, name) { items.append(try string(item, "an item of \(name)")) }
            o.lists[name] = items
        }
        func length(_ v: Node, _ what: String, max: Int64) throws(LoadError) -> Int {
            let i = try integer(v, what)
            guard i >= 0 && i <= max else { throw fail(v, "\(what) must be 0 to \(max), found \(i)") }
            return Int(i)
        }
        if let l = f["length"] {
            let i = try length(l.value, "length", max: kind == .bytes ? 1 << 20 : 4096)
            if kind == .bytes { o.lengths = [i] } else { o.length = i }
            if kind == .id && i < 1 { throw fail(l.value, "an id's length is at least 1") }
        }
        if let l = f["lengths"] {
            if f["length"] != nil { throw fail(l.key, "give length or lengths, not both") }
            var list: [Int] = []
            for item in try sequence(l.value, "lengths") { list.append(try length(item, "a length", max: 1 << 20)) }
            guard !list.isEmpty else { throw fail(l.value, "lengths is empty") }
            o.lengths = list
        }
        if let m = f["maxLength"] { o.maxLength = max(1, try length(m.value, "maxLength", max: 4096)) }
        if let a = f["alphabet"] {
            let s = try string(a.value, "alphabet")
            guard ["tricky", "ascii", "digits"].contains(s) else { throw fail(a.value, "alphabet must be tricky, ascii or digits (found \"\(Printable.escape(s))\")") }
            o.alphabet = s
        }
        if let p = f["pipe"] {
            guard case .scalar(let t, .bool) = p.value.kind else { throw fail(p.value, "pipe must be true or false") }
            o.pipe = t == "true"
        }
        if let m = f["min"] { o.min = try integer(m.value, "min") }
        if let m = f["max"] { o.max = try integer(m.value, "max") }
        if o.min > o.max { throw fail(node, "fresh \(n): min \(o.min) is above max \(o.max)") }
        if let s = f["sharedWith"] { o.sharedWith = try string(s.value, "sharedWith") }
        if let r = f["rotates"] { o.rotates = try string(r.value, "rotates") }
        if o.sharedWith == n || o.rotates == n { throw fail(node, "fresh \(n) names itself") }
        if let p = f["outputPrefix"] {
            let s = try string(p.value, "outputPrefix")
            guard let prefix = TinkOutputPrefix(rawValue: s) else { throw fail(p.value, "outputPrefix must be TINK, RAW, LEGACY or CRUNCHY (found \"\(Printable.escape(s))\")") }
            o.outputPrefix = prefix
        }
        if let t = f["template"] {
            if let p = f["outputPrefix"] { throw fail(p.key, "give template or outputPrefix, not both: the template names its prefix") }
            let s = try string(t.value, "template")
            if kind == .tinkAesGcmKeyset, let tpl = TinkTemplates.aesGcm[s] {
                o.keySize = tpl.keySize
                o.outputPrefix = tpl.prefix
            } else if kind == .tinkEciesKeyset, let tpl = TinkTemplates.ecies[s] {
                o.pointFormat = tpl.pointFormat
                o.outputPrefix = tpl.prefix
            } else {
                let known = (kind == .tinkAesGcmKeyset ? Array(TinkTemplates.aesGcm.keys) : Array(TinkTemplates.ecies.keys)).sorted()
                throw fail(t.value, "unknown template \"\(Printable.escape(s))\" for a \(kind.rawValue) (expected one of: \(known.joined(separator: ", ")))")
            }
        }
        return FreshDeclaration(name: n, kind: kind, options: o)
    }
}
