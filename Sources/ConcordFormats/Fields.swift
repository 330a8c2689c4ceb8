import ConcordSync

/// Named values in a fixed order: a vector's input, a request's.
///
/// A dictionary per vector cost hundreds of bytes and a hash per lookup. Here the names live in one
/// shared list per order (the vectors of a file mostly write their inputs in one order) and
/// each vector holds only its values; a lookup compares the few names in turn (docs/history/2026-11-30-performance-*.md).
/// It reads like `[String: Value]`: equality and hashing ignore the order, as a dictionary's do.
public struct Fields: Sendable {
    /// One order of field names, interned: every `Fields` with this order shares one, and it lives
    /// as long as the process (a `Fields` then holds it without counting references: two workers
    /// counting references to one object made each check wait for the other core; docs/history/2026-11-30-performance-*.md).
    /// Distinct orders are few (permutations of a suite's input names); docs/limits.md.
    public final class Names: Sendable {
        public let list: [String]
        /// The names again, and each one's length in UTF-8 bytes (most names differ in length, and
        /// comparing two lengths costs far less than comparing two strings), in memory read without
        /// counting references: every check looks a name up here, on every worker at once.
        private let names: ImmortalBuffer<String>
        private let lengths: ImmortalBuffer<Int>
        private init(_ list: [String]) {
            self.list = list
            names = ImmortalBuffer(list)
            lengths = ImmortalBuffer(list.map(\.utf8.count))
        }

        /// The one `Names` with this list (names must be distinct).
        public static func interned(_ list: [String]) -> Order { table.intern(list) { Names(list) } }
        private static let table = Interner<[String], Names>()
        public static let empty = interned([])

        /// The position of `key`, if it is one of the names.
        @inline(__always)
        public func index(of key: String) -> Int? {
            let n = key.utf8.count
            var i = 0
            while i < names.count {
                if lengths[i] == n && names[i] == key { return i }
                i += 1
            }
            return nil
        }
    }
    /// An interned order of names (held without counting references: interned names live as long
    /// as the process).
    public typealias Order = Interned<Names>

    private var namesRef: Order
    public var names: Names { namesRef.object }
    public private(set) var values: [Value]

    public init() {
        namesRef = Names.empty
        values = []
    }

    /// `names` must be distinct and as many as `values`.
    public init(names: Order, values: [Value]) {
        precondition(names.object.list.count == values.count, "Fields: \(names.object.list.count) names for \(values.count) values")
        self.namesRef = names
        self.values = values
    }

    /// In this order; a repeated name keeps its first place and its last value.
    public init(ordered pairs: [(String, Value)]) {
        var list: [String] = []
        var values: [Value] = []
        list.reserveCapacity(pairs.count)
        values.reserveCapacity(pairs.count)
        for (k, v) in pairs {
            if let i = list.firstIndex(of: k) { values[i] = v } else { list.append(k); values.append(v) }
        }
        self.namesRef = Names.interned(list)
        self.values = values
    }

    /// The names in `order` that the dictionary has, then its other names sorted.
    public init(_ dictionary: [String: Value], order: [String] = []) {
        var list = order.filter { dictionary[$0] != nil }
        if list.count < dictionary.count {
            let listed = Set(list)
            list += dictionary.keys.filter { !listed.contains($0) }.sorted()
        }
        self.namesRef = Names.interned(list)
        self.values = list.map { dictionary[$0]! }
    }

    @inline(__always)
    func index(_ key: String) -> Int? { namesRef.withObject { $0.index(of: key) } }

    public subscript(key: String) -> Value? {
        get { index(key).map { values[$0] } }
        set {
            if let i = index(key) {
                if let v = newValue { values[i] = v } else {
                    var list = names.list
                    list.remove(at: i)
                    values.remove(at: i)
                    namesRef = Names.interned(list)
                }
            } else if let v = newValue {
                namesRef = Names.interned(names.list + [key])
                values.append(v)
            }
        }
    }

    public var count: Int { values.count }
    public var isEmpty: Bool { values.isEmpty }
    /// The names, in order.
    public var keys: [String] { names.list }
    public var dictionary: [String: Value] { Dictionary(uniqueKeysWithValues: zip(names.list, values)) }
}

extension Fields: Sequence {
    public struct Iterator: IteratorProtocol {
        let fields: Fields
        var i = 0
        public mutating func next() -> (key: String, value: Value)? {
            guard i < fields.values.count else { return nil }
            defer { i += 1 }
            return (fields.names.list[i], fields.values[i])
        }
    }
    public func makeIterator() -> Iterator { Iterator(fields: self) }
    public var underestimatedCount: Int { values.count }
}

extension Fields: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, Value)...) { self.init(ordered: elements) }
}

extension Fields: Equatable, Hashable {
    /// As dictionaries compare: the same names with equal values, in any order.
    public static func == (a: Fields, b: Fields) -> Bool {
        guard a.count == b.count else { return false }
        if a.namesRef == b.namesRef { return a.values == b.values }
        for (k, v) in a { guard b[k] == v else { return false } }
        return true
    }
    /// Order-independent, as a dictionary's hash is.
    public func hash(into hasher: inout Hasher) {
        var combined = 0
        for (k, v) in self {
            var h = Hasher()
            h.combine(k)
            h.combine(v)
            combined ^= h.finalize()
        }
        hasher.combine(count)
        hasher.combine(combined)
    }
}
