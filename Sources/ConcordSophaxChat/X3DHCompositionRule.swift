import ConcordFormats
import ConcordSuites

extension ExplanationRules {
    /// The X3DH key pairs of each side (sophaxchat.md §1), in the order DH1..DH4: (private, public).
    public static let x3dhPairs: [(op: String, pairs: [(String, String)])] = [
        ("initiate", [("identityPrivateKey", "theirSignedPrekey"), ("ephemeralPrivateKey", "theirIdentityKey"),
                      ("ephemeralPrivateKey", "theirSignedPrekey"), ("ephemeralPrivateKey", "theirOneTimePrekey")]),
        ("respond", [("signedPrekeyPrivateKey", "theirIdentityKey"), ("identityPrivateKey", "theirEphemeralKey"),
                     ("signedPrekeyPrivateKey", "theirEphemeralKey"), ("oneTimePrekeyPrivateKey", "theirEphemeralKey")]),
    ]

    /// The traps of sophaxchat.md §1 in an X3DH key that differs: with the vector's keys at hand,
    /// recomputes the master secret with each slip and names the one that gives actual's key:
    /// Signal's `0xFF × 32` prefix instead of the seed's `0x00 × 32`, no prefix at all, the DH values
    /// passed through a big integer (leading zero bytes dropped, or, read as a big-endian number,
    /// their last zero bytes dropped: Java's `XECPublicKey.getU()`), or the two halves of the master
    /// secret swapped. Only when expected is the contract's key for this input. Four X25519 and a
    /// few HKDFs: cheap.
    public static let x3dhComposition = ExplanationRule(name: "x3dh-composition") { expected, actual, context in
        guard case .bytes(let e) = expected, case .bytes(let a) = actual, e.count == 32, a.count == 32 else { return nil }
        // The DH values, from whichever side's keys the input holds.
        var dhs: [[UInt8]]? = nil
        for side in x3dhPairs {
            var values: [[UInt8]] = []
            for (i, (priv, pub)) in side.pairs.enumerated() {
                guard case .bytes(let p)? = context[priv], case .bytes(let q)? = context[pub] else {
                    if i == 3 { break } else { values = []; break }
                }
                guard let s = crypto.x25519(privateKey: p, publicKey: q) else { return nil }
                values.append(s)
            }
            if values.count >= 3 { dhs = values; break }
        }
        guard let dhs else { return nil }
        let zero = [UInt8](repeating: 0, count: 32), info = Array("SophaxChat_X3DH_v1".utf8)
        func master(prefix: [UInt8], _ values: [[UInt8]]) -> (root: [UInt8], chain: [UInt8]) {
            let m = crypto.hkdfSHA256(ikm: prefix + values.joined(), salt: zero, info: info, size: 64)
            return (Array(m[..<32]), Array(m[32...]))
        }
        let contract = master(prefix: zero, dhs)
        // The premise: expected is the contract's root key or chain key of this input.
        let half: String
        if e == contract.root { half = "root" } else if e == contract.chain { half = "chain" } else { return nil }
        func pick(_ k: (root: [UInt8], chain: [UInt8])) -> [UInt8] { half == "root" ? k.root : k.chain }
        let leading = dhs.map { Array($0.drop(while: { $0 == 0 })) }
        let trailing = dhs.map { Array($0.reversed().drop(while: { $0 == 0 }).reversed()) }
        func which(_ changed: [[UInt8]]) -> String {
            let names = zip(dhs, changed).enumerated().filter { $0.element.0 != $0.element.1 }.map { "DH\($0.offset + 1)" }
            return names.joined(separator: ", ")
        }
        let slips: [(values: [[UInt8]], prefix: [UInt8], words: String)] = [
            (dhs, [UInt8](repeating: 0xFF, count: 32), "the 32-byte prefix is 0xFF × 32 (Signal's X3DH for X25519); the seed, and the pack, use 0x00 × 32 (sophaxchat.md §1, flag seed-prefix)"),
            (dhs, [], "no 32-byte prefix before DH1; the seed's input key material starts with 0x00 × 32 (sophaxchat.md §1)"),
            (leading, zero, "the leading zero bytes of \(which(leading)) were dropped (a value passed through a big integer); each DH value is 32 bytes in the HKDF input (sophaxchat.md §1)"),
            (trailing, zero, "the last zero bytes of \(which(trailing)) were dropped (the little-endian value read as a big integer, as Java's `XECPublicKey.getU()`); each DH value is 32 bytes in the HKDF input (sophaxchat.md §1)"),
        ]
        for s in slips where !(s.values == dhs && s.prefix == zero) {
            if pick(master(prefix: s.prefix, s.values)) == a { return "actual's X3DH \(half) key: " + s.words }
        }
        if a == (half == "root" ? contract.chain : contract.root) {
            return "actual's \(half) key is the contract's \(half == "root" ? "chain" : "root") key: the two halves of the 64-byte master secret swapped (rootKey is the first 32 bytes, sophaxchat.md §1)"
        }
        return nil
    }
}
