import ConcordFormats
import ConcordImplementations

extension FuzzTarget {
    /// The protobuf reader and the Tink keyset readers. The first byte picks what the rest is fed
    /// to: a raw protobuf walk, an `AesGcmKey`, an ECIES public or private key inside a keyset, a
    /// keyset's JSON text, or a `pub:v1:` wire string. A public key that reads must write back
    /// (TinkKeysetWriter) to a keyset that reads as the same key.
    static let protobufKeyset = FuzzTarget(
        name: "protobuf-keyset",
        summary: "the protobuf reader, AesGcmKey and EciesAeadHkdf key protos, Tink JSON keysets and pub:v1: wire keys"
    ) { bytes in
        guard let mode = bytes.first else { return nil }
        let rest = Array(bytes.dropFirst())
        switch mode % 6 {
        case 0:
            var r = ProtobufReader(rest, message: "fuzz")
            var fields = 0
            do throws(ContractError) {
                while let (_, t) = try r.field() {
                    fields += 1
                    if fields > rest.count { return "the protobuf reader read more fields than bytes: \(hexDump(rest))" }
                    try r.skip(t)
                }
            } catch {}
            return nil
        case 1:
            _ = try? TinkAesGcmKeyset.aesGcmKey(rest)
            return nil
        case 2:
            let json = keyset(typeURL: TinkEciesKeyset.publicTypeURL, material: "ASYMMETRIC_PUBLIC", value: rest)
            guard let (pub, scalar) = try? TinkEciesKeyset.parse(json) else { return nil }
            if scalar != nil { return "a public key proto read as a private key: \(hexDump(rest))" }
            return writesBack(pub)
        case 3:
            let json = keyset(typeURL: TinkEciesKeyset.privateTypeURL, material: "ASYMMETRIC_PRIVATE", value: rest)
            guard let (pub, scalar) = try? TinkEciesKeyset.parse(json) else { return nil }
            // The scalar has the curve's size (32 bytes for P-256, 48 for P-384, 66 for P-521).
            let size = TinkEciesKeyset.coordinateSizes[pub.curve] ?? -1
            guard let scalar, scalar.count == size else { return "a private key read without a \(size)-byte scalar: \(hexDump(rest))" }
            return writesBack(pub)
        case 4:
            let text = String(decoding: rest, as: UTF8.self)
            _ = try? TinkAesGcmKeyset.parse(text)
            _ = try? TinkEciesKeyset.parsePrivateKeys(text)
            if let (pub, _) = try? TinkEciesKeyset.parse(text) { return writesBack(pub) }
            return nil
        default:
            let wire = TinkEciesKeyset.publicPrefix + Base64.encode(rest, .url)
            if let pub = try? TinkEciesKeyset.parsePublic(wire: wire) { return writesBack(pub) }
            return nil
        }
    }

    /// A one-key keyset in Tink's JSON layout around a fuzzed key proto.
    static func keyset(typeURL: String, material: String, value: [UInt8]) -> String {
        TinkKeysetWriter.oneKeyJSON(typeURL: typeURL, keyMaterialType: material, value: value, keyId: 1, outputPrefix: .tink)
    }

    static func writesBack(_ pub: EciesPublicKey) -> String? {
        for length in [32, 33] {
            let json = TinkKeysetWriter.publicKeysetJSON(pub, coordinateLength: length)
            do throws(ContractError) {
                let (again, scalar) = try TinkEciesKeyset.parse(json)
                if scalar != nil || again != pub { return "the written keyset (\(length)-byte coordinates) reads as another key: \(json)" }
            } catch {
                return "the written keyset (\(length)-byte coordinates) does not read: \(error.message): \(json)"
            }
        }
        return nil
    }
}
