import ConcordImplementations
import ConcordSuites

/// Whose answer an explored or recorded vector may expect (docs/exploration.md, "Whose answer a
/// vector expects"; docs/scenarios.md, "Recording"). Exploration and scenarios run the app's own code
/// as their *subject*: what it answers is what is being checked, so it never decides an expected
/// value, and neither do Concord's own ports on their own (Concord agreeing with itself proves
/// nothing). An expected value needs a library's own code that another implementation agrees with:
///
/// - only a side holding a library's own code can be expected (a side of libraries outvotes any
///   number of ports, and the app);
/// - that side needs at least two implementations that count: the library and another library or
///   a Concord port (the app under test and a program that only claims a library count for nothing);
/// - two sides that each hold a library are libraries disagreeing: nothing is expected, and that is a
///   finding of its own.
///
/// Otherwise the vector is pending: every side's answer in its comment, no `expect`, flagged for
/// review. (`concord fill` has its own rule, docs/fill.md: there the app's capture *is* the witness.)
public enum WitnessRule {
    /// Who wrote an implementation's code for one suite, as the rule counts it.
    public enum Kind: Sendable, Equatable, Hashable {
        /// A library's own code, called directly (named): decides, and counts.
        case library(String)
        /// Concord's own port of the contract (or an implementation that declares nothing): counts
        /// beside a library, never decides.
        case port
        /// The app's own code (a user adapter, a captured file): the code under test, never counted.
        case subject
        /// A library a program Concord did not start claims (`Provenance.claimed`): never counted.
        case claimed(library: String, by: String)

        /// From an implementation's provenance for the suite (nil: it declares nothing: a port).
        public init(_ p: Provenance?) {
            switch p {
            case .library(let what)?: self = .library(what)
            case .app?: self = .subject
            case .claimed(let what, let by)?: self = .claimed(library: what, by: by)
            case .ownPort?, nil: self = .port
            }
        }

        public var isLibrary: Bool { if case .library = self { return true } else { return false } }
        /// Whether it counts toward the two implementations an expected value needs.
        public var counts: Bool {
            switch self {
            case .library, .port: return true
            case .subject, .claimed: return false
            }
        }

        /// What it is, for a vector's comment and `source:`.
        public var description: String {
            switch self {
            case .library(let what): return "library: \(what)"
            case .port: return "Concord's own port"
            case .subject: return "the app under test"
            case .claimed(let what, let by): return "claims library: \(what), but \(by) names the program: not counted"
            }
        }
    }

    /// One implementation on a side.
    public struct Member: Sendable, Equatable, Hashable {
        public var name: String
        public var kind: Kind
        public init(name: String, kind: Kind) {
            self.name = name
            self.kind = kind
        }
        /// `openssl (library: OpenSSL EVP …)`.
        public var described: String { "\(name) (\(kind.description))" }
    }

    /// Why nothing is expected.
    public enum Pending: Sendable, Equatable {
        /// No side holds a library's own code: only the app under test and Concord's own ports (or
        /// programs that only claim a library) answered.
        case noLibrary
        /// A library answered, but no other implementation that counts agreed with it.
        case loneLibrary(String)
        /// Libraries answered on more than one side (their sides' indexes).
        case librariesDisagree([Int])
    }

    public enum Decision: Sendable, Equatable {
        /// The side's answer is expected: `agreed` are the members that count (libraries first).
        case expect(side: Int, agreed: [Member])
        case pending(Pending)

        public var isPending: Bool { if case .pending = self { return true } else { return false } }
    }

    /// The decision over sides that disagree (or one side, when all agree), each the members that gave
    /// one answer.
    public static func decide(_ sides: [[Member]]) -> Decision {
        let withLibrary = sides.indices.filter { sides[$0].contains { $0.kind.isLibrary } }
        guard let only = withLibrary.first else { return .pending(.noLibrary) }
        guard withLibrary.count == 1 else { return .pending(.librariesDisagree(withLibrary)) }
        let counted = sides[only].filter(\.kind.counts)
        let agreed = counted.filter(\.kind.isLibrary) + counted.filter { !$0.kind.isLibrary }
        guard agreed.count >= 2 else { return .pending(.loneLibrary(agreed[0].name)) }
        return .expect(side: only, agreed: agreed)
    }

    /// `openssl (library: …), libsodium (library: …) and swift (Concord's own port) agreed`.
    public static func agreement(_ agreed: [Member]) -> String {
        let names = agreed.map(\.described)
        let list = names.count <= 1 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
        return list + " agreed"
    }

    /// Why a vector is pending, in a sentence (the sides' members by index for libraries that disagree).
    public static func explain(_ why: Pending, sides: [[Member]]) -> String {
        switch why {
        case .noLibrary:
            return "no independent witness: no library's own code answered (the app under test is the subject, and Concord's own ports agreeing prove only that Concord agrees with itself)"
        case .loneLibrary(let name):
            return "no independent witness: \(name) is the only library that answered, and no other implementation that counts (another library or a Concord port) agreed with it"
        case .librariesDisagree(let k):
            let parts = k.map { i in sides[i].filter(\.kind.isLibrary).map(\.name).joined(separator: "+") }
            return "no independent witness: the libraries disagree (\(parts.joined(separator: " vs ")))"
        }
    }
}
