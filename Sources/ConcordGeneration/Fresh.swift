import ConcordFormats
import ConcordPrimitives

/// A kind of fresh value a scenario declares (docs/scenarios.md, "Fresh values"): each makes one
/// or more typed parts (`{fresh: pair.public}`), drawn from a `SeededRandom` stream, with the edges
/// interop bugs hide in (a coordinate or shared secret with a leading zero byte, a Tink key id at or
/// above 2^31, the shortest and longest lengths, a text of nothing but the contract's tricky characters).
/// The generic kinds (bytes, text, ids, integers, key pairs, Tink keysets) are here (`generic`); a
/// contract pack declares its own as values (`Pack.freshKinds`: Closer's `recovery-phrase`), each
/// with its parts, options, edges and the function that draws it.
public struct FreshKind: Sendable, Equatable, CustomStringConvertible {
    /// Its name, as a scenario's `kind:` gives it.
    public let name: String
    /// The parts it makes and their types; the part named `value` is the whole value (`{fresh: NAME}`).
    public let parts: [(name: String, type: FreshType)]
    /// The options its declaration may give: the generic ones by name (`length`, `sharedWith`, …)
    /// and `lists`.
    public let options: [String]
    /// Its options that take a list of strings (read into `FreshOptions.lists`): a pack kind's own.
    public let lists: [String]
    let edgeList: @Sendable (FreshOptions) -> [String]
    let source: Source

    /// How a pack's kind is drawn: its declaration, the edge it takes this trial (nil: none, else one
    /// of its edges), the value's own stream.
    public typealias Draw = @Sendable (_ declaration: FreshDeclaration, _ edge: String?, _ rng: inout SeededRandom) throws(FreshValues.Failure) -> [String: Value]

    enum Source: Sendable {
        case generic(Generic)
        case pack(Draw)
    }

    enum Generic: Sendable {
        case bytes, text, id, integer, x25519KeyPair, ed25519KeyPair, p256KeyPair, tinkEciesKeyset, tinkAesGcmKeyset
    }

    /// A pack's kind: `edges` in the order edge trials take them (docs/scenarios.md, "Edges").
    public init(name: String, parts: [(name: String, type: FreshType)], lists: [String] = [],
                edges: @escaping @Sendable (FreshOptions) -> [String] = { _ in [] }, draw: @escaping Draw) {
        self.init(name: name, parts: parts, options: lists, lists: lists, edges: edges, source: .pack(draw))
    }

    init(name: String, parts: [(name: String, type: FreshType)], options: [String], lists: [String] = [],
         edges: @escaping @Sendable (FreshOptions) -> [String], source: Source) {
        self.name = name
        self.parts = parts
        self.options = options
        self.lists = lists
        self.edgeList = edges
        self.source = source
    }

    /// Kinds are known by their name (a scenario names one so).
    public static func == (a: FreshKind, b: FreshKind) -> Bool { a.name == b.name }
    public var description: String { name }
    /// Its name (the name the enum it replaces gave it).
    public var rawValue: String { name }

    /// Its edges, in the order edge trials take them (docs/scenarios.md, "Edges").
    public func edges(_ options: FreshOptions) -> [String] { edgeList(options) }

    /// Whether a part of it is a record (an `answer`): such kinds are listed after the plain ones.
    var makesRecord: Bool { parts.contains { if case .record = $0.type { return true } else { return false } } }

