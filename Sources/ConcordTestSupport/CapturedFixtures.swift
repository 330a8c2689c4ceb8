import ConcordFormats
import ConcordLoading
import Foundation

/// The captured-outputs fixtures the diff and command-line tests share: the answers the Closer
/// vectors expect ("truth") and a platform's that differ from them in three known ways.
public enum CapturedFixtures {
    public static func load(_ files: [String]) throws -> [Vector] {
        let loaded = VectorLoader().load(.paths(files.map { repositoryRoot + "/vectors/" + $0 }))
        return try loaded.vectorsOrFirstError()
    }

    public static func expected(_ v: Vector, _ field: String) -> Value? {
        guard case .outputs(let f) = v.expect, case .value(let x)? = f.first(where: { $0.field == field })?.expected else { return nil }
        return x
    }

    public static func entry(_ vector: String, _ outputs: [(String, Value)]) -> JSON {
        .object([("vector", .string(vector)), ("outputs", .object(outputs.map { ($0.0, $0.1.json) }))])
    }

    public static func file(_ name: String, _ results: [JSON]) -> String {
        JSON.object([("format", .string("concord-outputs/1")),
                     ("implementation", .object([("name", .string(name)), ("platform", .string("Android 15")), ("version", .string("app 3.2.0"))])),
                     ("results", .array(results))]).serialized(pretty: true)
    }

    /// The answers the vectors expect ("truth") and a platform's that differ in three known ways.
    public static func files() throws -> (vectors: [Vector], truth: String, device: String) {
        let vectors = try load(["closer/field/closer.yaml", "closer/canonical-json/closer.yaml", "closer/kdf-params/closer.yaml"])
        func v(_ n: String) -> Vector { vectors.first { $0.name == n }! }
        let text = v("closer.field/encrypt-text"), empty = v("closer.field/encrypt-empty"), escapes = v("closer.canonical-json/canonical-escapes")
        let kdf = vectors.first { $0.suite == "closer.kdf-params" && $0.result == .valid }!
        let wire = expected(text, "wire")!.text!, emptyWire = expected(empty, "wire")!.text!, json = expected(escapes, "json")!.text!
        guard case .outputs(let kdfFields) = kdf.expect else { throw LoadError(file: "closer/kdf-params/closer.yaml", line: 0, column: 0, message: "kdf vector without outputs") }
        let kdfOut = kdfFields.compactMap { f -> (String, Value)? in if case .value(let x) = f.expected { return (f.field, x) }; return nil }
        let field = "enc:v1:"   // Closer's field (CloserWire.field), standard base64
        let blob = try Wire.decode(wire, prefix: field, .standard)
        let emptyBlob = try Wire.decode(emptyWire, prefix: field, .standard)
        let truth = file("truth", [entry(text.name, [("wire", .text(wire))]), entry(empty.name, [("wire", .text(emptyWire))]),
                                   entry(escapes.name, [("json", .text(json))]), entry(kdf.name, kdfOut)])
        let device = file("android", [
            entry(text.name, [("wire", .text(field + Base64.encode(blob, .url)))]),
            entry(empty.name, [("wire", .text(field + Base64.encode([1, 0xde, 0xad, 0xbe, 0xef] + emptyBlob, .standard)))]),
            entry(escapes.name, [("json", .text(json.replacingOccurrences(of: "/", with: "\\/")))]),
            entry(kdf.name, kdfOut),
            .object([("vector", .string("closer.field/no-such-vector")), ("error", .string("authentication"))]),
        ])
        return (vectors, truth, device)
    }
}
