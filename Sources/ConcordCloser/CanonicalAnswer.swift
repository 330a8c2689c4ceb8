import ConcordFormats
import ConcordSuites

extension FieldType {
    /// Closer's answer (§7) as a field's type: `{scaleValue: int|null, selectedOptionIds: [string],
    /// writtenText: string|null}`, a record type the harness reads and writes from its data (`Answer.type`).
    public static let answer = FieldType.record(Answer.type)
}

extension Answer {
    /// The answer as a record type (`RecordType`): its members in the contract's key order, the
    /// schema's words, and how exploration draws one (a scale value in and just outside 1...5 or
    /// null, or 2^63−1; up to three option ids, of `a`, `b`, `c` or an id; a text or null).
    public static let type = RecordType(
        name: "answer", title: "Answer",
        doc: "An answer (the Closer contract §7, docs/contracts/closer.md): a mapping with exactly the three keys `scaleValue`, `selectedOptionIds` and `writtenText`, all required (null for an absent value), in any order.",
        members: [
            .init("scaleValue", .integer(nullable: true), title: "Scale value",
                  doc: "An integer or null. Read as 64 bits, so a value outside the contract's 32 bits can be a `result: invalid` vector (`error: format`).",
                  draw: .init(nullOneIn: 4, from: [0, 1, 2, 3, 4, 5, 6, -1, Int64.max].map { .integer($0) })),
            .init("selectedOptionIds", .strings(item: "an option id"), title: "Selected option ids",
                  doc: "A sequence of strings, in any order, duplicates kept; `[]` when none.",
                  draw: .init(from: ["a", "b", "c"].map { .text($0) }, ownOneIn: 4, own: .id, maxCount: 3)),
            .init("writtenText", .string(nullable: true), title: "Written text",
                  doc: "A string or null; `\"\"` is distinct from null.",
                  draw: .init(nullOneIn: 3)),
        ])
}

/// The canonical answer JSON of CONTRACT.md §7 (schemaVersion 3):
/// `{"scaleValue":<int|null>,"selectedOptionIds":[<string>,...],"writtenText":<string|null>}`.
public struct Answer: Sendable, Equatable {
    public var scaleValue: Int32?
    public var selectedOptionIds: [String]
    public var writtenText: String?

    public init(scaleValue: Int32?, selectedOptionIds: [String], writtenText: String?) {
        self.scaleValue = scaleValue
        self.selectedOptionIds = selectedOptionIds
        self.writtenText = writtenText
    }

    /// From the harness's `answer` value (a map of the three keys); a `scaleValue` outside 32-bit
    /// signed is a `format` refusal, as the contract's type is an Int32.
    public init(_ v: Value) throws(ContractError) {
        guard case .map(let m) = v, Set(m.keys) == ["scaleValue", "selectedOptionIds", "writtenText"] else {
            throw ContractError(.format, "an answer must have exactly scaleValue, selectedOptionIds and writtenText")
        }
        switch m["scaleValue"]! {
        case .null: scaleValue = nil
        case .integer(let i):
            guard let s = Int32(exactly: i) else { throw ContractError(.format, "scaleValue \(i) is outside the 32-bit signed range") }
            scaleValue = s
        default: throw ContractError(.format, "scaleValue must be an integer or null")
        }
        guard case .list(let ids) = m["selectedOptionIds"]! else { throw ContractError(.format, "selectedOptionIds must be a list") }
        selectedOptionIds = []
        for id in ids {
            guard case .text(let s) = id else { throw ContractError(.format, "selectedOptionIds must hold strings") }
            selectedOptionIds.append(s)
        }
        switch m["writtenText"]! {
        case .null: writtenText = nil
        case .text(let s): writtenText = s
        default: throw ContractError(.format, "writtenText must be a string or null")
        }
    }

    public var value: Value {
        .map(["scaleValue": scaleValue.map { .integer(Int64($0)) } ?? .null,
              "selectedOptionIds": .list(selectedOptionIds.map { .text($0) }),
              "writtenText": writtenText.map { .text($0) } ?? .null])
    }

