import ConcordFormats
import ConcordSuites

/// `schemas/vector-file.schema.json` (JSON Schema 2020-12), derived from the suite definitions:
/// `concord schema` prints it, and a test fails when the checked-in file differs.
public enum VectorFileSchema {
    /// The schema's text, pretty-printed, ending in a newline.
    public static func text(suites: [Suite] = Suites.list) -> String {
        document(suites: suites).serialized(pretty: true) + "\n"
    }

    /// The schema over `suites`; `records`: the record types it defines (`$defs/<name>` and
    /// `$defs/expected<Name>`), by default the packs' and any other the suites' fields use.
    public static func document(suites: [Suite], records: [RecordType]? = nil) -> JSON {
        guard let base = try? JSON.parse(SchemaBase.text), let top = base["top"]?.objectValue,
              let generic = base["defs"]?.objectValue else { preconditionFailure("SchemaBase.text is not JSON") }
        var names: [JSON] = []
        var branches: [JSON] = []
        for s in suites {
            for n in [s.name] + s.aliases {
                names.append(.string(n))
                branches.append(obj(["if": obj(["properties": obj(["suite": obj(["const": .string(n)])]), "required": strings(["suite"])]),
                                     "then": ref(s.name)]))
            }
        }
        var out: [(key: String, value: JSON)] = []
        for (k, v) in top {
            if k == "properties", let props = v.objectValue {
                out.append((k, .object(props.map { p in
                    guard p.key == "suite", var suite = p.value.objectValue else { return p }
                    suite.append(("enum", .array(names)))
                    return (p.key, .object(suite))
                })))
            } else {
                out.append((k, v))
            }
        }
        out.append(("allOf", .array(branches)))
        let recordDefs = (records ?? Self.records(suites)).flatMap { r -> [(key: String, value: JSON)] in
            [(r.name, record(r)), (expectedName(r), obj(["title": .string("Expected \(r.name)"),
                                                          "anyOf": .array([refPath("#/$defs/\(r.name)"), refPath("#/$defs/placeholder")])]))]
        }
        out.append(("$defs", .object(generic + recordDefs + suites.map { ($0.name, entry($0)) })))
        return .object(out)
    }

    // MARK: record types

    /// The packs' record types, then any other a field of `suites` uses, each once.
    public static func records(_ suites: [Suite]) -> [RecordType] {
        var out = Packs.records
        for s in suites {
            for op in s.ops {
                for case let r? in (op.inputs + op.expects).map(\.type.record) where !out.contains(where: { $0.name == r.name }) { out.append(r) }
            }
        }
        return out
    }

    /// `expectedAnswer`: the definition of an expected value of the record (or a placeholder).
    static func expectedName(_ r: RecordType) -> String { "expected" + r.name.prefix(1).uppercased() + r.name.dropFirst() }

    /// A record type's definition: a mapping of exactly its members, each of its member type.
    static func record(_ r: RecordType) -> JSON {
        func member(_ m: RecordType.Member) -> JSON {
            var o: [(key: String, value: JSON)] = [("title", .string(m.title)), ("description", .string(m.doc))]
            switch m.type {
            case .integer(let nullable):
                o.append(("type", nullable ? strings(["integer", "null"]) : .string("integer")))
                o += [("minimum", .int(Int64.min)), ("maximum", .int(Int64.max))]
            case .string(let nullable):
                o.append(("type", nullable ? strings(["string", "null"]) : .string("string")))
            case .strings:
                o += [("type", .string("array")), ("items", obj(["type": .string("string")]))]
            }
            return .object(o)
        }
        return obj(["title": .string(r.title), "description": .string(r.doc), "type": .string("object"),
                    "required": strings(r.members.map(\.name)), "additionalProperties": .bool(false),
                    "properties": .object(r.members.map { ($0.name, member($0)) })])
    }

    // MARK: one suite

