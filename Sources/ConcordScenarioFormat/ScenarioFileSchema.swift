import ConcordFormats
import ConcordGeneration
import ConcordLoading
import ConcordSuites
import ConcordPacks

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

    /// The schema over `suites`, a fresh value taking one of `freshKinds` (by default the generic
    /// kinds and the packs' own).
    public static func document(suites: [Suite], freshKinds: [FreshKind] = Packs.all.freshKinds) -> JSON {
        // The literal types are the vector file's own (bytes in one encoding, 64-bit integers, the
        // packs' record types such as answers).
        let records = VectorFileSchema.records(suites)
        let vectorDefs = VectorFileSchema.document(suites: suites, records: records)["$defs"]?.objectValue ?? []
        let literals = Set(["bytes", "int64"] + records.map(\.name))
        var defs: [(key: String, value: JSON)] = vectorDefs.filter { literals.contains($0.key) }
        defs.append(("reference", reference))
        defs.append(("combinator", combinator))
        defs.append(("step", step(suites)))
        defs.append(("item", item))
        defs.append(("repeat", repeatBlock))
        defs.append(("deliver", deliverBlock))
        defs.append(("count", count))
        defs.append(("order", order(delivery: true)))
        defs.append(("repeatOrder", order(delivery: false)))
        defs.append(("fresh", fresh(freshKinds)))
        defs.append(("blockFresh", fresh(freshKinds, every: true)))
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
                "flow": obj(["title": .string("A written flow: its values are drawn as scenario `from`'s trial `trial` with seed `seed`"),
                             "type": .string("object"), "additionalProperties": .bool(false), "required": strings(["from", "seed", "trial"]),
                             "properties": obj(["from": obj(["type": .string("string"), "pattern": .string("^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$")]),
                                                "seed": obj(["anyOf": .array([obj(["type": .string("integer"), "minimum": .int(0)]),
                                                                              obj(["type": .string("string"), "pattern": .string("^[0-9]{1,20}$")])])]),
                                                "trial": obj(["type": .string("integer"), "minimum": .int(0), "maximum": .int(Int64(Scenario.maxTrials - 1))])])]),
                "roles": obj(["type": .string("object"), "minProperties": .int(1), "propertyNames": name, "additionalProperties": role]),
                "fresh": obj(["type": .string("object"), "propertyNames": name, "additionalProperties": ref("fresh")]),
                "steps": obj(["type": .string("array"), "minItems": .int(1), "items": ref("item")]),
                "checks": obj(["type": .string("array"), "items": ref("check")]),
            ]),
            "$defs": .object(defs),
        ])
    }

    static let delivery = obj(["enum": strings(DeliveryValue.allCases.map(\.rawValue))])

    static let reference: JSON = obj([
        "title": .string("A reference: a fresh value, an earlier step's output or input, a carried value, a repeat block's iteration or count, a number of the current delivery"),
        "type": .string("object"), "additionalProperties": .bool(false),
        "properties": obj(["fresh": obj(["type": .string("string")]), "output": obj(["type": .string("string"), "pattern": .string("^[^.]+\\..+$")]),
                           "input": obj(["type": .string("string"), "pattern": .string("^[^.]+\\..+$")]), "carry": name, "index": name, "count": name,
                           "delivery": delivery,
                           "of": obj(["anyOf": .array([ref("int64"), obj(["type": .string("object"), "additionalProperties": .bool(false),
                                                                           "required": strings(["delivery"]), "properties": obj(["delivery": delivery])])])]),
                           "flip": ref("int64"),
                           "slice": obj(["type": .string("array"), "minItems": .int(1), "maxItems": .int(2), "items": ref("int64")]),
                           "encoding": obj(["enum": strings(["base64", "base64url", "hex"])]), "prefix": obj(["type": .string("string")])]),
        "oneOf": .array(["fresh", "output", "input", "carry", "index", "count", "delivery"].map { obj(["required": strings([$0])]) }),
    ])

    /// An item of `steps`: a step, a repeat block or a deliver block.
    static let item: JSON = obj([
        "if": obj(["type": .string("object"), "required": strings(["repeat"])]), "then": ref("repeat"),
        "else": obj(["if": obj(["type": .string("object"), "required": strings(["deliver"])]), "then": ref("deliver"), "else": ref("step")]),
    ])

    static let count: JSON = obj([
        "title": .string("A count: N, {min, max} (drawn by the count schedule), or {oneOf: [...]}; at most \(FlowLimits.maxCount): a repetition must end"),
        "anyOf": .array([
            obj(["type": .string("integer"), "minimum": .int(0), "maximum": .int(Int64(FlowLimits.maxCount))]),
            obj(["type": .string("object"), "additionalProperties": .bool(false), "required": strings(["max"]),
                 "properties": obj(["min": obj(["type": .string("integer"), "minimum": .int(0), "maximum": .int(Int64(FlowLimits.maxCount))]),
                                    "max": obj(["type": .string("integer"), "minimum": .int(0), "maximum": .int(Int64(FlowLimits.maxCount))])])]),
            obj(["type": .string("object"), "additionalProperties": .bool(false), "required": strings(["oneOf"]),
                 "properties": obj(["oneOf": obj(["type": .string("array"), "minItems": .int(1),
                                                  "items": obj(["type": .string("integer"), "minimum": .int(0), "maximum": .int(Int64(FlowLimits.maxCount))])])])]),
        ]),
    ])

    static func order(delivery: Bool) -> JSON {
        let percent = obj(["type": .string("string"), "pattern": .string("^([0-9]|[1-9][0-9]|100)%$")])
        var props: [(key: String, value: JSON)] = [("shuffle", obj(["type": .string("boolean")])), ("delay", ref("count"))]
        if delivery { props += [("drop", percent), ("duplicate", percent)] }
        return obj([
            "title": .string(delivery ? "in-order, shuffled, {shuffle, delay, drop, duplicate} or the deliveries' iterations as a list"
                                      : "in-order, shuffled, {delay} or the iterations as a list"),
            "anyOf": .array([
                obj(["enum": strings(["in-order", "shuffled"])]),
                obj(["type": .string("array"), "items": obj(["type": .string("integer"), "minimum": .int(0)])]),
                obj(["type": .string("object"), "additionalProperties": .bool(false), "properties": .object(props),
                     "not": obj(["required": strings(["shuffle", "delay"]), "properties": obj(["shuffle": obj(["const": .bool(true)])])])]),
            ]),
        ])
    }

    static var repeatBlock: JSON {
        obj([
            "title": .string("A repeat block: its steps run count times, each iteration with its own fresh values"),
            "type": .string("object"), "additionalProperties": .bool(false), "required": strings(["repeat", "count", "steps"]),
            "properties": obj([
                "repeat": name, "doc": obj(["type": .string("string")]), "count": ref("count"), "order": ref("repeatOrder"),
                "fresh": obj(["type": .string("object"), "propertyNames": name, "additionalProperties": ref("blockFresh")]),
                "carry": obj(["type": .string("object"), "propertyNames": name,
                              "additionalProperties": obj(["type": .string("object"), "additionalProperties": .bool(false),
                                                           "required": strings(["first", "next"]), "properties": obj(["first": obj([:]), "next": obj([:])])])]),
                "steps": obj(["type": .string("array"), "minItems": .int(1), "items": ref("step")]),
            ]),
            // Iterations that carry a value to the next run in order: they cannot be permuted.
            "if": obj(["required": strings(["carry"]), "properties": obj(["carry": obj(["minProperties": .int(1)])])]),
            "then": obj(["properties": obj(["order": obj(["const": .string("in-order")])])]),
        ])
    }

    static var deliverBlock: JSON {
        let classes = obj(["enum": strings(DeliveryClass.allCases.map(\.rawValue))])
        let steps = obj(["type": .string("array"), "minItems": .int(1), "items": ref("step")])
        return obj([
            "title": .string("A deliver block: its steps run once per delivery of a repeat block's iterations, in a drawn order"),
            "type": .string("object"), "additionalProperties": .bool(false), "required": strings(["deliver", "id"]),
            "anyOf": .array([obj(["required": strings(["steps"])]), obj(["required": strings(["cases"])])]),
            "properties": obj([
                "deliver": name, "id": name, "doc": obj(["type": .string("string")]), "order": ref("order"),
                "receiver": obj(["type": .string("object"), "additionalProperties": .bool(false), "minProperties": .int(1), "maxProperties": .int(1),
                                 "properties": obj(["skipCap": obj(["type": .string("integer"), "minimum": .int(0)]),
                                                    "window": obj(["type": .string("integer"), "minimum": .int(0)])])]),
                "steps": steps,
                "cases": obj(["type": .string("array"), "minItems": .int(1),
                              "items": obj(["type": .string("object"), "additionalProperties": .bool(false), "required": strings(["on", "steps"]),
                                            "properties": obj(["on": obj(["type": .string("array"), "minItems": .int(1), "uniqueItems": .bool(true), "items": classes]),
                                                               "doc": obj(["type": .string("string")]), "steps": steps])])]),
            ]),
            // Nothing is beyond a receiver without a limit.
            "if": obj(["required": strings(["cases"]),
                       "properties": obj(["cases": obj(["contains": obj(["properties": obj(["on": obj(["contains": obj(["const": .string("beyond")])])])])])])]),
            "then": obj(["required": strings(["receiver"])]),
        ])
    }

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
        case .record(let r): return ref(r.name)
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

    static func fresh(_ kinds: [FreshKind], every: Bool = false) -> JSON {
        var branches: [JSON] = []
        for k in kinds {
            var props: [(key: String, value: JSON)] = [("kind", obj(["const": .string(k.rawValue)]))]
            for o in k.options {
                let schema: JSON
                switch o {
                case _ where k.lists.contains(o): schema = obj(["type": .string("array"), "items": obj(["type": .string("string")])])
                case "length", "maxLength": schema = obj(["type": .string("integer"), "minimum": .int(0)])
                case "lengths": schema = obj(["type": .string("array"), "minItems": .int(1), "items": obj(["type": .string("integer"), "minimum": .int(0)])])
                case "alphabet": schema = obj(["enum": strings(["tricky", "ascii", "digits"])])
                case "pipe": schema = obj(["type": .string("boolean")])
                case "min", "max": schema = ref("int64")
                case "outputPrefix": schema = obj(["enum": strings(TinkOutputPrefix.allCases.map(\.rawValue))])
                case "template": schema = obj(["enum": strings((k == .tinkAesGcmKeyset ? Array(TinkTemplates.aesGcm.keys) : Array(TinkTemplates.ecies.keys)).sorted())])
                default: schema = obj(["type": .string("string")])
                }
                props.append((o, schema))
            }
            if every { props.append(("every", ref("count"))) }
            let parts = k.parts.map(\.name)
            branches.append(obj(["title": .string("\(k.rawValue): parts \(parts.joined(separator: ", "))"),
                                 "type": .string("object"), "additionalProperties": .bool(false), "required": strings(["kind"]),
                                 "properties": .object(props)]))
        }
        return obj(["oneOf": .array(branches)])
    }
}
