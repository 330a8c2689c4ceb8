import Foundation
import Testing
import ConcordTestSupport

/// The primitives' layout (issue 27 item 2, docs/design.md, "The primitives' layout"), held by the sources:
/// one error type, one family per file with its backends as `<Family>+<Backend>.swift` siblings,
/// and no DER, PEM or JWK parsing outside ConcordFormats.
@Suite struct PrimitivesLayoutTests {
    static let folder = repositoryRoot + "/Sources/ConcordPrimitives"

    /// Every top-level type declared in a file: (kind, name, conformances).
    static func declarations(_ file: String) throws -> [(name: String, conformances: String)] {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let decl = try Regex(#"(?m)^(?:public |final |public final )*(?:enum|struct|class|protocol|actor)\s+(\w+)([^{\n]*)"#)
        return text.matches(of: decl).map { (String($0.output[1].substring!), String($0.output[2].substring ?? "")) }
    }

    static func primitiveFiles() -> [String] {
        SyncConfinementTests.swiftFiles(folder)
    }

    @Test func oneErrorType() throws {
        var errors: [String] = []
        for file in Self.primitiveFiles() {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            // Nested types too (`P256.Failure` was one): any declaration that conforms to Error.
            let decl = try Regex(#"(?:enum|struct|class)\s+(\w+)\s*(?:<[^>]*>)?\s*:[^{]*\bError\b"#)
            for m in text.matches(of: decl) { errors.append("\((file as NSString).lastPathComponent): \(m.output[1].substring!)") }
        }
        #expect(errors == ["CryptoError.swift: CryptoError"], "ConcordPrimitives declares these error types: \(errors)")
    }

    /// `<Family>.swift` or `<Family>+<Backend>.swift` next to its `<Family>.swift`; every top-level
    /// type is named for its file's family (`SodiumAESGCM` in `AESGCM+Sodium.swift`, `NistCurve` in
    /// `NISTCurve.swift`), so HKDF, random bytes or a curve cannot hide in another family's file again.
    @Test func oneFamilyPerFileWithItsBackendsAsSiblings() throws {
        let files = Self.primitiveFiles()
        let names = Set(files.map { ($0 as NSString).lastPathComponent })
        #expect(names.count >= 20, "\(Self.folder) was not read: \(names.sorted())")
        #expect(!names.contains("P256.swift"))
        for name in names.sorted() {
            let stem = String(name.dropLast(".swift".count))
            let family = String(stem.split(separator: "+", maxSplits: 1)[0])
            if stem.contains("+") { #expect(names.contains(family + ".swift"), "\(name): a backend file without its family file \(family).swift") }
            for d in try Self.declarations(Self.folder + "/" + name) {
                #expect(d.name.lowercased().contains(family.lowercased()), "\(name) declares \(d.name), which is not of the \(family) family")
            }
        }
        for (type, file) in [("HKDF", "HKDF.swift"), ("SecureRandom", "SecureRandom.swift"), ("NistCurve", "NISTCurve.swift"), ("ECDSA", "ECDSA.swift")] {
            #expect(try Self.declarations(Self.folder + "/" + file).contains { $0.name == type }, "\(type) is not declared in \(file)")
        }
    }

    /// DER reading and the DER/PEM/JWK key forms are pure formats (docs/design.md): no DER reader,
    /// PEM armour or JWK member is spelled in the primitives or the implementations.
    @Test func keyFormsAndDERLiveInConcordFormats() throws {
        for module in ["ConcordPrimitives", "ConcordImplementations"] {
            for file in SyncConfinementTests.swiftFiles(repositoryRoot + "/Sources/" + module) {
                let text = try String(contentsOfFile: file, encoding: .utf8)
                for spelling in ["struct DERReader", "DERReader(", "-----BEGIN", "\"kty\"", "func pemBody"] {
                    #expect(!text.contains(spelling), "\(module)/\((file as NSString).lastPathComponent) spells \(spelling)")
                }
            }
        }
        let formats = repositoryRoot + "/Sources/ConcordFormats/"
        #expect(try String(contentsOfFile: formats + "DER.swift", encoding: .utf8).contains("public struct DERReader"))
        #expect(try String(contentsOfFile: formats + "KeyForms.swift", encoding: .utf8).contains("public enum KeyForms"))
    }
}