    static func entry(_ s: Suite) -> JSON {
        let base = "#/$defs/\(s.name)"
        var defs: [(key: String, value: JSON)] = [("input", unionInput(s))]
        let vector: JSON
        if s.opNames.isEmpty {
            let op = s.ops[0]
            defs[0].value = input(op, title: "\(s.name) input", required: true)
            defs.append(("expect", expect(op, title: "\(s.name) expect")))
            vector = obj(["properties": obj(["op": .bool(false), "input": refPath("\(base)/$defs/input")])],
                         expectBranches(op, expectRef: "\(base)/$defs/expect"))
        } else {
            for op in s.ops { defs.append((op.name!, opEntry(s, op, base: base))) }
            vector = obj(["title": .string("\(s.name) vector"), "required": strings(["op"]),
                          "properties": obj(["op": obj(["enum": strings(s.opNames)])]),
                          "allOf": .array(s.opNames.map { o in
                              obj(["if": opIs([o]), "then": refPath("\(base)/$defs/\(o)")])
                          })])
        }
        defs.append(("vector", vector))
        var description = s.summary
        if let op = s.ops.first, s.opNames.isEmpty {
            if !op.doc.isEmpty { description += " " + op.doc }
            description += " One direction: no `op`."
        } else {
            description += " Ops: \(s.opNames.map { "`\($0)`" }.joined(separator: ", ")); `op` is required."
        }
        return obj(["title": .string("Suite \(s.name)"), "description": .string(description),
                    "properties": obj(["defaults": refPath("\(base)/$defs/input"),
                                       "vectors": obj(["items": refPath("\(base)/$defs/vector")])]),
                    "allOf": .array(rules(s)), "$defs": .object(defs)])
    }

    static func opEntry(_ s: Suite, _ op: OpSpec, base: String) -> JSON {
        let here = "\(base)/$defs/\(op.name!)"
        var o: [(key: String, value: JSON)] = [("title", .string("\(s.name) op \(op.name!)"))]
        if !op.doc.isEmpty { o.append(("description", .string(op.doc))) }
        o.append(("properties", obj(["input": refPath("\(here)/$defs/input")])))
        if case .object(let branches) = expectBranches(op, expectRef: "\(here)/$defs/expect") { o += branches }
        o.append(("$defs", obj(["input": input(op, title: "\(s.name) \(op.name!) input", required: true),
                                "expect": expect(op, title: "\(s.name) \(op.name!) expect")])))
        return .object(o)
    }

    /// A valid vector expects every required field; an invalid or acceptable one a refusal or any fields.
    static func expectBranches(_ op: OpSpec, expectRef: String) -> JSON {
        var expect = refPath(expectRef)
        let required = op.expects.filter(\.required).map(\.name)
        if !required.isEmpty, case .object(var pairs) = expect {
            pairs.append(("required", strings(required)))
            expect = .object(pairs)
        }
        return obj(["if": refPath("#/$defs/resultValid"),
                    "then": obj(["properties": obj(["expect": expect])]),
                    "else": obj(["properties": obj(["expect": obj(["anyOf": .array([refPath("#/$defs/expectError"), refPath(expectRef)])])])])])
    }

    static func input(_ op: OpSpec, title: String, required: Bool) -> JSON {
        obj(["title": .string(title), "type": .string("object"), "additionalProperties": .bool(false),
             "properties": .object(op.inputs.map { f in
                 (f.name, field(f, doc: (required && f.required ? "Required. " : "") + f.doc, expected: false))
             })])
    }

    static func expect(_ op: OpSpec, title: String) -> JSON {
        obj(["title": .string(title),
             "description": .string("The fields a vector may expect: all of them in a valid vector (required there), any of them in an acceptable one."),
             "type": .string("object"), "additionalProperties": .bool(false),
             "properties": .object(op.expects.map { ($0.name, field($0, doc: $0.doc, expected: true)) })])
    }

