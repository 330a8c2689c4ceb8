/// The two encodings of an ECDSA signature (r, s): DER `SEQUENCE { INTEGER r, INTEGER s }`
/// (RFC 3279 §2.2.3), read strictly with `DERReader`, and IEEE P1363 `r‖s` at the curve's length.
public enum ECDSASignatureForms {
    /// Strict DER: one SEQUENCE of two non-negative minimal INTEGERs, nothing after it (`format` otherwise).
    public static func parseDER(_ sig: [UInt8]) throws(ContractError) -> (r: [UInt8], s: [UInt8]) {
        var top = DERReader(sig, what: "ECDSA signature (DER)")
        var seq = try top.read(0x30, "the SEQUENCE")
        try top.expectEnd("the SEQUENCE")
        let r = try seq.readUnsignedInteger("r")
        let s = try seq.readUnsignedInteger("s")
        try seq.expectEnd("s")
        return (r, s)
    }

    /// `SEQUENCE { INTEGER r, INTEGER s }` in DER, from big-endian unsigned r and s.
    public static func der(r: [UInt8], s: [UInt8]) -> [UInt8] {
        func integer(_ v: [UInt8]) -> [UInt8] {
            var b = Array(v.drop(while: { $0 == 0 }))
            if b.isEmpty { b = [0] }
            if b[0] & 0x80 != 0 { b.insert(0, at: 0) }
            return [0x02] + length(b.count) + b
        }
        func length(_ n: Int) -> [UInt8] { n < 0x80 ? [UInt8(n)] : [0x81, UInt8(n)] }
        let body = integer(r) + integer(s)
        return [0x30] + length(body.count) + body
    }

    /// r‖s, each left-padded to `length` bytes.
    public static func p1363(r: [UInt8], s: [UInt8], length: Int) -> [UInt8] {
        func pad(_ v: [UInt8]) -> [UInt8] {
            let t = Array(v.drop(while: { $0 == 0 }))
            return [UInt8](repeating: 0, count: max(0, length - t.count)) + t
        }
        return pad(r) + pad(s)
    }
}
