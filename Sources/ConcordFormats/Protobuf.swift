/// A minimal protobuf wire-format reader and writer (proto3): varints, length-delimited fields,
/// and skipping fixed-width ones. Enough for Tink's key messages; every malformation is `format`.
public struct ProtobufReader {
    public enum WireType: UInt8 { case varint = 0, fixed64 = 1, lengthDelimited = 2, fixed32 = 5 }

    let bytes: [UInt8]
    var i = 0
    let message: String

    public init(_ bytes: [UInt8], message: String) {
        self.bytes = bytes
        self.message = message
    }

    func fail(_ why: String) -> ContractError { ContractError(.format, "\(message) is not valid protobuf: \(why) at byte \(i)") }

    public var atEnd: Bool { i >= bytes.count }

    public mutating func varint() throws(ContractError) -> UInt64 {
        var v: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard i < bytes.count else { throw fail("truncated varint") }
            let b = bytes[i]
            i += 1
            if shift == 63 && b > 1 { throw fail("varint overflows 64 bits") }
            v |= UInt64(b & 0x7f) << shift
            if b & 0x80 == 0 { return v }
            shift += 7
            if shift > 63 { throw fail("varint longer than 10 bytes") }
        }
    }

    /// The next field's number and wire type, or nil at the end.
    public mutating func field() throws(ContractError) -> (number: UInt64, type: WireType)? {
        if atEnd { return nil }
        let key = try varint()
        let number = key >> 3
        guard number > 0 else { throw fail("field number 0") }
        guard let t = WireType(rawValue: UInt8(key & 7)) else { throw fail("wire type \(key & 7) (groups are not used by Tink)") }
        return (number, t)
    }

    public mutating func lengthDelimited() throws(ContractError) -> [UInt8] {
        let n = try varint()
        guard n <= UInt64(bytes.count - i) else { throw fail("a length of \(n) runs past the end (\(bytes.count - i) bytes left)") }
        defer { i += Int(n) }
        return Array(bytes[i..<i + Int(n)])
    }

    public mutating func skip(_ t: WireType) throws(ContractError) {
        switch t {
        case .varint: _ = try varint()
        case .lengthDelimited: _ = try lengthDelimited()
        case .fixed32, .fixed64:
            let n = t == .fixed32 ? 4 : 8
            guard bytes.count - i >= n else { throw fail("truncated fixed\(n * 8)") }
            i += n
        }
    }
}

/// A whole message read at once, strictly, against the fields its schema names: varint fields
/// (uint32 or enum) and length-delimited ones (bytes, or an embedded message read with another
/// call). `format`, as the jvm and node ports refuse (docs/contracts/closer.md §9): a field number
/// the schema does not define, a wire type other than the field's, a field that appears twice
/// (protobuf would keep the last scalar or merge two messages; one byte string must mean one key),
/// a varint field above 2^32-1 (every field read here is 32-bit). An absent field reads as absent.
public struct ProtobufMessage {
    public var varints: [UInt64: UInt64] = [:]
    public var fields: [UInt64: [UInt8]] = [:]

    /// `varintFields` and `bytesFields` map field numbers to their names, for messages.
    public init(_ bytes: [UInt8], message: String, varintFields: [UInt64: String], bytesFields: [UInt64: String]) throws(ContractError) {
        var r = ProtobufReader(bytes, message: message)
        var seen = Set<UInt64>()
        while let (n, t) = try r.field() {
            let name = varintFields[n] ?? bytesFields[n]
            guard let name else {
                let defined = (varintFields.merging(bytesFields) { a, _ in a }).sorted { $0.key < $1.key }.map { "\($0.value) = \($0.key)" }.joined(separator: ", ")
                throw ContractError(.format, "\(message) has field \(n) (wire type \(t.rawValue)), which it does not define (its fields: \(defined))")
            }
            guard seen.insert(n).inserted else { throw ContractError(.format, "\(message).\(name) (field \(n)) appears twice") }
            let wantsBytes = bytesFields[n] != nil
            guard t == (wantsBytes ? .lengthDelimited : .varint) else {
                throw ContractError(.format, "\(message).\(name) (field \(n)) has wire type \(t.rawValue), not \(wantsBytes ? "2 (length-delimited)" : "0 (varint)")")
            }
            if wantsBytes {
                fields[n] = try r.lengthDelimited()
            } else {
                let v = try r.varint()
                guard v <= UInt64(UInt32.max) else { throw ContractError(.format, "\(message).\(name) (field \(n)) is \(v), above the 32-bit range") }
                varints[n] = v
            }
        }
    }

    /// A varint field, 0 (proto3's default) when absent.
    public func varint(_ number: UInt64) -> UInt64 { varints[number] ?? 0 }
}

public enum ProtobufWriter {
    public static func varint(_ v: UInt64) -> [UInt8] {
        var out = [UInt8]()
        var x = v
        while x >= 0x80 { out.append(UInt8(x & 0x7f) | 0x80); x >>= 7 }
        out.append(UInt8(x))
        return out
    }
    public static func field(_ number: UInt64, varint v: UInt64) -> [UInt8] {
        v == 0 ? [] : varint(number << 3) + varint(v)   // proto3: a default value is absent
    }
    public static func field(_ number: UInt64, bytes b: [UInt8]) -> [UInt8] {
        b.isEmpty ? [] : varint(number << 3 | 2) + varint(UInt64(b.count)) + b
    }
}
