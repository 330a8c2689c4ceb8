import ConcordFormats

public enum ResultKind: String, Sendable, CaseIterable {
    case valid, invalid, acceptable
}

/// An expected value, or the placeholder `TODO_ANDROID_RUN` (computed and shown, never compared).
public enum Expected: Sendable, Equatable {
    case value(Value)
    case placeholder

    public static let placeholderText = "TODO_ANDROID_RUN"
}

/// What a vector expects.
public enum Expectation: Sendable {
    /// Output fields, in the order the file wrote them.
    case outputs([(field: String, expected: Expected)])
    /// A refusal, optionally of a given class.
    case error(ErrorClass?)
    /// Nothing stated (only allowed for `acceptable`).
    case none
}

/// One loaded vector, defaults merged, every value decoded.
public struct Vector: Sendable {
    public var suite: String
    public var id: String
    public var file: String
    public var line: Int
    public var column: Int
    public var comment: String?
    public var flags: [String]
    public var op: String?
    public var result: ResultKind
    public var input: [String: Value]
    public var expect: Expectation
    /// The order in which the file wrote the input fields (for reports).
    public var inputOrder: [String]

    public init(suite: String, id: String, file: String, line: Int, column: Int, comment: String?, flags: [String],
                op: String?, result: ResultKind, input: [String: Value], expect: Expectation, inputOrder: [String]) {
        self.suite = suite
        self.id = id
        self.file = file
        self.line = line
        self.column = column
        self.comment = comment
        self.flags = flags
        self.op = op
        self.result = result
        self.input = input
        self.expect = expect
        self.inputOrder = inputOrder
    }

    /// `suite/id`, the vector's name everywhere.
    public var name: String { "\(suite)/\(id)" }

    public var hasPlaceholder: Bool {
        if case .outputs(let fields) = expect { return fields.contains { $0.expected == .placeholder } }
        return false
    }
}

/// A refusal of the input, with where it is.
public struct LoadError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }
    public var description: String { line > 0 ? "\(file):\(line):\(column): \(message)" : "\(file): \(message)" }
}
