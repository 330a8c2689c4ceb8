import ConcordFormats
import ConcordPrimitives

/// What one generated case has drawn and shares between its fields (docs/exploration.md, "Rare
/// events"): one key pair per curve (a signature made with `private` verifies under `public`), the
/// public key its ECDH meets, its Tink keysets, what is left of its byte budget, and a note of each
/// rare event drawn (the case's description names them).
public struct KeyPairs: Sendable {
    public typealias Pair = (private: [UInt8], public: [UInt8])
    private var made: [FieldKind.Curve: Pair] = [:]
    private var peers: [FieldKind.Curve: Pair] = [:]
    var keysets: [String: [String: Value]] = [:]
    /// Bytes the case may still draw (SizeSchedule.caseBudget).
    public var bytesLeft = SizeSchedule.caseBudget
    /// The rare events and structured values drawn, in order (`x25519: shared-secret-2`).
    public private(set) var notes: [String] = []
    public init() {}

    mutating func note(_ s: String) { notes.append(s) }

    /// The case's pair of `curve`, drawn (from `rng`) the first time a field of the curve asks.
    public mutating func pair(_ curve: FieldKind.Curve, rng: inout SeededRandom) -> Pair {
        if made[curve] == nil { start(curve, rng: &rng) }
        return made[curve]!
    }

    /// The public key the case's ECDH of `curve` meets: the searched peer of a shared-secret event,
    /// else the case's own public key.
    public mutating func peerPublic(_ curve: FieldKind.Curve, rng: inout SeededRandom) -> [UInt8] {
        if made[curve] == nil { start(curve, rng: &rng) }
        return peers[curve]?.public ?? made[curve]!.public
    }

    /// A whole peer pair (the recipient of a keybox, whose private keyset opens it): the searched
    /// peer of a shared-secret event, else one drawn now.
    public mutating func peerPair(_ curve: FieldKind.Curve, rng: inout SeededRandom) -> Pair {
        if made[curve] == nil { start(curve, rng: &rng) }
        if let p = peers[curve] { return p }
        var events: [String] = []
        let p = RareEvents.pair(curve, rng: &rng, note: { events.append($0) })
        for e in events { note("\(curve.rawValue) peer \(e)") }
        peers[curve] = p
        return p
    }

    /// The first touch of a curve: a shared-secret event (a searched pair and peer) at its rate,
    /// else a pair drawn with the coordinate and scalar events at theirs.
    private mutating func start(_ curve: FieldKind.Curve, rng: inout SeededRandom) {
        if let (own, peer, event) = RareEvents.sharedSecret(curve, rng: &rng) {
            made[curve] = own
            peers[curve] = peer
            note("\(curve.rawValue) \(event)")
            return
        }
        var events: [String] = []
        made[curve] = RareEvents.pair(curve, rng: &rng, note: { events.append($0) })
        for e in events { note("\(curve.rawValue) \(e)") }
    }
}

/// The contracts' rare events made every few cases (docs/exploration.md, "Rare events"): shared
/// secrets and coordinates with leading zero bytes (UnluckyKeys, searched), scalars with leading
/// zero bytes, key ids at the 2^31 and 2^32 edges, counters at their wraps and caps.
public enum RareEvents {
    /// Out of 32 first touches of P-256 or X25519: a shared secret with one leading zero byte 4,
    /// with two 4. Out of 32 pairs drawn otherwise (the rest, and a keybox's recipient): a public
    /// coordinate with one zero byte 2 and two 2 (P-256: x or y, one each), a scalar with one
    /// leading zero byte 1 and two 1, the rest of no event. Ed25519: the scalar events only.
    public static let sharedSecretRate: UInt64 = 4, coordinateRate: UInt64 = 2, scalarRate: UInt64 = 1, denominator: UInt64 = 32

    static let table: [String: [UnluckyKeys.Entry]] = Dictionary(grouping: UnluckyKeys.entries) { $0.curve + " " + $0.event }

    static func entry(_ curve: FieldKind.Curve, _ event: String, rng: inout SeededRandom) -> UnluckyKeys.Entry? {
        guard let list = table[curve.rawValue + " " + event], !list.isEmpty else { return nil }
        return rng.pick(list)
    }

    static func bytes(_ hex: String?) -> [UInt8] { (try? Hex.decode(hex ?? "")) ?? [] }

