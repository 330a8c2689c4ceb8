import ConcordFormats
import ConcordSuites

/// The Firestore documents of an answer (the Closer contract §11; the notes' section 10 and their
/// `firestore.rules` patterns), as created: which fields each kind has, and what each must hold.
public enum CloserDocuments {
    enum Rule {
        case text, bool, falseOnCreate, timestamp, answerType, date
        case version(Int64)
        case pattern(prefix: String, alphabet: Set<UInt8>, minimum: Int, exact: Int?, padding: Bool)
    }

    static let b64url = Set(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8))
    static let b64 = Set(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8))
    /// `^sealed:v1:[A-Za-z0-9_-]{80,}$`
    static let sealed = Rule.pattern(prefix: "sealed:v1:", alphabet: b64url, minimum: 80, exact: nil, padding: false)
    /// `^sha256:[A-Za-z0-9_-]{43}$`
    static let commitment = Rule.pattern(prefix: "sha256:", alphabet: b64url, minimum: 43, exact: 43, padding: false)
    /// `enc:v1:` + b64 with padding
    static let field = Rule.pattern(prefix: "enc:v1:", alphabet: b64, minimum: 4, exact: nil, padding: true)
    /// `keybox:v1:` + b64url
    static let keybox = Rule.pattern(prefix: "keybox:v1:", alphabet: b64url, minimum: 1, exact: nil, padding: false)

    static let kinds: [String: [(String, Rule)]] = [
        "answer-v2": [("userId", .text), ("questionId", .text), ("answerType", .answerType), ("schemaVersion", .version(2)),
                      ("answerDate", .date), ("createdAt", .timestamp), ("updatedAt", .timestamp), ("isRevealed", .falseOnCreate)],
        "answer-v2-payload": [("encryptedPayload", field)],
        "answer-v3": [("userId", .text), ("questionId", .text), ("answerType", .answerType), ("encryptedPayload", sealed),
                      ("commitmentHash", commitment), ("schemaVersion", .version(3)), ("answerKeyReleased", .falseOnCreate),
                      ("answerDate", .date), ("createdAt", .timestamp), ("updatedAt", .timestamp), ("isRevealed", .falseOnCreate)],
        "thread-answer-v3": [("userId", .text), ("questionId", .text), ("answerType", .answerType), ("encryptedPayload", sealed),
                             ("commitmentHash", commitment), ("schemaVersion", .version(3)), ("answerKeyReleased", .falseOnCreate),
                             ("createdAt", .timestamp), ("updatedAt", .timestamp)],
        "release-key": [("recipientUserId", .text), ("encryptedAnswerKey", keybox), ("releasedAt", .timestamp)],
    ]
    public static var kindNames: [String] { kinds.keys.sorted() }

    /// The document's field names, sorted and joined with `,`, or a `format` refusal naming the field at fault.
    public static func validate(kind: String, document: String) throws(ContractError) -> String {
        guard let rules = kinds[kind] else {
            throw ContractError(.parameters, "kind \(Printable.escape(kind)) is not one of \(kindNames.joined(separator: ", "))")
        }
        let parsed: JSON
        do { parsed = try JSON.parse(document) } catch { throw ContractError(.format, "document is not JSON: \(error)") }
        guard let members = parsed.objectValue else { throw ContractError(.format, "document is not a JSON object") }
        var seen = Set<String>()
        for m in members {
            guard seen.insert(m.key).inserted else { throw ContractError(.format, "document has the field \(Printable.escape(m.key)) twice") }
        }
        let names = Set(rules.map(\.0))
        if let extra = members.map(\.key).first(where: { !names.contains($0) }) {
            throw ContractError(.format, "\(kind) has no field \(Printable.escape(extra)) (its fields: \(rules.map(\.0).joined(separator: ", ")))")
        }
        for (name, rule) in rules {
            guard let v = parsed[name] else { throw ContractError(.format, "\(kind) lacks the field \(name)") }
            try check(name, v, rule)
        }
        return members.map(\.key).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }.joined(separator: ",")
    }

    static func check(_ name: String, _ v: JSON, _ rule: Rule) throws(ContractError) {
        func bad(_ why: String) -> ContractError { ContractError(.format, "\(name) \(why)") }
        switch rule {
        case .text:
            guard let s = v.stringValue, !s.isEmpty else { throw bad("must be a non-empty string") }
        case .bool:
            guard case .bool = v else { throw bad("must be a boolean") }
        case .falseOnCreate:
            guard case .bool(let b) = v else { throw bad("must be a boolean") }
            if b { throw bad("must be false when the document is created") }
        case .timestamp:
            if v.isNull { throw bad("must be a timestamp, not null") }
        case .answerType:
            guard let s = v.stringValue, ["text", "multiple_choice", "scale"].contains(s) else {
                throw bad("must be text, multiple_choice or scale")
            }
        case .date:
            guard let s = v.stringValue else { throw bad("must be a YYYY-MM-DD string") }
            let u = Array(s.utf8)
            let digits = [0, 1, 2, 3, 5, 6, 8, 9]
            guard u.count == 10, u[4] == UInt8(ascii: "-"), u[7] == UInt8(ascii: "-"),
                  digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(u[$0]) }) else {
                throw bad("must be a YYYY-MM-DD string")
            }
        case .version(let n):
            guard v.intValue == n else { throw bad("must be \(n)") }
        case .pattern(let prefix, let alphabet, let minimum, let exact, let padding):
            guard let s = v.stringValue, s.hasPrefix(prefix) else { throw bad("must start with \(prefix)") }
            var body = Array(s.utf8.dropFirst(prefix.utf8.count))
            if padding {
                var pads = 0
                while body.last == UInt8(ascii: "="), pads < 2 { body.removeLast(); pads += 1 }
                guard (body.count + pads) % 4 == 0 else { throw bad("is not padded base64 after \(prefix)") }
            }
            if let i = body.firstIndex(where: { !alphabet.contains($0) }) {
                throw bad("has a character outside the \(padding ? "base64" : "base64url") alphabet at position \(prefix.utf8.count + i + 1)")
            }
            if let exact, body.count != exact { throw bad("has \(body.count) characters after \(prefix); the rules require \(exact)") }
            if body.count < minimum { throw bad("has \(body.count) characters after \(prefix); the rules require at least \(minimum)") }
        }
    }
}
