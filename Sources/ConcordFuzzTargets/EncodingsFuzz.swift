import ConcordFormats
import Foundation

extension FuzzTarget {
    /// The strict hex and base64 decoders. Whatever they accept must be the one canonical spelling
    /// of the bytes (encode(decode(s)) == s, hex case aside), must agree with Foundation's decoder,
    /// and every byte string must survive encode then decode.
    static let encodings = FuzzTarget(
        name: "encodings",
        summary: "strict hex, base64 (RFC 4648 section 4) and base64url (section 5, unpadded) decoders"
    ) { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        return firstFailure([
            {
                guard let d = try? Hex.decode(text) else { return nil }
                return Hex.encode(d) == text.lowercased() ? nil : "hex accepted a non-canonical spelling: \(hexDump(bytes))"
            },
            {
                guard let d = try? Base64.decode(text, .standard) else { return nil }
                if Base64.encode(d, .standard) != text { return "base64 accepted a non-canonical spelling: \(hexDump(bytes))" }
                guard let f = Data(base64Encoded: text), [UInt8](f) == d else {
                    return "base64 accepted what Foundation decodes differently: \(hexDump(bytes))"
                }
                return nil
            },
            {
                guard let d = try? Base64.decode(text, .url) else { return nil }
                return Base64.encode(d, .url) == text ? nil : "base64url accepted a non-canonical spelling: \(hexDump(bytes))"
            },
            {
                do throws(ContractError) {
                    if try Hex.decode(Hex.encode(bytes)) != bytes { return "hex round trip changed \(hexDump(bytes))" }
                    if try Base64.decode(Base64.encode(bytes, .standard), .standard) != bytes { return "base64 round trip changed \(hexDump(bytes))" }
                    if try Base64.decode(Base64.encode(bytes, .url), .url) != bytes { return "base64url round trip changed \(hexDump(bytes))" }
                } catch {
                    return "a decoder refused its own encoder's output for \(hexDump(bytes)): \(error.message)"
                }
                return nil
            },
        ])
    }
}