    /// A shared-secret event at its rate: the case's pair, its peer and the event's name.
    static func sharedSecret(_ curve: FieldKind.Curve, rng: inout SeededRandom) -> (Pair, Pair, String)? {
        guard curve != .ed25519 else { return nil }
        let r = rng.below(denominator)
        guard r < 2 * sharedSecretRate else { return nil }
        let event = r < sharedSecretRate ? "shared-secret-1" : "shared-secret-2"
        guard let e = entry(curve, event, rng: &rng) else { return nil }
        return ((bytes(e.privateHex), bytes(e.publicHex)), (bytes(e.peerPrivateHex), bytes(e.peerPublicHex)),
                "shared-secret-leading-zeros-" + event.suffix(1))
    }
    typealias Pair = KeyPairs.Pair

    /// A pair of `curve`: a coordinate or a scalar event at its rate (named through `note`), else
    /// uniform. Every draw from `rng`; the public key computed by the primitives (libsodium, OpenSSL).
    static func pair(_ curve: FieldKind.Curve, rng: inout SeededRandom, note: (String) -> Void) -> Pair {
        let r = rng.below(denominator)
        let coordinates = curve == .ed25519 ? 0 : 2 * coordinateRate
        if r < coordinates {
            let zeros = r < coordinateRate ? 1 : 2
            let which = curve == .x25519 ? "public" : rng.chance(1, in: 2) ? "x" : "y"
            if let e = entry(curve, "\(which)-\(zeros)", rng: &rng) {
                note("\(which)-leading-zeros-\(zeros)")
                return (bytes(e.privateHex), bytes(e.publicHex))
            }
        }
        var zeros = 0
        if r >= coordinates && r < coordinates + 2 * scalarRate {
            zeros = r - coordinates < scalarRate ? 1 : 2
            note("scalar-leading-zeros-\(zeros)")
        }
        for _ in 0..<64 {
            var d = rng.bytes(32)
            for k in 0..<zeros { d[k] = 0 }
            do {
                switch curve {
                case .x25519: return (d, try X25519.publicKey(privateKey: d, backend: .libsodium))
                case .ed25519: return (d, try Ed25519.publicKey(privateKey: d, backend: .libsodium))
                case .p256:
                    guard d.contains(where: { $0 != 0 }), d.lexicographicallyPrecedes(NistCurve.p256.order) else { continue }
                    let (x, y) = try NistCurve.p256.publicKey(privateScalar: d)
                    return (d, NistCurve.uncompressed(x: x, y: y))
                }
            } catch { continue }
        }
        return (rng.bytes(32), rng.bytes(curve == .p256 ? 65 : 32))
    }

    /// The classes of Tink key ids, each drawn one time in eight: small (1–255), 2^31 − 1, 2^31,
    /// 2^31 + 1, any with the high bit set, 2^32 − 1, and (two in eight) any.
    public static let keyIdClasses = ["small", "2^31-1", "2^31", "2^31+1", "high-bit", "2^32-1", "any", "any"]

    public static func keyId(rng: inout SeededRandom) -> (id: UInt32, name: String) {
        let name = rng.pick(keyIdClasses)
        let r = UInt32(truncatingIfNeeded: rng.next())
        switch name {
        case "small": return (1 + (r & 0xFF) % 255, name)
        case "2^31-1": return (0x7FFF_FFFF, name)
        case "2^31": return (0x8000_0000, name)
        case "2^31+1": return (0x8000_0001, name)
        case "high-bit": return (r | 0x8000_0000, name)
        case "2^32-1": return (0xFFFF_FFFF, name)
        default: return (r == 0 ? 1 : r, name)
        }
    }

    /// The wraps every integer field draws among its edges (inside its range): 2^8, 2^16, 2^31
    /// and 2^32, each exact and minus one.
    public static let wraps: [Int64] = [255, 256, 65535, 65536, (1 << 31) - 1, 1 << 31, (1 << 32) - 1, 1 << 32]

    /// An integer's edges: its ends and one inside each, 0 and ±1, the wraps, and each cap exact and
    /// ±1, those inside the range.
    public static func edges(_ lo: Int64, _ hi: Int64, caps: [Int64]) -> [Int64] {
        var out: [Int64] = [lo, hi, lo &+ 1, hi &- 1, 0, 1, -1] + wraps
        for c in caps { out += [c &- 1, c, c &+ 1] }
        var seen = Set<Int64>()
        return out.filter { $0 >= lo && $0 <= hi && seen.insert($0).inserted }
    }
}
