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

/// A whole message read at once: the last value of each varint field and of each length-delimited
/// field by number (proto3 keeps the last of a repeated scalar); fixed-width fields are skipped. A
/// field read with another wire type than its decoder expects is not found there.
public struct ProtobufMessage {
    public var varints: [UInt64: UInt64] = [:]
    public var fields: [UInt64: [UInt8]] = [:]

    public init(_ bytes: [UInt8], message: String) throws(ContractError) {
        var r = ProtobufReader(bytes, message: message)
        while let (n, t) = try r.field() {
            switch t {
            case .varint: varints[n] = try r.varint()
            case .lengthDelimited: fields[n] = try r.lengthDelimited()
            case .fixed32, .fixed64: try r.skip(t)
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