    public static let bytes = FreshKind(name: "bytes", parts: [("value", .bytes)], options: ["length", "lengths"],
                                        edges: { $0.lengths.count > 1 ? ["shortest", "longest"] : [] }, source: .generic(.bytes))
    public static let text = FreshKind(name: "text", parts: [("value", .text)], options: ["length", "maxLength", "alphabet"],
                                       edges: { _ in ["tricky-only", "longest"] }, source: .generic(.text))
    public static let id = FreshKind(name: "id", parts: [("value", .text)], options: ["length", "pipe"],
                                     edges: { $0.pipe ? ["pipe"] : [] }, source: .generic(.id))
    public static let integer = FreshKind(name: "integer", parts: [("value", .integer)], options: ["min", "max"],
                                          edges: { _ in ["min", "max"] }, source: .generic(.integer))
    public static let x25519KeyPair = FreshKind(name: "x25519-key-pair", parts: [("private", .bytes), ("public", .bytes)], options: [],
                                                edges: { _ in [] }, source: .generic(.x25519KeyPair))
    public static let ed25519KeyPair = FreshKind(name: "ed25519-key-pair", parts: [("private", .bytes), ("public", .bytes)], options: [],
                                                 edges: { _ in [] }, source: .generic(.ed25519KeyPair))
    public static let p256KeyPair = FreshKind(
        name: "p256-key-pair", parts: [("private", .bytes), ("public", .bytes), ("x", .bytes), ("y", .bytes)], options: ["sharedWith"],
        edges: { ($0.sharedWith != nil ? ["shared-secret-leading-zero"] : []) + ["x-leading-zero", "y-leading-zero"] }, source: .generic(.p256KeyPair))
    public static let tinkEciesKeyset = FreshKind(
        name: "tink-ecies-p256-keyset",
        parts: [("privateKeyset", .text), ("publicKeyset", .text), ("publicKey", .text), ("keyId", .integer), ("private", .bytes), ("public", .bytes)],
        options: ["sharedWith", "outputPrefix", "template"],
        edges: { ($0.sharedWith != nil ? ["shared-secret-leading-zero"] : []) + ["key-id-high-bit", "x-leading-zero"] }, source: .generic(.tinkEciesKeyset))
    public static let tinkAesGcmKeyset = FreshKind(
        name: "tink-aes-gcm-keyset",
        parts: [("keysetJson", .text), ("keys", .text), ("primaryKeyId", .integer), ("key", .bytes), ("keyId", .integer)],
        options: ["outputPrefix", "rotates", "template"], edges: { _ in ["key-id-high-bit", "key-id-small"] }, source: .generic(.tinkAesGcmKeyset))

    /// The kinds every scenario has, whatever its packs.
    public static let generic: [FreshKind] = [.bytes, .text, .id, .integer, .x25519KeyPair, .ed25519KeyPair, .p256KeyPair, .tinkEciesKeyset, .tinkAesGcmKeyset]

    /// Every kind a scenario may declare with these packs' kinds (`Pack.freshKinds`, in `Packs.all`
    /// order): the generic ones, then the packs' kinds of plain values (texts: `recovery-phrase`,
    /// `invite-code`, `pairing-code`), then those that make a record (`answer`), as the docs' table
    /// lists them.
    public static func catalog(_ packKinds: [FreshKind]) -> [FreshKind] {
        generic + packKinds.filter { !$0.makesRecord } + packKinds.filter(\.makesRecord)
    }
}

/// A fresh part's type: a vector field's (`FieldType`: bytes, text, an integer, or a record a pack
/// defines, such as Closer's answer).
public typealias FreshType = FieldType

/// A fresh value's declared options, already checked by the scenario reader.
public struct FreshOptions: Sendable {
    /// Byte lengths to draw from (`length` is one).
    public var lengths: [Int] = [32]
    /// Text: the exact length in characters, else up to `maxLength`.
    public var length: Int? = nil
    public var maxLength: Int = 24
    /// Text: `tricky` (the contracts' hard characters among ASCII letters), `ascii`, `digits`.
    public var alphabet: String = "tricky"
    /// Id: may contain `|` (on edge trials it does).
    public var pipe = false
    public var min: Int64 = 0
    public var max: Int64 = 1000
    /// Another fresh key pair or keyset whose public key this one's private key meets in an ECDH:
    /// the shared-secret edge grinds this one's scalar until the x-coordinate starts with 0x00.
    public var sharedWith: String? = nil
    public var outputPrefix: TinkOutputPrefix = .tink
    /// An AES-GCM keyset this one rotates: its keys stay (enabled, not primary), a new primary is added.
    public var rotates: String? = nil
    /// AES-GCM keysets: the key's size in bytes (16 or 32), from the template.
    public var keySize: Int = 32
    /// ECIES keysets: the point format (`UNCOMPRESSED`, `COMPRESSED`), from the template.
    public var pointFormat: String = "UNCOMPRESSED"
    /// A pack kind's options that take a list of strings (`FreshKind.lists`), by name: Closer's
    /// `answer` takes `options`, the option ids a selection draws from.
    public var lists: [String: [String]] = [:]
    public init() {}
}