    /// Every field of every op, for `defaults`; a field whose type differs between ops takes any of them.
    static func unionInput(_ s: Suite) -> JSON {
        var props: [(key: String, value: JSON)] = []
        for f in s.allInputs {
            let uses = s.ops.compactMap { op in op.inputs.first { $0.name == f.name }.map { (op, $0) } }
            let types = Set(uses.map(\.1.type))
            if types.count == 1 {
                props.append((f.name, field(f, doc: f.doc, expected: false)))
            } else {
                let doc = uses.map { "For \($0.0.name!), \($0.1.type.rawValue): \($0.1.doc)" }.joined(separator: " ")
                    + " A default whose type does not fit an op must be replaced by each vector of that op."
                props.append((f.name, obj(["description": .string(doc),
                                           "anyOf": .array(uses.map { use in
                                               var t = typeSchema(use.1, expected: false)
                                               if case .object(var p) = t { p.append(("description", .string("For \(use.0.name!)."))); t = .object(p) }
                                               return t
                                           })])))
            }
        }
        let title = s.opNames.isEmpty ? "\(s.name) input"
            : "\(s.name) input (the fields of every op: what `defaults` may hold; a vector takes the defaults its op takes)"
        return obj(["title": .string(title), "type": .string("object"), "additionalProperties": .bool(false), "properties": .object(props)])
    }

    static func field(_ f: FieldSpec, doc: String, expected: Bool) -> JSON {
        guard case .object(var pairs) = typeSchema(f, expected: expected) else { return typeSchema(f, expected: expected) }
        if let t = f.title { pairs.append(("title", .string(t))) }
        if !doc.isEmpty { pairs.append(("description", .string(doc))) }
        return .object(pairs)
    }

    static func typeSchema(_ f: FieldSpec, expected: Bool) -> JSON {
        switch f.type {
        case .bytes: return refPath(expected ? "#/$defs/expectedBytes" : "#/$defs/bytes")
        case .text: return obj(["type": .string("string")])
        case .record(let r): return refPath(expected ? "#/$defs/\(expectedName(r))" : "#/$defs/\(r.name)")
        case .integer:
            if expected { return refPath("#/$defs/expectedInteger") }
            if let m = f.minimum { return obj(["type": .string("integer"), "minimum": .int(m), "maximum": .int(Int64.max)]) }
            return refPath("#/$defs/int64")
        }
    }

    // MARK: the file-level rules that depend on defaults

    static func rules(_ s: Suite) -> [JSON] {
        var out: [JSON] = []
        let withOps = !s.opNames.isEmpty
        for f in s.allInputs {
            let needing = s.ops.filter { op in op.inputs.contains { $0.name == f.name && $0.required } }
            guard !needing.isEmpty else { continue }
            let opNames = needing.compactMap(\.name)
            let who = withOps ? "every \(opNames.joined(separator: "/")) vector" : "every vector"
            let need = obj(["required": strings(["input"]), "properties": obj(["input": obj(["required": strings([f.name])])])])
            out.append(obj(["title": .string("\(f.name) is given by defaults or by \(who)"),
                            "if": defaultsHave(f.name),
                            "else": vectorsOf(withOps ? opNames : nil, need)]))
        }
        for f in s.allInputs where withOps {
            let uses = s.ops.compactMap { op in op.inputs.first { $0.name == f.name }.map { (op.name!, $0.type, $0) } }
            guard Set(uses.map(\.1)).count > 1 else { continue }
            for (opName, type, spec) in uses {
                let need = obj(["required": strings(["input"]), "properties": obj(["input": obj(["required": strings([f.name])])])])
                let misfit = obj(["required": strings(["defaults"]),
                                  "properties": obj(["defaults": obj(["required": strings([f.name]),
                                                                      "properties": .object([(f.name, obj(["not": typeSchema(spec, expected: false)]))])])])])
                out.append(obj(["title": .string("a default \(f.name) that is not \(type.rawValue) is replaced in every \(opName) vector"),
                                "if": misfit, "then": vectorsOf([opName], need)]))
            }
        }
        for op in s.ops {
            for group in op.exactlyOne {
                out.append(group.count == 2 ? exactlyOne(group[0], group[1], op: op.name) : exactlyOne(group, op: op.name))
            }
        }
        return out
    }

