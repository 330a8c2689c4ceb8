import ConcordFormats
import ConcordPrimitives
import ConcordSuites

/// The AskKey suites as the `swift` implementation computes them (ECDSA P-256 on OpenSSL).
enum AskKeyHandlers {
    static let all = [pairingCode, signatureEncoding]

    static let pairingCode = SuiteHandler(Suites.askKeyPairingCode) { r in
        let code = Array(try r.text("code").utf8)
        guard code.count == 6, code.allSatisfy({ (0x30...0x39).contains($0) }) else {
            throw ContractError(.format, "a pairing code is exactly six ASCII digits")
        }
        return ["display": .text(String(decoding: code[0..<3] + [0x20] + code[3..<6], as: UTF8.self))]
    }

    /// Strict DER `SEQUENCE { INTEGER r, INTEGER s }`, r and s at most 32 bytes once their sign byte is dropped.
    static func parseDER(_ sig: [UInt8]) throws -> (r: [UInt8], s: [UInt8]) {
        let rs: (r: [UInt8], s: [UInt8])
        do { rs = try ECDSASignatureForms.parseDER(sig) } catch { throw ContractError(error.errorClass, "der: " + error.message) }
        for (v, name) in [(rs.r, "r"), (rs.s, "s")] where v.drop(while: { $0 == 0 }).count > 32 {
            throw ContractError(.format, "der: \(name) is longer than 32 bytes: not a P-256 signature")
        }
        return rs
    }

    static func pad32(_ v: [UInt8]) -> [UInt8] {
        let t = Array(v.drop(while: { $0 == 0 }))
        return [UInt8](repeating: 0, count: 32 - t.count) + t
    }

    static let signatureEncoding = SuiteHandler(Suites.askKeySignatureEncoding) { r in
        switch r.op {
        case "to-p1363":
            let (sr, ss) = try parseDER(try r.bytes("der"))
            return ["p1363": .bytes(pad32(sr) + pad32(ss))]
        case "to-der":
            let p = try r.bytes("p1363")
            guard p.count == 64 else { throw ContractError(.format, "p1363: an IEEE P1363 P-256 signature is 64 bytes, r‖s (got \(p.count))") }
            return ["der": .bytes(ECDSAP256.derSignature(r: Array(p[0..<32]), s: Array(p[32..<64])))]
        case "verify":
            let key = try r.bytes("publicKey"), message = try r.bytes("message"), sig = try r.bytes("signature")
            let rs: (r: [UInt8], s: [UInt8])
            switch try r.text("encoding") {
            case "der":
                rs = try parseDER(sig)
                try PrimitiveRefusal.call("signature") { () throws(CryptoError) in try ECDSAP256.verify(publicKey: key, message: message, derSignature: sig) }
            case "p1363":
                try PrimitiveRefusal.call("signature") { () throws(CryptoError) in try ECDSAP256.verify(publicKey: key, message: message, p1363Signature: sig) }
                rs = (Array(sig[0..<32]), Array(sig[32..<64]))
            default:
                throw ContractError(.parameters, "encoding must be der or p1363")
            }
            return ["r": .bytes(pad32(rs.r)), "s": .bytes(pad32(rs.s))]
        default:
            throw Unsupported("askkey.signature-encoding has no op \(r.op ?? "(none)")")
        }
    }
}