/// Tink's key templates a keyset may name (`template:`): Tink's own names, each its key size or point
/// format and output prefix (Tink Java's `AesGcmKeyManager` and `EciesAeadHkdfPrivateKeyManager`).
public enum TinkTemplates {
    public static let aesGcm: [String: (keySize: Int, prefix: TinkOutputPrefix)] = [
        "AES128_GCM": (16, .tink), "AES256_GCM": (32, .tink), "AES128_GCM_RAW": (16, .raw), "AES256_GCM_RAW": (32, .raw),
    ]
    public static let ecies: [String: (pointFormat: String, prefix: TinkOutputPrefix)] = [
        "ECIES_P256_HKDF_HMAC_SHA256_AES128_GCM": ("UNCOMPRESSED", .tink),
        "ECIES_P256_HKDF_HMAC_SHA256_AES128_GCM_RAW": ("UNCOMPRESSED", .raw),
        "ECIES_P256_COMPRESSED_HKDF_HMAC_SHA256_AES128_GCM": ("COMPRESSED", .tink),
        "ECIES_P256_COMPRESSED_HKDF_HMAC_SHA256_AES128_GCM_RAW": ("COMPRESSED", .raw),
    ]
}

/// One declared fresh value: its name, kind and options.
public struct FreshDeclaration: Sendable {
    public var name: String
    public var kind: FreshKind
    public var options: FreshOptions
    public init(name: String, kind: FreshKind, options: FreshOptions) {
        self.name = name
        self.kind = kind
        self.options = options
    }
    /// The other fresh values it is made from (drawn first).
    public var dependencies: [String] { [options.sharedWith, options.rotates].compactMap { $0 } }
    /// The one its kind is made from: the keyset an AES-GCM keyset rotates, the key an ECDH pair meets.
    var drawnAfter: String? {
        switch kind {
        case .tinkAesGcmKeyset: return options.rotates
        case .p256KeyPair, .tinkEciesKeyset: return options.sharedWith
        default: return nil
        }
    }
}

/// The characters the contracts' traps are about (docs/scenarios.md): astral characters, the top of
/// the BMP (U+E000–U+FFFF: private use, U+FEFF, U+FFFD, U+FFFF), combining marks, NUL and other
/// controls, U+2028/2029, the JSON escapes' characters and the `|` that joins ids.
public enum TrickyCharacters {
    public static let scalars: [Unicode.Scalar] = [
        "\u{1F600}", "\u{10000}", "\u{10FFFF}", "\u{E000}", "\u{FEFF}", "\u{FFFD}", "\u{FFFF}",
        "\u{0301}", "\u{0308}", "\u{0000}", "\u{0001}", "\u{001F}", "\u{007F}", "\u{0085}",
        "\u{2028}", "\u{2029}", "\"", "\\", "/", "|", "\u{00E9}", "\u{00A0}",
    ]
    static let letters: [Unicode.Scalar] = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ".unicodeScalars)
    static let idLetters: [Unicode.Scalar] = Array("abcdefghijklmnopqrstuvwxyz0123456789-_".unicodeScalars)
}

