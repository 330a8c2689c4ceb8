import Foundation

/// A `concord-export/1` file (docs/export.md): its vectors, in file order.
public struct ConcordExport: Sendable {
    public let vectors: [ConcordVector]

    public struct ReadError: Error, CustomStringConvertible {
        public var description: String
    }

    public init(contentsOf url: URL) throws {
        try self.init(data: try Data(contentsOf: url), source: url.path)
    }

    /// `source` names the file in errors.
    public init(data: Data, source: String = "the export") throws {
        let top: KitJSON
        do { top = try KitJSON.parse(Array(data)) } catch { throw ReadError(description: "\(source): \(error)") }
        guard top["format"] == .string("concord-export/1") else {
            throw ReadError(description: "\(source): not a concord-export/1 file (no \"format\": \"concord-export/1\")")
        }
        guard case .array(let list)? = top["vectors"] else { throw ReadError(description: "\(source): \"vectors\" is not a list") }
        var out: [ConcordVector] = []
        for (i, v) in list.enumerated() {
            let at = "\(source): vectors[\(i)]"
            guard case .string(let name)? = v["name"], case .string(let suite)? = v["suite"], case .string(let result)? = v["result"] else {
                throw ReadError(description: "\(at) lacks a name, suite or result")
            }
            var op: String? = nil
            switch v["op"] { case .string(let s)?: op = s; case nil, .null?: break; default: throw ReadError(description: "\(at).op is not text") }
            guard case .object(let input)? = v["input"] else { throw ReadError(description: "\(at).input is not an object") }
            out.append(ConcordVector(name: name, suite: suite, op: op, result: result, input: input, expect: v["expect"]))
        }
        vectors = out
    }
}
