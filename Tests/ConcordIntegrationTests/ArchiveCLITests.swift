import ConcordFormats
import Foundation
import Testing
import ConcordTestSupport

/// `concord archive add` and the archive in runs, through the binary as a user runs them
/// (docs/archive.md): artifacts of a release kept as opening vectors, every project run opening
/// them, a failure naming the release and platform that wrote it, the archive only growing.
@Suite(.serialized) struct ArchiveCLITests {
    func concord(_ args: [String]) throws -> ProcessOutput {
        var env = ProcessInfo.processInfo.environment
        env["CONCORD_HOME"] = repositoryRoot
        return try runProcess(concordBinary, args, environment: env, timeout: 300)
    }

    /// A project: the app's own closer.field vectors (one with a couple id holding `|`) and an
    /// archive folder. After archiving, `released` leaves only the archive (the app's vectors moved on).
    static func project(_ dir: String) {
        write("vectors: [vectors]\narchive: archive\n", to: dir + "/concord.yaml")
        write("""
        format: concord-vectors/1
        suite: closer.field
        title: the app's own field vectors
        source: Node's crypto (OpenSSL), run apart from Concord
        defaults:
          coupleKey: {hex: "712a3c7351341f2f432cf850676c4ce7a57a5bd1cba9eb37bab747a94750d78e"}
        vectors:
          - id: app-pipe-couple
            op: encrypt
            input: {coupleId: "cpl|1", plaintext: {utf8: "hello"}, nonce: {hex: "000102030405060708090a0b"}}
            expect: {wire: "enc:v1:AAECAwQFBgcICQoLwB3qTw25BTDsiYptZYbYyCLSWWPZ"}
          - id: app-plain
            op: encrypt
            input: {coupleId: "cpl_1", plaintext: {utf8: "hi"}, nonce: {hex: "0c0d0e0f1011121314151617"}}
            expect: {wire: "enc:v1:DA0ODxAREhMUFRYXiiJahMfM/hFJte2OxxisgPdn"}
          - id: app-read
            op: decrypt
            input: {coupleId: "cpl_1", wire: "enc:v1:DA0ODxAREhMUFRYXiiJahMfM/hFJte2OxxisgPdn"}
            expect: {plaintext: {utf8: "hi"}}

        """, to: dir + "/vectors/app.yaml")
    }

    static func released(_ dir: String) { write("archive: archive\n", to: dir + "/concord.yaml") }

    /// The iOS app 1.0.0's capture of the app's vectors (the wires computed apart from Concord, by
    /// Node's crypto).
    static let capture = """
    {"format": "concord-outputs/1",
     "implementation": {"name": "ios", "platform": "iOS 18, iPhone 15", "version": "app 1.0.0 (CryptoKit)"},
     "results": [
       {"vector": "closer.field/app-plain", "outputs": {"wire": "enc:v1:DA0ODxAREhMUFRYXiiJahMfM/hFJte2OxxisgPdn"}},
       {"vector": "closer.field/app-pipe-couple", "outputs": {"wire": "enc:v1:AAECAwQFBgcICQoLwB3qTw25BTDsiYptZYbYyCLSWWPZ"}},
       {"vector": "closer.field/app-read", "outputs": {"plaintext": {"utf8": "hi"}}}]}

    """

    var planted: String { repositoryRoot + "/Tests/Fixtures/adapters/planted-closer-field-aad" }