/// A trial's fresh values: every declared value drawn from its own stream, so one value does not move
/// when another is added, and the same seed, scenario and trial give the same values anywhere.
public enum FreshValues {
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// The parts of every declaration, keyed `name` (the `value` part) or `name.part`.
    /// `edge`: which edge each value takes this trial (nil: none), from `EdgeSchedule`.
    /// `parts`: the keys a scenario reads (nil: every part). A rotated keyset's `keysetJson` and
    /// `keys` hold every key of its chain, so they are written only when read: a chain of n
    /// rotations is drawn in time linear in n, not in the keys of all its keysets.
    public static func draw(_ declarations: [FreshDeclaration], path: [String], trial: Int, parts wanted: Set<String>? = nil) throws(Failure) -> [String: Value] {
        var out: [String: Value] = [:]
        // Each value is drawn after the one it names (each names at most one: sharedWith or rotates),
        // walking that forest depth first without recursion: a chain of 100,000 is not 100,000 frames.
        let forest = try Forest(declarations)
        // The AES-GCM keysets drawn: the key each adds, and the keyset it rotates (its keys come first).
        var added: [Int: (id: UInt32, key: [UInt8], prefix: TinkOutputPrefix)] = [:]
        // The key ids of the keysets on the path from the root: a new primary's id is not one of them.
        var ids = Set<UInt32>()
        var stack: [(index: Int, next: Int)] = []
        for root in forest.roots {
            var k = root
            while true {
                let d = declarations[k]
                var rng = SeededRandom(path: path + ["trial", String(trial), "fresh", d.name])
                let edge = EdgeSchedule.edge(trial: trial, edges: d.kind.edges(d.options), rng: &rng)
                let made: [String: Value]
                if d.kind == .tinkAesGcmKeyset {
                    if let p = forest.parent[k], added[p] == nil {
                        throw Failure(description: "fresh \(d.name) rotates \(declarations[p].name), which is not a tink-aes-gcm-keyset")
                    }
                    var id = keyID(edge: edge, rng: &rng)
                    while ids.contains(id) { id = keyID(edge: nil, rng: &rng) }
                    let key = rng.bytes(d.options.keySize)
                    added[k] = (id, key, d.options.outputPrefix)
                    ids.insert(id)
                    var parts: [String: Value] = ["primaryKeyId": .integer(Int64(id)), "key": .bytes(key), "keyId": .integer(Int64(id))]
                    let json = wanted?.contains(d.name + ".keysetJson") ?? true, list = wanted?.contains(d.name + ".keys") ?? true
                    if json || list {
                        var chain: [Int] = [k]
                        while let p = forest.parent[chain.last!] { chain.append(p) }
                        let keys = chain.reversed().map { added[$0]! }
                        if json { parts["keysetJson"] = .text(aesGcmKeysetJSON(keys, primary: id)) }
                        if list { parts["keys"] = .text(JSON.array(keys.map { .object([("keyId", .int(Int64($0.id))), ("key", .string(Hex.encode($0.key)))]) }).serialized()) }
                    }
                    made = parts
                } else {
                    made = try generate(d, edge: edge, rng: &rng, peer: try peer(d.options, out, d.name))
                }
                for (part, value) in made { out[part == "value" ? d.name : d.name + "." + part] = value }
                stack.append((k, 0))
                // The next value to draw: the next child of the deepest value that has one left.
                var next: Int? = nil
                while let (top, n) = stack.last {
                    let children = forest.children[top] ?? []
                    if n < children.count {
                        stack[stack.count - 1].next += 1
                        next = children[n]
                        break
                    }
                    stack.removeLast()
                    if let a = added[top] { ids.remove(a.id) }
                }
                guard let n = next else { break }
                k = n
            }
        }
        return out
    }

    /// The values each declaration names (`sharedWith` or `rotates`), as a forest: every value
    /// names at most one other. A name that is not declared, or a cycle, is refused.
    struct Forest {
        var roots: [Int] = []
        var parent: [Int: Int] = [:]
        var children: [Int: [Int]] = [:]

        init(_ declarations: [FreshDeclaration]) throws(Failure) {
            var index: [String: Int] = [:]
            for (k, d) in declarations.enumerated() where index[d.name] == nil { index[d.name] = k }
            for (k, d) in declarations.enumerated() {
                guard let dep = d.drawnAfter else { roots.append(k); continue }
                guard let p = index[dep] else { throw Failure(description: "fresh \(d.name) names \(dep), which is not declared") }
                parent[k] = p
                children[p, default: []].append(k)
            }
            // Every value reachable from a root is drawn; one that is not is on a cycle or hangs from one.
            var reached = Set(roots), todo = roots
            while let k = todo.popLast() { for c in children[k] ?? [] where reached.insert(c).inserted { todo.append(c) } }
            guard let lost = declarations.indices.first(where: { !reached.contains($0) }) else { return }
            var seen: [Int: Int] = [:]   // declaration → its place on the walk
            var walk: [Int] = []
            var k = lost
            while seen[k] == nil {
                seen[k] = walk.count
                walk.append(k)
                k = parent[k]!
            }
            let cycle = walk[seen[k]!...].map { declarations[$0].name } + [declarations[k].name]
            throw Failure(description: "fresh values depend on each other in a cycle: \(FreshValues.describeCycle(cycle))")
        }
    }

    /// Whether the declarations name each other in a cycle (or name an undeclared value): its
    /// description, without drawing anything.
    public static func dependencyProblem(_ declarations: [FreshDeclaration]) -> String? {
        do { _ = try Forest(declarations) } catch { return error.description }
        return nil
    }

