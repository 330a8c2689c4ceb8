import ConcordFormats
import ConcordGeneration
import ConcordLoading
import ConcordSuites

/// `schemas/scenario-file.schema.json` (JSON Schema 2020-12), derived from the suite definitions and
/// the fresh kinds, as the vector-file schema is: `concord schema --scenario` prints it, and a test
/// fails when the checked-in file differs. It holds a file's shape, every step's suite, op and input
/// fields with their literal types, and every fresh kind's options; what needs the whole file (that
/// a reference names a declared value or an earlier step of the right type, cycles) is the reader's.
public enum ScenarioFileSchema {
    public static func text(suites: [Suite] = Suites.list) -> String {
        document(suites: suites).serialized(pretty: true) + "\n"
    }

    static func obj(_ pairs: KeyValuePairs<String, JSON>) -> JSON { .object(pairs.map { ($0.key, $0.value) }) }
    static func strings(_ s: [String]) -> JSON { .array(s.map { .string($0) }) }
    static func ref(_ name: String) -> JSON { obj(["$ref": .string("#/$defs/\(name)")]) }
    static let name = obj(["type": .string("string"), "pattern": .string("^[A-Za-z0-9_-]{1,64}$")])

    public static func document(suites: [Suite]) -> JSON {
        // The literal types are the vector file's own (bytes in one encoding, answers, 64-bit integers).
        let vectorDefs = VectorFileSchema.document(suites: suites)["$defs"]?.objectValue ?? []
        var defs: [(key: String, value: JSON)] = vectorDefs.filter { ["bytes", "answer", "int64"].contains($0.key) }
        defs.append(("reference", reference))
        defs.append(("combinator", combinator))
        defs.append(("step", step(suites)))
        defs.append(("fresh", fresh))
        defs.append(("check", obj(["type": .string("object"), "additionalProperties": .bool(false),
                                   "oneOf": .array([obj(["required": strings(["equal"])]), obj(["required": strings(["differ"])])]),
                                   "properties": obj(["equal": obj(["type": .string("array"), "minItems": .int(2)]),
                                                      "differ": obj(["type": .string("array"), "minItems": .int(2)]),
                                                      "why": obj(["type": .string("string")])])])))
        let role = obj(["anyOf": .array([obj(["type": .string("string")]),
                                         obj(["type": .string("object"), "additionalProperties": .bool(false),
                                              "properties": obj(["doc": obj(["type": .string("string")]),
                                                                 "implementations": obj(["type": .string("array"), "minItems": .int(1),
                                                                                         "items": obj(["type": .string("string")])])])])])])
        return obj([
            "$schema": .string("https://json-schema.org/draft/2020-12/schema"),
            "$id": .string("https://concord.invalid/schemas/scenario-file.schema.json"),
            "title": .string("Concord scenario file (concord-scenario/1)"),
            "description": .string("A whole flow: roles, fresh values, steps each one role doing one suite op, checks (docs/scenarios.md). Derived from the suite definitions by `concord schema --scenario`."),
            "type": .string("object"), "additionalProperties": .bool(false),
            "required": strings(["format", "name", "title", "source", "roles", "steps"]),
            "properties": obj([
                "format": obj(["const": .string(VectorLoader.scenarioFormat)]),
                "name": obj(["type": .string("string"), "pattern": .string("^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$")]),
                "title": obj(["type": .string("string")]),
                "source": obj(["type": .string("string")]),
                "pack": obj(["enum": strings(Contracts.all.map(\.name))]),
                "notes": obj(["type": .string("object")]),
                "roles": obj(["type": .string("object"), "minProperties": .int(1), "propertyNames": name, "additionalProperties": role]),
                "fresh": obj(["type": .string("object"), "propertyNames": name, "additionalProperties": ref("fresh")]),
                "steps": obj(["type": .string("array"), "minItems": .int(1), "items": ref("step")]),
                "checks": obj(["type": .string("array"), "items": ref("check")]),
            ]),
            "$defs": .object(defs),
        ])
    }

    static let reference: JSON = obj([
        "title": .string("A reference: a fresh value, or an earlier step's output or input"),
        "type": .string("object"), "additionalProperties": .bool(false),
        "properties": obj(["fresh": obj(["type": .string("string")]), "output": obj(["type": .string("string"), "pattern": .string("^[^.]+\\..+$")]),
                           "input": obj(["type": .string("string"), "pattern": .string("^[^.]+\\..+$")]), "flip": ref("int64"),
                           "slice": obj(["type": .string("array"), "minItems": .int(1), "maxItems": .int(2), "items": ref("int64")]),
                           "encoding": obj(["enum": strings(["base64", "base64url", "hex"])]), "prefix": obj(["type": .string("string")])]),
        "oneOf": .array([obj(["required": strings(["fresh"])]), obj(["required": strings(["output"])]), obj(["required": strings(["input"])])]),
    ])