    /// Sorted ascending by UTF-16 code units (Java's `String.compareTo`), duplicates kept. Swift's
    /// `<` on String compares by canonical equivalence, which is not what Android does.
    public static func utf16Sorted(_ ids: [String]) -> [String] {
        ids.sorted { a, b in a.utf16.lexicographicallyPrecedes(b.utf16) }
    }

    /// The canonical bytes: fixed key order, no whitespace, the minimal escape set, no normalization.
    public var canonicalJSON: [UInt8] { json(.canonical) }

    /// How a JSON writer other than the contract's may have written the answer (the slips the
    /// `commitment-json` explanation rule tries): `canonical` is §7's form.
    public struct JSONForm: Sendable, Equatable {
        public enum IdOrder: Sendable, Equatable { case utf16, codePoints, asGiven }
        /// `/` written `\/` (Android's org.json, Apple's JSONSerialization).
        public var escapedSlash = false
        /// Every character above U+007F written `\uXXXX` (UTF-16 units; Python's `ensure_ascii`).
        public var asciiOnly = false
        /// `", "` and `": "` between items and after keys (Python's `json.dumps` default).
        public var spaced = false
        public var idOrder = IdOrder.utf16
        public init(escapedSlash: Bool = false, asciiOnly: Bool = false, spaced: Bool = false, idOrder: IdOrder = .utf16) {
            self.escapedSlash = escapedSlash
            self.asciiOnly = asciiOnly
            self.spaced = spaced
            self.idOrder = idOrder
        }
        public static let canonical = JSONForm()
    }

    /// The answer written in `form` (`canonicalJSON` is `json(.canonical)`).
    public func json(_ form: JSONForm) -> [UInt8] {
        let comma = Array((form.spaced ? ", " : ",").utf8), colon = Array((form.spaced ? ": " : ":").utf8)
        func key(_ k: String, into out: inout [UInt8]) { out += Array("\"\(k)\"".utf8) + colon }
        let ids: [String]
        switch form.idOrder {
        case .utf16: ids = Self.utf16Sorted(selectedOptionIds)
        case .codePoints: ids = selectedOptionIds.sorted { $0.unicodeScalars.map(\.value).lexicographicallyPrecedes($1.unicodeScalars.map(\.value)) }
        case .asGiven: ids = selectedOptionIds
        }
        var out = [UInt8]()
        out.append(UInt8(ascii: "{"))
        key("scaleValue", into: &out)
        out += Array((scaleValue.map { String($0) } ?? "null").utf8)
        out += comma
        key("selectedOptionIds", into: &out)
        out.append(UInt8(ascii: "["))
        for (i, id) in ids.enumerated() {
            if i > 0 { out += comma }
            Self.writeString(id, form, into: &out)
        }
        out.append(UInt8(ascii: "]"))
        out += comma
        key("writtenText", into: &out)
        if let t = writtenText { Self.writeString(t, form, into: &out) } else { out += Array("null".utf8) }
        out.append(UInt8(ascii: "}"))
        return out
    }

    /// Canonically: `"` `\` LF CR TAB escaped; every other character, `/`, U+2028 and other controls
    /// included, raw. `form` may also escape `/` and everything above U+007F.
    static func writeString(_ s: String, _ form: JSONForm = .canonical, into out: inout [UInt8]) {
        out.append(34)
        guard form.escapedSlash || form.asciiOnly else {
            for b in s.utf8 {
                switch b {
                case 34: out += [92, 34]
                case 92: out += [92, 92]
                case 10: out += [92, UInt8(ascii: "n")]
                case 13: out += [92, UInt8(ascii: "r")]
                case 9: out += [92, UInt8(ascii: "t")]
                default: out.append(b)
                }
            }
            out.append(34)
            return
        }
        for scalar in s.unicodeScalars {
            switch scalar.value {
            case 34: out += [92, 34]
            case 92: out += [92, 92]
            case 10: out += [92, UInt8(ascii: "n")]
            case 13: out += [92, UInt8(ascii: "r")]
            case 9: out += [92, UInt8(ascii: "t")]
            case 47 where form.escapedSlash: out += [92, 47]
            case 0x80... where form.asciiOnly:
                for unit in String(scalar).utf16 {
                    let hex = String(unit, radix: 16)
                    out += Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
                }
            default: out += Array(String(scalar).utf8)
            }
        }
        out.append(34)
    }

