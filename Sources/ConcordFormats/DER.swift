/// A strict DER reader (X.690 §10) for the few structures the key forms and ECDSA signatures need:
/// single-byte tags, definite lengths in their shortest form, nothing left over. Anything BER
/// allows and DER does not (long-form lengths that fit a shorter form, indefinite lengths,
/// non-minimal integers) is refused as a `format` ContractError with the offset where it was found.
public struct DERReader: Sendable {
    public let bytes: [UInt8]
    public private(set) var offset: Int
    let end: Int
    /// Names the structure in messages, e.g. "SubjectPublicKeyInfo".
    let what: String

    public init(_ bytes: [UInt8], what: String) {
        self.bytes = bytes
        self.offset = 0
        self.end = bytes.count
        self.what = what
    }

    init(_ bytes: [UInt8], from: Int, to: Int, what: String) {
        self.bytes = bytes
        self.offset = from
        self.end = to
        self.what = what
    }

    public var isAtEnd: Bool { offset >= end }

    public func fail(_ message: String, at position: Int? = nil) -> ContractError {
        ContractError(.format, "\(what): \(message) at byte \(position ?? offset)")
    }

    public func peekTag() -> UInt8? { offset < end ? bytes[offset] : nil }

    /// Reads one element of the given tag and returns a reader over its contents.
    public mutating func read(_ tag: UInt8, _ name: String) throws(ContractError) -> DERReader {
        let start = offset
        guard offset < end else { throw fail("expected \(name) (tag 0x\(hex(tag))), found the end", at: start) }
        guard bytes[offset] == tag else { throw fail("expected \(name) (tag 0x\(hex(tag))), found tag 0x\(hex(bytes[offset]))", at: start) }
        offset += 1
        guard offset < end else { throw fail("\(name) has no length", at: start) }
        let first = bytes[offset]
        offset += 1
        var length = 0
        if first < 0x80 {
            length = Int(first)
        } else if first == 0x80 {
            throw fail("\(name) has an indefinite length (BER, not DER)", at: start)
        } else {
            let n = Int(first & 0x7f)
            guard n <= 4 else { throw fail("\(name) has a \(n)-byte length", at: start) }
            guard offset + n <= end else { throw fail("\(name)'s length runs past the end", at: start) }
            guard bytes[offset] != 0 else { throw fail("\(name)'s length has a leading zero byte (BER, not DER)", at: start) }
            for _ in 0..<n { length = length << 8 | Int(bytes[offset]); offset += 1 }
            guard length >= 0x80 else { throw fail("\(name)'s length \(length) is in long form where the short form fits (BER, not DER)", at: start) }
        }
        guard length <= end - offset else { throw fail("\(name) is \(length) bytes but only \(end - offset) remain", at: start) }
        let inner = DERReader(bytes, from: offset, to: offset + length, what: what)
        offset += length
        return inner
    }

    /// The remaining contents.
    public mutating func rest() -> [UInt8] {
        let r = Array(bytes[offset..<end])
        offset = end
        return r
    }

    public func expectEnd(_ name: String) throws(ContractError) {
        guard isAtEnd else { throw fail("\(end - offset) unexpected byte(s) after \(name)") }
    }

    /// A non-negative INTEGER in its minimal encoding, returned big-endian without a sign byte.
    public mutating func readUnsignedInteger(_ name: String) throws(ContractError) -> [UInt8] {
        let start = offset
        var r = try read(0x02, name)
        let v = r.rest()
        guard let first = v.first else { throw fail("\(name) is an empty INTEGER", at: start) }
        guard first & 0x80 == 0 else { throw fail("\(name) is negative", at: start) }
        if first == 0 && v.count > 1 {
            guard v[1] & 0x80 != 0 else { throw fail("\(name) has a superfluous leading zero byte (not DER)", at: start) }
            return Array(v.dropFirst())
        }
        return v
    }

    /// An OBJECT IDENTIFIER's content bytes.
    public mutating func readOID(_ name: String) throws(ContractError) -> [UInt8] {
        var r = try read(0x06, name)
        return r.rest()
    }

    private func hex(_ b: UInt8) -> String { (b < 16 ? "0" : "") + String(b, radix: 16) }
}