    /// Bad input is refused with its place and exit 2, and nothing is written: an artifact whose
    /// opening inputs the capture does not store, a result whose vector is unknown, an empty or
    /// malformed release name, a release reused with other content, no archive declared.
    @Test func archiveAddRefusesWhatCouldNeverOpenAndBadNames() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("packs: [justsend.seal, closer.field]\narchive: archive\n", to: dir + "/concord.yaml")
        let p = dir + "/concord.yaml"
        // JustSend's own story: content sealed, its nonce not stored.
        write("""
        {"format": "concord-outputs/1", "implementation": {"name": "web"},
         "results": [
           {"vector": "justsend.seal/seal-hello", "outputs": {"ciphertext": "tCUTNfvH+PnazzXYVfSMr5Qd2SH4qAGowAL0Co3DyQ=="}},
           {"vector": "closer.field/encrypt-gone", "outputs": {"wire": "enc:v1:AAAA"}}]}
        """, to: dir + "/web.json")
        let r = try concord(["archive", "add", dir + "/web.json", "--release", "2.0", "--project", p, "--implementations", "swift"])
        #expect(r.status == 2, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.contains("web.json:3:15: justsend.seal/seal-hello: its ciphertext could never be opened: justsend.seal open needs storedNonce (stored beside the artifact: the capture's outputs hold only ciphertext)"), "\(r.stderr)")
        #expect(r.stderr.contains("web.json:4:15: closer.field/encrypt-gone holds outputs, but its vector is not among the project's vectors"), "\(r.stderr)")
        #expect(r.stderr.contains("nothing was archived"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/archive"))

        for (release, says) in [("", "--release is empty"), ("1.0 beta", "a release name uses letters, digits"), ("../x", "a release name uses letters")] {
            let bad = try concord(["archive", "add", dir + "/web.json", "--release", release, "--project", p])
            #expect(bad.status == 2 && bad.stderr.contains(says), "\(release): \(bad.stderr)")
        }
        let none = try concord(["archive", "add", dir + "/web.json", "--release", "1"])
        #expect(none.status == 2 && none.stderr.contains("add `archive: archive` to concord.yaml"), "\(none.stderr)")

        // Content sealed with its nonce stored, which only Concord's ports open: not archived (exit 1).
        write("""
        {"format": "concord-outputs/1", "implementation": {"name": "web"},
         "results": [{"vector": "justsend.seal/seal-hello", "outputs": {"ciphertext": "tCUTNfvH+PnazzXYVfSMr5Qd2SH4qAGowAL0Co3DyQ==", "storedNonce": "WoGLkq7x317v+y+T"}}]}
        """, to: dir + "/web2.json")
        let ports = try concord(["archive", "add", dir + "/web2.json", "--release", "2.0", "--project", p])
        #expect(ports.status == 1, "\(ports.stdout)\(ports.stderr)")
        #expect(ports.stderr.contains("no implementation outside Concord opened it: opened only by swift, jvm"), "\(ports.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/archive/2.0"))

