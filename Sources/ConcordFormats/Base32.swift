/// RFC 4648 §6 base32 without padding, for byte strings whose length is a multiple of 5 (a Tor v3
/// address's 35 bytes make 56 symbols). Decoding takes upper or lower case; the caller decides
/// whether case matters.
public enum Base32 {
    static let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567".utf8)

    /// Lowercase symbols, no padding.
    public static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        var buffer = 0, bits = 0
        for b in bytes {
            buffer = (buffer << 8) | Int(b)
            bits += 8
            while bits >= 5 {
                bits -= 5
                out.append(alphabet[(buffer >> bits) & 31])
            }
            buffer &= (1 << bits) - 1
        }
        if bits > 0 { out.append(alphabet[(buffer << (5 - bits)) & 31]) }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of unpadded symbols (either case). Nil when a symbol is outside the alphabet, the
    /// length cannot end a byte string, or the spare bits are not zero; `position` names the first
    /// bad symbol (0-based) when there is one.
    public static func decode(_ text: String) -> (bytes: [UInt8]?, badSymbol: Int?) {
        var out: [UInt8] = []
        var buffer = 0, bits = 0
        for (i, c) in text.unicodeScalars.enumerated() {
            let v: Int
            switch c.value {
            case 0x61...0x7A: v = Int(c.value - 0x61)
            case 0x41...0x5A: v = Int(c.value - 0x41)
            case 0x32...0x37: v = Int(c.value - 0x32) + 26
            default: return (nil, i)
            }
            buffer = (buffer << 5) | v
            bits += 5
            if bits >= 8 {
                bits -= 8
                out.append(UInt8((buffer >> bits) & 0xFF))
                buffer &= (1 << bits) - 1
            }
        }
        guard [0, 2, 4, 5, 7].contains(text.unicodeScalars.count % 8), buffer == 0 else { return (nil, nil) }
        return (out, nil)
    }
}
