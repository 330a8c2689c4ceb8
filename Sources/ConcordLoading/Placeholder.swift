import ConcordFormats
import ConcordSuites

/// A placeholder as the file wrote it: the vector, the expect field, its type, and the position
/// of the scalar (1-based line, column in characters).
public struct Placeholder: Sendable, Equatable {
    public var vector: String
    public var field: String
    public var type: FieldType
    public var line: Int
    public var column: Int
    public init(vector: String, field: String, type: FieldType, line: Int, column: Int) {
        self.vector = vector
        self.field = field
        self.type = type
        self.line = line
        self.column = column
    }
}