    /// A cycle of names `a → b → a`; a long one shows its first and last names and how many between.
    public static func describeCycle(_ names: [String]) -> String {
        guard names.count > 12 else { return names.joined(separator: " → ") }
        return (names.prefix(5) + ["… (\(names.count - 10) more)"] + names.suffix(5)).joined(separator: " → ")
    }

    /// Every kind but `tink-aes-gcm-keyset` (drawn by `draw`, which knows the keyset it rotates): a
    /// pack's kind by its own function.
    static func generate(_ d: FreshDeclaration, edge: String?, rng: inout SeededRandom, peer: [UInt8]?) throws(Failure) -> [String: Value] {
        let o = d.options
        let generic: FreshKind.Generic
        switch d.kind.source {
        case .pack(let draw): return try draw(d, edge, &rng)
        case .generic(let g): generic = g
        }
        switch generic {
        case .bytes:
            let sorted = o.lengths.sorted()
            let n = edge == "shortest" ? sorted.first! : edge == "longest" ? sorted.last! : rng.pick(o.lengths)
            return ["value": .bytes(rng.bytes(n))]
        case .text:
            return ["value": .text(text(o, edge: edge, rng: &rng))]
        case .id:
            let n = o.length ?? 12
            var s = String.UnicodeScalarView()
            for _ in 0..<n { s.append(rng.pick(TrickyCharacters.idLetters)) }
            var id = String(s)
            if o.pipe && (edge == "pipe" || rng.chance(1, in: 4)) && n >= 3 {
                var chars = Array(id)
                chars[1 + rng.int(0...(n - 3))] = "|"
                id = String(chars)
            }
            return ["value": .text(id)]
        case .integer:
            let v = edge == "min" ? o.min : edge == "max" ? o.max
                : o.min &+ Int64(bitPattern: rng.below(UInt64(bitPattern: o.max &- o.min) &+ 1 == 0 ? UInt64.max : UInt64(bitPattern: o.max &- o.min) &+ 1))
            return ["value": .integer(v)]
        case .x25519KeyPair:
            let d = rng.bytes(32)
            do { return ["private": .bytes(d), "public": .bytes(try X25519.publicKey(privateKey: d, backend: .libsodium))] }
            catch { throw Failure(description: "fresh x25519 key pair: \(error)") }
        case .ed25519KeyPair:
            let d = rng.bytes(32)
            do { return ["private": .bytes(d), "public": .bytes(try Ed25519.publicKey(privateKey: d, backend: .libsodium))] }
            catch { throw Failure(description: "fresh ed25519 key pair: \(error)") }
        case .p256KeyPair:
            let (d, x, y) = try p256(edge: edge, sharedWith: peer, rng: &rng, name: d.name)
            return ["private": .bytes(d), "public": .bytes(NistCurve.uncompressed(x: x, y: y)), "x": .bytes(x), "y": .bytes(y)]
        case .tinkEciesKeyset:
            let (scalar, x, y) = try p256(edge: edge, sharedWith: peer, rng: &rng, name: d.name)
            let keyId = keyID(edge: edge, rng: &rng)
            let pub = EciesPublicKey(keyId: keyId, outputPrefix: o.outputPrefix, curve: "NIST_P256", hashFunction: "SHA256", hkdfSalt: [],
                                     demTypeURL: TinkAesGcmKeyset.typeURL, demKeySize: 16, pointFormat: o.pointFormat, x: x, y: y)
            return ["privateKeyset": .text(TinkKeysetWriter.privateKeysetJSON(EciesPrivateKey(publicKey: pub, scalar: scalar))),
                    "publicKeyset": .text(TinkKeysetWriter.publicKeysetJSON(pub)),
                    "publicKey": .text(TinkKeysetWriter.publicKeyWire(pub)),
                    "keyId": .integer(Int64(keyId)), "private": .bytes(scalar), "public": .bytes(NistCurve.uncompressed(x: x, y: y))]
        case .tinkAesGcmKeyset:
            throw Failure(description: "fresh \(d.name): a tink-aes-gcm-keyset is drawn with the keyset it rotates")
        }
    }

    /// The public point another declaration's ECDH meets, when `sharedWith` names one.
    static func peer(_ o: FreshOptions, _ made: [String: Value], _ name: String) throws(Failure) -> [UInt8]? {
        guard let other = o.sharedWith else { return nil }
        guard case .bytes(let p)? = made[other + ".public"], p.count == 65 else {
            throw Failure(description: "fresh \(name): sharedWith names \(other), which is not a p256-key-pair or tink-ecies-p256-keyset")
        }
        return p
    }

