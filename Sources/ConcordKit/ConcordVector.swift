import Foundation

/// One vector: its name, suite and op, and typed access to its input fields. From an export file it
/// also carries its expected result; from a live request only the input.
public struct ConcordVector: Sendable {
    /// `<suite>/<id>`; empty for a live request.
    public let name: String
    /// The canonical suite name, e.g. `closer.field`.
    public let suite: String
    /// The op (`encrypt`, `decrypt`, …), or nil for a suite without ops.
    public let op: String?
    /// `valid`, `invalid`, `acceptable` or `pending` (not settled: compute and report it); empty for a live request.
    public let result: String
    /// The input fields, in the vector's order.
    public let input: [(String, KitJSON)]
    /// The `expect` object, when the export has one.
    public let expect: KitJSON?

    /// Whether the input has this field (optional fields may be absent).
    public func has(_ field: String) -> Bool { value(field) != nil }

    /// The input field names, in order.
    public var fields: [String] { input.map(\.0) }

    func value(_ field: String) -> KitJSON? {
        guard let v = input.first(where: { $0.0 == field })?.1, v != .null else { return nil }
        return v
    }

    func require(_ field: String) throws -> KitJSON {
        guard let v = value(field) else { throw ConcordInputError(description: "the input has no field \(field)") }
        return v
    }

    /// A bytes input (`{"hex": …}`).
    public func bytes(_ field: String) throws -> [UInt8] {
        guard case .string(let hex)? = try require(field)["hex"] else { throw ConcordInputError(description: "\(field) is not bytes") }
        guard let b = Hex.decode(hex) else { throw ConcordInputError(description: "\(field): invalid hex") }
        return b
    }

    /// A bytes input as `Data`.
    public func data(_ field: String) throws -> Data { Data(try bytes(field)) }

    /// A text input.
    public func text(_ field: String) throws -> String {
        guard case .string(let s) = try require(field) else { throw ConcordInputError(description: "\(field) is not text") }
        return s
    }

    /// An integer input.
    public func integer(_ field: String) throws -> Int64 {
        guard case .integer(let i) = try require(field) else { throw ConcordInputError(description: "\(field) is not an integer") }
        return i
    }

    /// An answer input (`scaleValue`, `selectedOptionIds`, `writtenText`).
    public func answer(_ field: String) throws -> ConcordAnswer {
        let v = try require(field)
        let bad = ConcordInputError(description: "\(field) is not an answer {scaleValue, selectedOptionIds, writtenText}")
        guard case .object = v, case .array(let ids)? = v["selectedOptionIds"] else { throw bad }
        var scale: Int64? = nil, text: String? = nil, list: [String] = []
        switch v["scaleValue"] { case .integer(let i)?: scale = i; case .null?, nil: break; default: throw bad }
        switch v["writtenText"] { case .string(let s)?: text = s; case .null?, nil: break; default: throw bad }
        for id in ids { guard case .string(let s) = id else { throw bad }; list.append(s) }
        return ConcordAnswer(scaleValue: scale, selectedOptionIds: list, writtenText: text)
    }

    /// The expected refusal class when the vector expects one ("" when any refusal will do), else nil.
    public var expectedError: String? {
        guard let e = expect?["error"] else { return nil }
        if case .string(let c) = e { return c }
        return ""
    }

    /// The expected output field names (placeholders included); empty for a refusal or no expectation.
    public var expectedFields: [String] {
        guard case .object(let m)? = expect, expect?["error"] == nil else { return [] }
        return m.map(\.0)
    }
}

/// An answer value.
public struct ConcordAnswer: Sendable, Equatable {
    public var scaleValue: Int64?
    public var selectedOptionIds: [String]
    public var writtenText: String?
    public init(scaleValue: Int64?, selectedOptionIds: [String], writtenText: String?) {
        self.scaleValue = scaleValue
        self.selectedOptionIds = selectedOptionIds
        self.writtenText = writtenText
    }
}

/// A field missing or of the wrong kind: a failure of the harness or the handler, never a refusal.
public struct ConcordInputError: Error, CustomStringConvertible {
    public var description: String
}

enum Hex {
    static func decode(_ s: String) -> [UInt8]? {
        let u = Array(s.utf8)
        guard u.count % 2 == 0 else { return nil }
        func nibble(_ c: UInt8) -> UInt8? {
            switch c {
            case 48...57: return c - 48
            case 97...102: return c - 87
            case 65...70: return c - 55
            default: return nil
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(u.count / 2)
        var i = 0
        while i < u.count {
            guard let h = nibble(u[i]), let l = nibble(u[i + 1]) else { return nil }
            out.append(h << 4 | l)
            i += 2
        }
        return out
    }

    static func encode<C: Collection>(_ b: C) -> String where C.Element == UInt8 {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(b.count * 2)
        for x in b { out.append(digits[Int(x >> 4)]); out.append(digits[Int(x & 15)]) }
        return String(decoding: out, as: UTF8.self)
    }
}
