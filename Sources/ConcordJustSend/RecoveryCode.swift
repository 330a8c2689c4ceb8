import ConcordFormats
import ConcordSuites

/// JustSend's recovery code (docs/contracts/justsend.md §3): 16 bytes in Crockford Base32 and the
/// normalization of what a user typed. A pure encoding; the KEK derivation is one layer up.
public enum RecoveryCode {
    public static let crockford = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ".utf8)

    /// 16 bytes → 26 Crockford Base32 symbols, most significant bit first, 2 zero spare bits.
    public static func encode(_ entropy: [UInt8]) throws(ContractError) -> String {
        guard entropy.count == 16 else { throw ContractError(.parameters, "the recovery code's entropy is \(entropy.count) bytes; it is 16") }
        var out: [UInt8] = []
        var acc: UInt32 = 0, bits = 0
        for b in entropy {
            acc = acc << 8 | UInt32(b); bits += 8
            while bits >= 5 { bits -= 5; out.append(crockford[Int(acc >> UInt32(bits) & 31)]) }
        }
        out.append(crockford[Int(acc << UInt32(5 - bits) & 31)])
        return String(decoding: out, as: UTF8.self)
    }

    /// The displayed form: a hyphen after every 4 symbols.
    public static func displayed(_ code: String) -> String {
        var out = ""
        for (i, c) in code.enumerated() {
            if i > 0 && i % 4 == 0 { out.append("-") }
            out.append(c)
        }
        return out
    }

    /// What the user typed → the code string and its 16 bytes. ASCII letters are uppercased; every `-`
    /// and space is removed; `I` and `L` become `1`, `O` becomes `0`. Then exactly 26 symbols of the
    /// alphabet with zero spare bits, else `format`.
    public static func normalize(_ typed: String) throws(ContractError) -> (code: String, entropy: [UInt8]) {
        var symbols: [UInt8] = []
        for (i, u) in typed.unicodeScalars.enumerated() {
            guard u.isASCII else { throw ContractError(.format, "character \(i + 1) is U+\(Hex.encode(hexBytes(u.value)).uppercased()), not ASCII: a recovery code is Crockford Base32") }
            var c = UInt8(u.value)
            if c == UInt8(ascii: "-") || c == UInt8(ascii: " ") { continue }
            if c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z") { c -= 32 }
            if c == UInt8(ascii: "I") || c == UInt8(ascii: "L") { c = UInt8(ascii: "1") }
            if c == UInt8(ascii: "O") { c = UInt8(ascii: "0") }
            guard crockford.contains(c) else {
                let shown = c >= 0x21 && c < 0x7f ? "'\(Character(Unicode.Scalar(c)))'" : "byte 0x\(Hex.encode([c]))"
                throw ContractError(.format, "character \(i + 1) (\(shown)) is not in the Crockford Base32 alphabet")
            }
            symbols.append(c)
        }
        guard symbols.count == 26 else { throw ContractError(.format, "the code has \(symbols.count) symbols after normalization; it has 26") }
        var acc: UInt32 = 0, bits = 0
        var entropy: [UInt8] = []
        for (i, s) in symbols.enumerated() {
            let v = UInt32(crockford.firstIndex(of: s)!)
            if i == 25 {
                guard v & 3 == 0 else { throw ContractError(.format, "the last symbol's 2 spare bits are not zero (not the encoding of 16 bytes)") }
                acc = acc << 3 | v >> 2; bits += 3
            } else {
                acc = acc << 5 | v; bits += 5
            }
            while bits >= 8 { bits -= 8; entropy.append(UInt8(acc >> UInt32(bits) & 0xff)) }
        }
        return (String(decoding: symbols, as: UTF8.self), entropy)
    }

    static func hexBytes(_ v: UInt32) -> [UInt8] {
        v > 0xffff ? [UInt8(v >> 16), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)] : [UInt8(v >> 8), UInt8(v & 0xff)]
    }
}