    /// Reads canonical answer JSON strictly: the bytes must be exactly what `canonicalJSON` writes
    /// for the answer they hold (anything else is `format`, with what differs).
    public static func parseCanonical(_ bytes: [UInt8]) throws(ContractError) -> Answer {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ContractError(.format, "the answer JSON is not valid UTF-8")
        }
        var r = CanonicalReader(bytes: bytes)
        let answer: Answer
        do { answer = try r.answer() } catch {
            throw ContractError(.format, "the answer JSON is not canonical: \(error.message) at byte \(r.i) of \(text.prefix(120))")
        }
        let again = answer.canonicalJSON
        if again != bytes {
            var i = 0
            while i < again.count && i < bytes.count && again[i] == bytes[i] { i += 1 }
            throw ContractError(.format, "the answer JSON is not canonical: it differs from its canonical form at byte \(i) (option ids out of UTF-16 order?)")
        }
        return answer
    }
}

/// A reader for exactly the canonical layout; tolerant of nothing.
private struct CanonicalReader {
    let bytes: [UInt8]
    var i = 0
    struct Failure: Error { var message: String }

    mutating func literal(_ s: String) throws(Failure) {
        let u = Array(s.utf8)
        guard i + u.count <= bytes.count, Array(bytes[i..<i + u.count]) == u else { throw Failure(message: "expected \(s)") }
        i += u.count
    }

    mutating func answer() throws(Failure) -> Answer {
        try literal(#"{"scaleValue":"#)
        var scale: Int32? = nil
        if bytes[i...].starts(with: Array("null".utf8)) { i += 4 } else {
            let start = i
            if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
            while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 { i += 1 }
            guard let v = Int32(String(decoding: bytes[start..<i], as: UTF8.self)) else { throw Failure(message: "scaleValue is not a 32-bit integer") }
            scale = v
        }
        try literal(#","selectedOptionIds":["#)
        var ids: [String] = []
        if i < bytes.count, bytes[i] != UInt8(ascii: "]") {
            while true {
                ids.append(try string())
                if i < bytes.count, bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                break
            }
        }
        try literal(#"],"writtenText":"#)
        var text: String? = nil
        if bytes[i...].starts(with: Array("null".utf8)) { i += 4 } else { text = try string() }
        try literal("}")
        guard i == bytes.count else { throw Failure(message: "trailing bytes") }
        return Answer(scaleValue: scale, selectedOptionIds: ids, writtenText: text)
    }

    mutating func string() throws(Failure) -> String {
        guard i < bytes.count, bytes[i] == 34 else { throw Failure(message: "expected a string") }
        i += 1
        var out = [UInt8]()
        while true {
            guard i < bytes.count else { throw Failure(message: "unterminated string") }
            let c = bytes[i]
            i += 1
            if c == 34 { break }
            if c != 92 { out.append(c); continue }
            guard i < bytes.count else { throw Failure(message: "unterminated escape") }
            let e = bytes[i]
            i += 1
            switch e {
            case 34: out.append(34)
            case 92: out.append(92)
            case UInt8(ascii: "n"): out.append(10)
            case UInt8(ascii: "r"): out.append(13)
            case UInt8(ascii: "t"): out.append(9)
            default: throw Failure(message: "escape \\\(String(decoding: [e], as: UTF8.self)) is not in the contract's escape set")
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
