/// A value crossing the harness: a vector's input, an implementation's output, an expected answer.
/// Bytes are bytes whatever encoding the file used; text is text.
public enum Value: Sendable, Equatable, Hashable {
    case bytes([UInt8])
    case text(String)
    case integer(Int64)
    case bool(Bool)
    case null
    case list([Value])
    case map([String: Value])

    /// Text compares by its UTF-8 bytes: Swift's `String ==` treats NFC and NFD as equal, and the
    /// contract does not (the bytes differ, so do the hashes and ciphertexts made from them).
    public static func == (a: Value, b: Value) -> Bool {
        switch (a, b) {
        case (.bytes(let x), .bytes(let y)): return Value.equal(x, y)
        case (.text(let x), .text(let y)): return x.utf8.elementsEqual(y.utf8)
        case (.integer(let x), .integer(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        case (.null, .null): return true
        case (.list(let x), .list(let y)): return x == y
        case (.map(let x), .map(let y)): return x == y
        default: return false
        }
    }

    /// Byte arrays compared eight bytes at a time (the judge compares every output it is given).
    @inline(__always)
    static func equal(_ x: [UInt8], _ y: [UInt8]) -> Bool {
        guard x.count == y.count else { return false }
        return x.withUnsafeBytes { a in
            y.withUnsafeBytes { b in
                let n = a.count
                var i = 0
                while i + 8 <= n {
                    if a.loadUnaligned(fromByteOffset: i, as: UInt64.self) != b.loadUnaligned(fromByteOffset: i, as: UInt64.self) { return false }
                    i += 8
                }
                while i < n {
                    if a[i] != b[i] { return false }
                    i += 1
                }
                return true
            }
        }
    }

    public func hash(into h: inout Hasher) {
        switch self {
        case .bytes(let b): h.combine(0); h.combine(b)
        case .text(let s): h.combine(1); for u in s.utf8 { h.combine(u) }
        case .integer(let i): h.combine(2); h.combine(i)
        case .bool(let b): h.combine(3); h.combine(b)
        case .null: h.combine(4)
        case .list(let l): h.combine(5); h.combine(l)
        case .map(let m): h.combine(6); h.combine(m)
        }
    }

    public var bytes: [UInt8]? { if case .bytes(let b) = self { return b }; return nil }
    public var text: String? { if case .text(let s) = self { return s }; return nil }
    public var integer: Int64? { if case .integer(let i) = self { return i }; return nil }

    /// The bytes compared for a mismatch: raw bytes, or the UTF-8 of text and numbers.
    public var comparableBytes: [UInt8] {
        switch self {
        case .bytes(let b): return b
        case .text(let s): return Array(s.utf8)
        case .integer(let i): return Array(String(i).utf8)
        case .bool(let b): return Array((b ? "true" : "false").utf8)
        case .null: return Array("null".utf8)
        case .list, .map: return Array(String(describing: self).utf8)
        }
    }

    /// A short human rendering: hex for bytes, quoted text, plain numbers.
    public var display: String {
        switch self {
        case .bytes(let b): return b.isEmpty ? "(empty)" : Hex.encode(b)
        case .text(let s): return "\"\(s)\""
        case .integer(let i): return String(i)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .list(let l): return "[" + l.map(\.display).joined(separator: ", ") + "]"
        case .map(let m): return "{" + m.keys.sorted().map { "\($0): \(m[$0]!.display)" }.joined(separator: ", ") + "}"
        }
    }
}

/// The error classes of VECTORS.md: what kind of refusal an implementation gave.
///
/// `unclassified` is a refusal the implementation cannot classify (Tink reports one error for
/// every failure while decrypting): an adapter or a captured file may answer it, a vector file may
/// not state it (`stated`), and it matches any expected class (docs/adapters.md).
public enum ErrorClass: String, Sendable, CaseIterable, Equatable {
    case authentication, format, parameters, key, unclassified

    /// The classes a vector may expect.
    public static let stated: [ErrorClass] = [.authentication, .format, .parameters, .key]

    /// Whether this refusal satisfies a vector that expects `expected`.
    public func matches(_ expected: ErrorClass) -> Bool { self == .unclassified || self == expected }
}

/// A refusal by the contract: the input is wrong in a way the contract names.
public struct ContractError: Error, Sendable, Equatable, CustomStringConvertible {
    // The message first: the class then fits after it (17 bytes, not 24; an outcome holds one).
    public var message: String
    public var errorClass: ErrorClass
    public init(_ errorClass: ErrorClass, _ message: String) { self.errorClass = errorClass; self.message = message }
    public var description: String { "\(errorClass.rawValue): \(message)" }
}
