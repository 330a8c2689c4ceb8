/// Strict decoders and plain encoders for the encodings of CONTRACT.md §1 and the vector files.
/// Every refusal is a `format` error whose message says what exactly is wrong and where.
public enum Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    public static func encode(_ b: [UInt8]) -> String {
        var out = [UInt8]()
        out.reserveCapacity(b.count * 2)
        for x in b { out.append(digits[Int(x >> 4)]); out.append(digits[Int(x & 15)]) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Lower or upper case, no separators, even length.
    public static func decode(_ s: String) throws(ContractError) -> [UInt8] {
        let u = Array(s.utf8)
        // A wrong character is the more useful message, so look for one before judging the length.
        if let bad = u.firstIndex(where: { nibble($0) == nil }) { throw badChar(u, bad) }
        if u.count % 2 != 0 {
            throw ContractError(.format, "invalid hex: odd number of digits (\(u.count))")
        }
        var out = [UInt8]()
        out.reserveCapacity(u.count / 2)
        var i = 0
        while i < u.count {
            guard let hi = nibble(u[i]) else { throw badChar(u, i) }
            guard let lo = nibble(u[i + 1]) else { throw badChar(u, i + 1) }
            out.append(hi << 4 | lo)
            i += 2
        }
        return out
    }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case 48...57: return c - 48
        case 97...102: return c - 87
        case 65...70: return c - 55
        default: return nil
        }
    }

    private static func badChar(_ u: [UInt8], _ i: Int) -> ContractError {
        ContractError(.format, "invalid hex: character \(describe(u, at: i)) at position \(i) is not a hex digit")
    }
}

/// The character at byte `i` of `u`, as an error message shows it: printable ASCII quoted, the
/// invisible ones named, anything else by its code point (`U+FF10`, never the raw character).
func describe(_ u: [UInt8], at i: Int) -> String {
    let byte = u[i]
    switch byte {
    case 32: return "' ' (space)"
    case 9: return "'\\t' (tab)"
    case 10: return "'\\n' (line break)"
    case 13: return "'\\r' (carriage return)"
    case 0x21..<0x7f: return "'\(Character(Unicode.Scalar(byte)))'"
    case 0..<0x80: return "U+" + hex4(UInt32(byte))
    default:
        // The scalar that starts here (a position inside one names the scalar it is part of).
        var start = i
        while start > 0 && u[start] & 0xc0 == 0x80 { start -= 1 }
        guard let scalar = String(decoding: u[start...].prefix(4), as: UTF8.self).unicodeScalars.first,
              scalar != "\u{FFFD}" else { return "0x" + String(byte, radix: 16) }
        return "U+" + hex4(scalar.value) + " (not ASCII)"
    }
}

private func hex4(_ v: UInt32) -> String {
    let h = String(v, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - h.count)) + h
}

/// RFC 4648 base64: §4 (`+/`, padded) and §5 (`-_`, unpadded, as the contract's `b64url`).
public enum Base64 {
    public enum Alphabet: Sendable {
        case standard   // b64: `+/` with `=` padding
        case url        // b64url: `-_`, no padding

        var name: String { self == .standard ? "base64" : "base64url" }
        var chars: [UInt8] {
            Array(((self == .standard) ? "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
                                       : "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_").utf8)
        }
    }

    private static let standardTable = table(.standard)
    private static let urlTable = table(.url)

    private static func table(_ a: Alphabet) -> [Int8] {
        var t = [Int8](repeating: -1, count: 256)
        for (i, c) in a.chars.enumerated() { t[Int(c)] = Int8(i) }
        return t
    }