        // A release reused with other content.
        write("""
        {"format": "concord-outputs/1", "implementation": {"name": "ios"},
         "results": [{"vector": "closer.field/encrypt-text", "outputs": {"wire": "enc:v1:9DCu24rG2mDPj5UlBAo4Z60btxy1u6DgZGwCjdSmFUe/GvdSt961iNwBlsoqpKGNJFa2LjYQXQ=="}}]}
        """, to: dir + "/ios.json")
        #expect(try concord(["archive", "add", dir + "/ios.json", "--release", "3.0", "--project", p, "--implementations", "tink"]).status == 0)
        write("""
        {"format": "concord-outputs/1", "implementation": {"name": "ios"},
         "results": [{"vector": "closer.field/encrypt-empty", "outputs": {"wire": "enc:v1:3KkIxHy6/I8ARdbDJ9/4B7p1Fn5fb+9W0W3wKQ=="}}]}
        """, to: dir + "/ios-other.json")
        let reused = try concord(["archive", "add", dir + "/ios-other.json", "--release", "3.0", "--project", p, "--implementations", "tink"])
        #expect(reused.status == 2, "\(reused.stdout)\(reused.stderr)")
        #expect(reused.stderr.contains("release 3.0 of ios is already archived (3.0/ios/closer.field.yaml) with other content"), "\(reused.stderr)")
    }

    /// The archive only grows: an archived vector changed or removed by hand, a file added or
    /// removed, stops `validate` and every run (exit 2, located) unless the ledger retires it.
    @Test func theArchiveOnlyGrows() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("packs: [closer.field]\narchive: archive\nledger: ledger.yaml\n", to: dir + "/concord.yaml")
        write("divergences: []\n", to: dir + "/ledger.yaml")
        let p = dir + "/concord.yaml"
        write("""
        {"format": "concord-outputs/1", "implementation": {"name": "ios", "version": "app 1.0.0"},
         "results": [
           {"vector": "closer.field/encrypt-text", "outputs": {"wire": "enc:v1:9DCu24rG2mDPj5UlBAo4Z60btxy1u6DgZGwCjdSmFUe/GvdSt961iNwBlsoqpKGNJFa2LjYQXQ=="}},
           {"vector": "closer.field/encrypt-empty", "outputs": {"wire": "enc:v1:3KkIxHy6/I8ARdbDJ9/4B7p1Fn5fb+9W0W3wKQ=="}}]}
        """, to: dir + "/ios.json")
        let add = try concord(["archive", "add", dir + "/ios.json", "--release", "1.0.0", "--project", p, "--implementations", "tink"])
        #expect(add.status == 0, "\(add.stdout)\(add.stderr)")
        let archive = dir + "/archive", file = archive + "/1.0.0/ios/closer.field.yaml"
        #expect(try concord(["validate", archive]).status == 0)
        let original = try String(contentsOfFile: file, encoding: .utf8)

        // A vector's expected value edited by hand.
        write(original.replacingOccurrences(of: "plaintext: {hex: \"\"}", with: "plaintext: {hex: \"00\"}"), to: file)
        let v = try concord(["validate", archive])
        #expect(v.status == 2, "\(v.stdout)")
        #expect(v.stdout.contains("archive/1.0.0/ios/closer.field.yaml:23:5: archived vector closer.field/archived-1.0.0-ios-encrypt-empty (written by ios 1.0.0) was changed by hand"), "\(v.stdout)")
        let run = try concord(["run", "--project", p, "--implementations", "swift"])
        #expect(run.status == 2 && run.stderr.contains("was changed by hand") && run.stderr.contains("nothing was run"), "\(run.stderr)")

        // Retired with a reason and a date: the change is allowed, the vector not run.
        write("divergences: []\nretired:\n  - vector: closer.field/archived-1.0.0-ios-encrypt-empty\n    reason: \"empty fields are no longer written\"\n    date: 2026-12-07\n", to: dir + "/ledger.yaml")
        let retiredRun = try concord(["run", "--project", p, "--implementations", "swift"])
        #expect(retiredRun.status == 0, "\(retiredRun.stdout)\(retiredRun.stderr)")
        #expect(retiredRun.stderr.contains("1 archived vector is retired by the ledger and not run"))
        let retiredValid = try concord(["validate", archive, "--ledger", dir + "/ledger.yaml"])
        #expect(retiredValid.status == 0, "\(retiredValid.stdout)\(retiredValid.stderr)")
        // A retirement without a date is refused.
        write("divergences: []\nretired:\n  - vector: closer.field/archived-1.0.0-ios-encrypt-empty\n    reason: \"x\"\n", to: dir + "/ledger.yaml")
        let noDate = try concord(["validate", archive, "--ledger", dir + "/ledger.yaml"])
        #expect(noDate.status == 2 && noDate.stderr.contains("retired[0] has no date"), "\(noDate.stdout)\(noDate.stderr)")
        write("divergences: []\n", to: dir + "/ledger.yaml")

        // Only a comment changed: still changed by hand.
        write(original.replacingOccurrences(of: "# Written by", with: "# Edited, written by"), to: file)
        let comment = try concord(["validate", archive])
        #expect(comment.status == 2 && comment.stdout.contains("changed by hand (its digest is not the one recorded"), "\(comment.stdout)")
        // A file added by hand.
        write(original, to: file)
        write(original, to: archive + "/1.0.0/ios/extra.yaml")
        let added = try concord(["validate", archive])
        #expect(added.status == 2 && added.stdout.contains("extra.yaml: not recorded in"), "\(added.stdout)")
        try FileManager.default.removeItem(atPath: archive + "/1.0.0/ios/extra.yaml")
        // A file removed.
        try FileManager.default.removeItem(atPath: file)
        let removed = try concord(["validate", archive])
        #expect(removed.status == 2 && removed.stdout.contains("archived file removed (1.0.0 × ios)"), "\(removed.stdout)")
    }
}