    static func exactlyOne(_ a: String, _ b: String, op: String?) -> JSON {
        let ops = op.map { [$0] }
        let label = "exactly one of \(a) or \(b)"
        func has(_ f: String) -> JSON { obj(["required": strings(["input"]), "properties": obj(["input": obj(["required": strings([f])])])]) }
        func each(_ title: String, _ rule: [(key: String, value: JSON)]) -> JSON {
            vectorsOf(ops, .object([("title", .string(title))] + rule))
        }
        return obj(["title": .string("\(op.map { "\($0): " } ?? "")\(label), after merging defaults"),
                    "if": defaultsHave(a),
                    "then": obj(["if": defaultsHave(b),
                                 "then": each("\(label): defaults give both", [("not", obj([:]))]),
                                 "else": each("\(label): defaults give \(a)", [("not", has(b))])]),
                    "else": obj(["if": defaultsHave(b),
                                 "then": each("\(label): defaults give \(b)", [("not", has(a))]),
                                 "else": each(label, [("oneOf", .array([has(a), has(b)]))])])])
    }

    /// Exactly one of three or more inputs after merging defaults: a default of one of them is replaced
    /// only by the same field; with none in defaults every vector gives exactly one.
    static func exactlyOne(_ group: [String], op: String?) -> JSON {
        let ops = op.map { [$0] }
        let label = "exactly one of \(group.joined(separator: ", "))"
        func has(_ f: String) -> JSON { obj(["required": strings(["input"]), "properties": obj(["input": obj(["required": strings([f])])])]) }
        let perDefault: [JSON] = group.map { f in
            obj(["if": defaultsHave(f),
                 "then": vectorsOf(ops, .object([("title", .string("\(label): defaults give \(f)")),
                                                 ("not", obj(["anyOf": .array(group.filter { $0 != f }.map(has))]))]))])
        }
        return obj(["title": .string("\(op.map { "\($0): " } ?? "")\(label), after merging defaults"),
                    "if": obj(["anyOf": .array(group.map(defaultsHave))]),
                    "then": obj(["oneOf": .array(group.map(defaultsHave)), "allOf": .array(perDefault)]),
                    "else": vectorsOf(ops, .object([("title", .string(label)), ("oneOf", .array(group.map(has)))]))])
    }

    static func defaultsHave(_ f: String) -> JSON {
        obj(["required": strings(["defaults"]), "properties": obj(["defaults": obj(["required": strings([f])])])])
    }

    /// `rule` for every vector (of these ops, when given).
    static func vectorsOf(_ ops: [String]?, _ rule: JSON) -> JSON {
        let items: JSON = ops.map { obj(["if": opIs($0), "then": rule]) } ?? rule
        return obj(["properties": obj(["vectors": obj(["items": items])])])
    }

    static func opIs(_ ops: [String]) -> JSON {
        obj(["required": strings(["op"]),
             "properties": obj(["op": ops.count == 1 ? obj(["const": .string(ops[0])]) : obj(["enum": strings(ops)])])])
    }

    // MARK: building JSON in order

    static func obj(_ pairs: KeyValuePairs<String, JSON>) -> JSON { .object(pairs.map { ($0.key, $0.value) }) }
    static func obj(_ pairs: KeyValuePairs<String, JSON>, _ more: JSON) -> JSON {
        guard case .object(let extra) = more else { return obj(pairs) }
        return .object(pairs.map { ($0.key, $0.value) } + extra)
    }
    static func strings(_ s: [String]) -> JSON { .array(s.map { .string($0) }) }
    static func ref(_ suite: String) -> JSON { refPath("#/$defs/\(suite)") }
    static func refPath(_ p: String) -> JSON { obj(["$ref": .string(p)]) }
}
