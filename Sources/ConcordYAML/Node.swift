/// A position in a source file, 1-based.
public struct Mark: Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) { self.line = line; self.column = column }
    public var description: String { "\(line):\(column)" }

    /// The position of a byte offset in UTF-8 text: columns count characters, as libyaml's do.
    public init(byteOffset offset: Int, in bytes: [UInt8]) {
        var line = 1, start = 0
        let end = max(0, min(offset, bytes.count))
        for i in 0..<end where bytes[i] == 10 { line += 1; start = i + 1 }
        self.init(line: line, column: String(decoding: bytes[start..<end], as: UTF8.self).count + 1)
    }
}

/// A YAML node with its position. Scalars keep their source text and are typed by the YAML 1.2
/// core schema (`ScalarType`); mappings keep their key order.
public struct Node: Sendable {
    public enum Kind: Sendable {
        case scalar(String, ScalarType)
        case mapping([(key: Node, value: Node)])
        case sequence([Node])
    }
    public var kind: Kind
    public var mark: Mark

    public init(_ kind: Kind, at mark: Mark) { self.kind = kind; self.mark = mark }

    /// What a person would call this node's type, for error messages ("found an integer").
    public var typeDescription: String {
        switch kind {
        case .mapping: return "a mapping"
        case .sequence: return "a sequence"
        case .scalar(_, let t): return t.description
        }
    }

    public var mapping: [(key: Node, value: Node)]? {
        if case .mapping(let m) = kind { return m }
        return nil
    }
    public var sequence: [Node]? {
        if case .sequence(let s) = kind { return s }
        return nil
    }
    /// The text of a scalar that the core schema reads as a string.
    public var string: String? {
        if case .scalar(let s, .string) = kind { return s }
        return nil
    }
    public var scalarText: String? {
        if case .scalar(let s, _) = kind { return s }
        return nil
    }
}

/// The YAML 1.2 core schema's resolution of a scalar.
public enum ScalarType: Sendable, Equatable, CustomStringConvertible {
    case string, null, bool, integer, float

    public var description: String {
        switch self {
        case .string: return "a string"
        case .null: return "null"
        case .bool: return "a boolean"
        case .integer: return "an integer"
        case .float: return "a float"
        }
    }

    /// Resolve a plain (unquoted) scalar exactly as the YAML 1.2 core schema does.
    public static func resolvePlain(_ s: String) -> ScalarType {
        switch s {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE", "false", "False", "FALSE": return .bool
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF",
             ".nan", ".NaN", ".NAN": return .float
        default: break
        }
        let u = Array(s.utf8)
        if isCoreInteger(u) { return .integer }
        if isCoreFloat(u) { return .float }
        return .string
    }

    private static func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }

    static func isCoreInteger(_ u: [UInt8]) -> Bool {
        if u.count > 2, u[0] == 48, u[1] == UInt8(ascii: "o") {
            return u.dropFirst(2).allSatisfy { $0 >= 48 && $0 <= 55 }
        }
        if u.count > 2, u[0] == 48, u[1] == UInt8(ascii: "x") {
            return u.dropFirst(2).allSatisfy { isDigit($0) || ($0 | 0x20 >= 97 && $0 | 0x20 <= 102) }
        }
        var i = 0
        if let f = u.first, f == UInt8(ascii: "+") || f == UInt8(ascii: "-") { i = 1 }
        return i < u.count && u[i...].allSatisfy(isDigit)
    }

    /// `[-+]? ( \. [0-9]+ | [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?`
    static func isCoreFloat(_ u: [UInt8]) -> Bool {
        var i = 0
        let n = u.count
        if i < n, u[i] == UInt8(ascii: "+") || u[i] == UInt8(ascii: "-") { i += 1 }
        var intDigits = 0
        while i < n, isDigit(u[i]) { i += 1; intDigits += 1 }
        var fracDigits = 0
        if i < n, u[i] == UInt8(ascii: ".") {
            i += 1
            while i < n, isDigit(u[i]) { i += 1; fracDigits += 1 }
            if intDigits == 0 && fracDigits == 0 { return false }
        } else if intDigits == 0 {
            return false
        }
        if i < n, u[i] == UInt8(ascii: "e") || u[i] == UInt8(ascii: "E") {
            i += 1
            if i < n, u[i] == UInt8(ascii: "+") || u[i] == UInt8(ascii: "-") { i += 1 }
            var expDigits = 0
            while i < n, isDigit(u[i]) { i += 1; expDigits += 1 }
            if expDigits == 0 { return false }
        }
        return i == n
    }
}

/// A refusal with the position it is about. `description` reads `line:column: message`; the
/// caller prefixes the file name.
public struct YAMLError: Error, Sendable, CustomStringConvertible {
    public var mark: Mark
    public var message: String
    public init(_ message: String, at mark: Mark) { self.message = message; self.mark = mark }
    public var description: String { "\(mark): \(message)" }
}