    /// A P-256 scalar and its point, ground (deterministically, from the stream) until the edge holds.
    static func p256(edge: String?, sharedWith: [UInt8]?, rng: inout SeededRandom, name: String) throws(Failure) -> ([UInt8], [UInt8], [UInt8]) {
        let order = NistCurve.p256.order
        for _ in 0..<100_000 {
            let d = rng.bytes(32)
            guard d.contains(where: { $0 != 0 }), d.lexicographicallyPrecedes(order) else { continue }
            do {
                let (x, y) = try NistCurve.p256.publicKey(privateScalar: d)
                switch edge {
                case "x-leading-zero": if x[0] != 0 { continue }
                case "y-leading-zero": if y[0] != 0 { continue }
                case "shared-secret-leading-zero":
                    if let peer = sharedWith, try NistCurve.p256.sharedSecret(privateScalar: d, publicPoint: peer)[0] != 0 { continue }
                default: break
                }
                return (d, x, y)
            } catch { throw Failure(description: "fresh \(name): \(error)") }
        }
        throw Failure(description: "fresh \(name): no P-256 key with the edge \(edge ?? "none") in 100000 draws")
    }

    static func keyID(edge: String?, rng: inout SeededRandom) -> UInt32 {
        let r = UInt32(truncatingIfNeeded: rng.next())
        switch edge {
        case "key-id-high-bit": return r | 0x8000_0000
        case "key-id-small": return 1 + (r & 0xFF)
        default: return r == 0 ? 1 : r
        }
    }

    /// A text of the options' length and alphabet; `tricky-only`: every tricky character once
    /// (what a pack's kind draws its texts with, too).
    public static func text(_ o: FreshOptions, edge: String?, rng: inout SeededRandom) -> String {
        let n = o.length ?? (edge == "longest" ? o.maxLength : rng.int(1...max(1, o.maxLength)))
        var s = String.UnicodeScalarView()
        switch o.alphabet {
        case "digits": for _ in 0..<n { s.append(Unicode.Scalar(UInt8(48 + rng.int(0...9)))) }
        case "ascii": for _ in 0..<n { s.append(rng.pick(TrickyCharacters.letters)) }
        default:
            if edge == "tricky-only" {
                // Every tricky character once, a combining mark after a letter, then to the length.
                s.append("e")
                for c in TrickyCharacters.scalars { s.append(c) }
                return String(s)
            }
            for _ in 0..<n { s.append(rng.chance(1, in: 3) ? rng.pick(TrickyCharacters.scalars) : rng.pick(TrickyCharacters.letters)) }
        }
        return String(s)
    }

    /// A Tink cleartext JSON keyset of `AesGcmKey`s, every key enabled.
    static func aesGcmKeysetJSON(_ keys: [(id: UInt32, key: [UInt8], prefix: TinkOutputPrefix)], primary: UInt32) -> String {
        typealias W = ProtobufWriter
        return JSON.object([
            ("primaryKeyId", .int(Int64(primary))),
            ("key", .array(keys.map { k in .object([
                ("keyData", .object([("typeUrl", .string(TinkAesGcmKeyset.typeURL)),
                                     ("value", .string(Base64.encode(W.field(3, bytes: k.key), .standard))),
                                     ("keyMaterialType", .string("SYMMETRIC"))])),
                ("status", .string("ENABLED")), ("keyId", .int(Int64(k.id))), ("outputPrefixType", .string(k.prefix.rawValue)),
            ]) })),
        ]).serialized()
    }
}

/// Which edge a value takes in a trial (docs/scenarios.md, "Edges"): odd trials are edge trials,
/// trial 2k+1 taking edge k mod the kind's edge count, so a default run of 4 trials takes every
/// value's first two edges (the shared-secret leading zero first where a value has it); even trials
/// draw uniformly, taking one of the edges with probability 1/8.
public enum EdgeSchedule {
    public static func edge(trial: Int, edges: [String], rng: inout SeededRandom) -> String? {
        guard !edges.isEmpty else { return nil }
        if trial % 2 == 1 { return edges[(trial / 2) % edges.count] }
        return rng.chance(1, in: 8) ? rng.pick(edges) : nil
    }
}