    static let combinator: JSON = obj([
        "title": .string("Values made of other values: {concat: [a, b, …]} (all bytes or all texts), {bytesOf: TEXT} (its UTF-8)"),
        "oneOf": .array([
            obj(["type": .string("object"), "additionalProperties": .bool(false), "required": strings(["concat"]),
                 "properties": obj(["concat": obj(["type": .string("array"), "minItems": .int(2)])])]),
            obj(["type": .string("object"), "additionalProperties": .bool(false), "required": strings(["bytesOf"]),
                 "properties": obj(["bytesOf": obj([:])])]),
        ]),
    ])

    static func literal(_ t: FieldType) -> JSON {
        switch t {
        case .bytes: return ref("bytes")
        case .text: return obj(["type": .string("string")])
        case .integer: return ref("int64")
        case .answer: return ref("answer")
        }
    }

    static func step(_ suites: [Suite]) -> JSON {
        var names: [String] = []
        var branches: [JSON] = []
        for s in suites {
            for n in [s.name] + s.aliases { names.append(n) }
            let ops = s.opNames.filter { $0 != s.roundtrip?.op }
            let suiteIs = obj(["properties": obj(["suite": obj(["enum": strings([s.name] + s.aliases)])]), "required": strings(["suite"])])
            if s.opNames.isEmpty {
                branches.append(obj(["if": suiteIs, "then": obj(["properties": obj(["op": .bool(false), "input": input(s.ops[0])])])]))
                continue
            }
            var opBranches: [JSON] = []
            for o in ops {
                opBranches.append(obj(["if": obj(["properties": obj(["op": obj(["const": .string(o)])]), "required": strings(["op"])]),
                                       "then": obj(["properties": obj(["input": input(s.op(o)!)])])]))
            }
            branches.append(obj(["if": suiteIs, "then": obj(["required": strings(["op"]), "properties": obj(["op": obj(["enum": strings(ops)])]),
                                                             "allOf": .array(opBranches)])]))
        }
        return obj([
            "type": .string("object"), "additionalProperties": .bool(false), "required": strings(["id", "role", "suite", "input"]),
            "properties": obj([
                "id": name, "role": name, "suite": obj(["enum": strings(names)]), "op": obj(["type": .string("string")]),
                "doc": obj(["type": .string("string")]), "input": obj(["type": .string("object")]),
                "refuses": obj(["enum": strings(ErrorClass.stated.map(\.rawValue))]), "expect": obj(["type": .string("object")]),
            ]),
            "allOf": .array(branches),
        ])
    }

    static func input(_ op: OpSpec) -> JSON {
        let required = op.inputs.filter { f in f.required && !op.exactlyOne.contains { $0.contains(f.name) } }.map(\.name)
        var pairs: [(key: String, value: JSON)] = [("type", .string("object")), ("additionalProperties", .bool(false)),
                                                   ("properties", .object(op.inputs.map { f in
                                                       (f.name, obj(["description": .string(f.doc), "anyOf": .array([ref("reference"), ref("combinator"), literal(f.type)])]))
                                                   }))]
        if !required.isEmpty { pairs.append(("required", strings(required))) }
        return .object(pairs)
    }

    static var fresh: JSON {
        var branches: [JSON] = []
        for k in FreshKind.allCases {
            var props: [(key: String, value: JSON)] = [("kind", obj(["const": .string(k.rawValue)]))]
            for o in k.options {
                let schema: JSON
                switch o {
                case "length", "maxLength": schema = obj(["type": .string("integer"), "minimum": .int(0)])
                case "lengths": schema = obj(["type": .string("array"), "minItems": .int(1), "items": obj(["type": .string("integer"), "minimum": .int(0)])])
                case "alphabet": schema = obj(["enum": strings(["tricky", "ascii", "digits"])])
                case "pipe": schema = obj(["type": .string("boolean")])
                case "min", "max": schema = ref("int64")
                case "outputPrefix": schema = obj(["enum": strings(TinkOutputPrefix.allCases.map(\.rawValue))])
                case "options": schema = obj(["type": .string("array"), "items": obj(["type": .string("string")])])
                case "template": schema = obj(["enum": strings((k == .tinkAesGcmKeyset ? Array(TinkTemplates.aesGcm.keys) : Array(TinkTemplates.ecies.keys)).sorted())])
                default: schema = obj(["type": .string("string")])
                }
                props.append((o, schema))
            }
            let parts = k.parts.map(\.name)
            branches.append(obj(["title": .string("\(k.rawValue): parts \(parts.joined(separator: ", "))"),
                                 "type": .string("object"), "additionalProperties": .bool(false), "required": strings(["kind"]),
                                 "properties": .object(props)]))
        }
        return obj(["oneOf": .array(branches)])
    }
}
