/// A structured field type a contract pack defines by data (Closer's `answer`): a mapping of named
/// members, each of a member type, in the order a vector file writes them. The loader, the vector
/// writer, the schema, `concord serve`'s decoding, `concord fill`'s type check and exploration's
/// generator read every record type from this value alike; the pack that uses it (in a suite's
/// field or a fresh kind) owns what its values mean (docs/design.md, "Adding a pack").
public struct RecordType: Sendable, Hashable, CustomStringConvertible {
    /// Its name: the type's name in messages and in the schema (`$defs/<name>`).
    public var name: String
    /// The schema's title (`Answer`).
    public var title: String
    /// The schema's description: what a value is and where its contract says so.
    public var doc: String
    /// Its members, in the order a vector file writes them.
    public var members: [Member]

    public init(name: String, title: String, doc: String, members: [Member]) {
        self.name = name
        self.title = title
        self.doc = doc
        self.members = members
    }

    /// One member: its name, type, the schema's title and description, and how exploration draws it.
    public struct Member: Sendable, Hashable {
        public var name: String
        public var type: MemberType
        public var title: String
        public var doc: String
        public var draw: Draw
        public init(_ name: String, _ type: MemberType, title: String, doc: String, draw: Draw = Draw()) {
            self.name = name
            self.type = type
            self.title = title
            self.doc = doc
            self.draw = draw
        }
    }

    /// What a member holds: an integer (64 bits, as every vector integer), a string, or a list of
    /// strings (`item` names one in messages: `an option id`); integers and strings may be null.
    public enum MemberType: Sendable, Hashable {
        case integer(nullable: Bool)
        case string(nullable: Bool)
        case strings(item: String)

        public var nullable: Bool {
            switch self {
            case .integer(let n), .string(let n): return n
            case .strings: return false
            }
        }

        /// As a vector file's reader says it: `an integer or null`, `a sequence of strings`.
        public var spelled: String {
            switch self {
            case .integer(let n): return n ? "an integer or null" : "an integer"
            case .string(let n): return n ? "a string or null" : "a string"
            case .strings: return "a sequence of strings"
            }
        }

        /// As the adapter protocol's JSON says it: `integer or null`, `strings`.
        public var jsonSpelled: String {
            switch self {
            case .integer(let n): return n ? "integer or null" : "integer"
            case .string(let n): return n ? "string or null" : "string"
            case .strings: return "strings"
            }
        }

        /// Whether `v` is a value of this member type.
        public func holds(_ v: Value) -> Bool {
            switch (self, v) {
            case (.integer, .integer), (.string, .text): return true
            case (.integer(true), .null), (.string(true), .null): return true
            case (.strings, .list(let items)): return items.allSatisfy { if case .text = $0 { return true } else { return false } }
            default: return false
            }
        }
    }

    /// How exploration draws a member (`FieldGenerators`), every draw from the case's stream in
    /// member order: null one time in `nullOneIn` (a nullable member; 0: never), else one of
    /// `from` (a list: each item), or, one time in `ownOneIn` or when `from` is empty, a value of
    /// the member's own generator (`own`: a text or an id of the Unicode catalogue; an integer at its
    /// edges); a list has 0 to `maxCount` items.
    public struct Draw: Sendable, Hashable {
        public enum Own: Sendable, Hashable { case text, id }
        public var nullOneIn: UInt64
        public var from: [Value]
        public var ownOneIn: UInt64
        public var own: Own
        public var maxCount: Int
        public init(nullOneIn: UInt64 = 0, from: [Value] = [], ownOneIn: UInt64 = 0, own: Own = .text, maxCount: Int = 3) {
            self.nullOneIn = nullOneIn
            self.from = from
            self.ownOneIn = ownOneIn
            self.own = own
            self.maxCount = maxCount
        }
    }

    /// `an answer`, `a tally`: the name with its article, as messages say it.
    public var called: String {
        ("aeiou".contains(name.first ?? "x") ? "an " : "a ") + name
    }

    /// `scaleValue, selectedOptionIds and writtenText`.
    public var memberList: String {
        let names = members.map(\.name)
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }

    /// `an answer {scaleValue, selectedOptionIds, writtenText}`.
    public var description: String {
        "\(called) {\(members.map(\.name).joined(separator: ", "))}"
    }

    /// What is wrong with `v` as a value of this record (nil: it is one): a mapping of exactly its
    /// members, each of its member type.
    public func problem(_ v: Value) -> String? {
        guard case .map(let m) = v else { return "\(name) must be a mapping of \(memberList)" }
        if let extra = m.keys.sorted().first(where: { k in !members.contains { $0.name == k } }) {
            return "\(name) must have exactly \(memberList) (unknown field \"\(extra)\")"
        }
        for member in members {
            guard let x = m[member.name] else { return "\(name) must have exactly \(memberList) (missing \(member.name))" }
            if !member.type.holds(x) { return "\(member.name) must be \(member.type.spelled)" }
        }
        return nil
    }

    /// The keys of a mapping in the order a vector file writes them: those of the first record
    /// type that has any of them, in its member order, then any other sorted.
    public static func keyOrder(_ m: [String: Value], records: [RecordType]) -> [String] {
        guard let r = records.first(where: { r in r.members.contains { m[$0.name] != nil } }) else { return m.keys.sorted() }
        let order = r.members.map(\.name)
        return order.filter { m[$0] != nil } + m.keys.filter { !order.contains($0) }.sorted()
    }
}