    public static func encode(_ b: [UInt8], _ a: Alphabet) -> String {
        let chars = a.chars
        var out = [UInt8]()
        out.reserveCapacity((b.count + 2) / 3 * 4)
        var i = 0
        while i + 3 <= b.count {
            let n = UInt32(b[i]) << 16 | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2])
            out += [chars[Int(n >> 18 & 63)], chars[Int(n >> 12 & 63)], chars[Int(n >> 6 & 63)], chars[Int(n & 63)]]
            i += 3
        }
        let rest = b.count - i
        if rest == 1 {
            let n = UInt32(b[i]) << 16
            out += [chars[Int(n >> 18 & 63)], chars[Int(n >> 12 & 63)]]
            if a == .standard { out += Array("==".utf8) }
        } else if rest == 2 {
            let n = UInt32(b[i]) << 16 | UInt32(b[i + 1]) << 8
            out += [chars[Int(n >> 18 & 63)], chars[Int(n >> 12 & 63)], chars[Int(n >> 6 & 63)]]
            if a == .standard { out += Array("=".utf8) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func outsideAlphabet(_ u: [UInt8], at i: Int, _ a: Alphabet) -> ContractError {
        let c = u[i]
        let other: String
        if a == .standard && (c == UInt8(ascii: "-") || c == UInt8(ascii: "_")) { other = " (a base64url character: this looks URL-safe)" }
        else if a == .url && (c == UInt8(ascii: "+") || c == UInt8(ascii: "/")) { other = " (a standard base64 character: this looks like b64, not b64url)" }
        else if c == 10 || c == 13 { other = " (line breaks are not allowed)" }
        else if c == 32 || c == 9 { other = " (whitespace is not allowed)" }
        else { other = "" }
        return ContractError(.format, "invalid \(a.name): character \(describe(u, at: i)) at position \(i) is outside the alphabet\(other)")
    }

    /// Strict: only the alphabet's characters, padding exactly as the alphabet requires, no
    /// whitespace or line breaks, and zero spare bits in the final quantum.
    public static func decode(_ s: String, _ a: Alphabet) throws(ContractError) -> [UInt8] {
        let u = Array(s.utf8)
        let t = a == .standard ? standardTable : urlTable
        let name = a.name
        if let bad = u.firstIndex(where: { t[Int($0)] < 0 && $0 != UInt8(ascii: "=") }) {
            throw outsideAlphabet(u, at: bad, a)
        }
        var dataEnd = u.count
        if a == .standard {
            if u.count % 4 != 0 {
                throw ContractError(.format, "invalid \(name): length \(u.count) is not a multiple of 4 (padding missing or wrong)")
            }
            while dataEnd > 0 && u[dataEnd - 1] == UInt8(ascii: "=") && u.count - dataEnd < 2 { dataEnd -= 1 }
        }
        var out = [UInt8]()
        out.reserveCapacity(dataEnd * 3 / 4)
        var acc: UInt32 = 0
        var bits = 0
        for i in 0..<dataEnd {
            let c = u[i]
            let v = t[Int(c)]
            if v < 0 {
                if c == UInt8(ascii: "=") {
                    throw ContractError(.format, a == .url
                        ? "invalid \(name): padding '=' at position \(i) (the contract's base64url is unpadded)"
                        : "invalid \(name): padding '=' at position \(i) before the end")
                }
                throw outsideAlphabet(u, at: i, a)
            }
            acc = acc << 6 | UInt32(v)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: acc >> UInt32(bits)))
            }
        }
        let rem = dataEnd % 4
        if rem == 1 {
            throw ContractError(.format, "invalid \(name): \(dataEnd) characters leave a final quantum of one character, which encodes no byte")
        }
        if a == .standard {
            let pad = u.count - dataEnd
            let wanted = rem == 0 ? 0 : 4 - rem
            if pad != wanted {
                throw ContractError(.format, "invalid \(name): \(pad) padding characters where \(wanted) are required")
            }
        }
        if bits > 0 && acc & ((1 << UInt32(bits)) - 1) != 0 {
            throw ContractError(.format, "invalid \(name): non-zero spare bits in the final quantum (not the canonical encoding of these bytes)")
        }
        return out
    }
}

/// The encodings bytes are written in, by name, in vector files (`{hex: …}`) and in what adapters
/// and captured files send (`{"base64": …}`): the one place a name picks a decoder.
public enum ByteEncoding: String, Sendable, CaseIterable {
    case hex, base64, base64url, utf8

    /// "hex, base64, base64url, utf8".
    public static let names = allCases.map(\.rawValue).joined(separator: ", ")

    /// Strict, as `Hex.decode` and `Base64.decode`; `utf8` takes the text's own bytes.
    public func decode(_ s: String) throws(ContractError) -> [UInt8] {
        switch self {
        case .hex: return try Hex.decode(s)
        case .base64: return try Base64.decode(s, .standard)
        case .base64url: return try Base64.decode(s, .url)
        case .utf8: return Array(s.utf8)
        }
    }
}
