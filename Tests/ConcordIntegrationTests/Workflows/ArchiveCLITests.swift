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

    /// The whole loop: archived once (opened by a library first), opened by every later project run
    /// with the release matrix in every report; a reader that no longer opens one fails the run
    /// naming the release and platform that wrote it, and `compare` says which release stopped
    /// opening; retired in the ledger with a reason and a date, the run passes again.
    @Test func aReleaseIsArchivedOpenedByEveryRunAndNamedWhenItNoLongerOpens() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        Self.project(dir)
        write(Self.capture, to: dir + "/ios-1.0.0.json")
        let p = dir + "/concord.yaml"
        let add = try concord(["archive", "add", dir + "/ios-1.0.0.json", "--release", "1.0.0", "--project", p, "--implementations", "swift,jvm,tink"])
        #expect(add.status == 0, "\(add.stdout)\(add.stderr)")
        #expect(add.stdout.contains("archived 2 artifacts of ios 1.0.0 (app 1.0.0 (CryptoKit))"), "\(add.stdout)")
        #expect(add.stdout.contains("opened by swift, jvm, tink"), "\(add.stdout)")
        // The decrypt answer is no artifact: said, not archived.
        #expect(add.stderr.contains("ios-1.0.0.json:6:15: closer.field/app-read: its op decrypt reads, it writes no artifact"), "\(add.stderr)")
        let file = try String(contentsOfFile: dir + "/archive/1.0.0/ios/closer.field.yaml", encoding: .utf8)
        #expect(file.contains("release:\n  name: \"1.0.0\"\n  platform: \"ios\"\n  version: \"app 1.0.0 (CryptoKit)\"\n  device: \"iOS 18, iPhone 15\""), "\(file)")
        // The expected value is what the app was given, not what it wrote.
        #expect(file.contains("plaintext: {hex: \"68656c6c6f\"}"))
        #expect(FileManager.default.fileExists(atPath: dir + "/archive/concord-archive.json"))

        // Added again: nothing to do.
        let again = try concord(["archive", "add", dir + "/ios-1.0.0.json", "--release", "1.0.0", "--project", p, "--implementations", "swift"])
        #expect(again.status == 0 && again.stdout.contains("already archived with exactly these artifacts"), "\(again.stdout)\(again.stderr)")

        // Every project run opens the past, and shows the matrix (the app's own vectors moved on).
        Self.released(dir)
        let ok = try concord(["run", "--project", p, "--implementations", "swift,tink", "--report", dir + "/base.json", "--markdown", dir + "/base.md", "--html", dir + "/base.html"])
        #expect(ok.status == 0, "\(ok.stdout)\(ok.stderr)")
        #expect(ok.stdout.contains("Releases × implementations"), "\(ok.stdout)")
        #expect(ok.stdout.contains("2 vectors: 2 passed"), "\(ok.stdout)")
        #expect(ok.stdout.split(separator: "\n").contains { $0.hasPrefix("  1.0.0 × ios") && $0.split(separator: " ").filter { $0 == "✓2" }.count == 2 }, "\(ok.stdout)")
        let base = try JSON.parse(String(contentsOfFile: dir + "/base.json", encoding: .utf8))
        #expect(base["releases"]?.arrayValue?.first?["release"]?["platform"]?.stringValue == "ios")
        #expect(base["releases"]?.arrayValue?.first?["readers"]?["tink"]?["pass"]?.intValue == 2)
        #expect(try String(contentsOfFile: dir + "/base.md", encoding: .utf8).contains("| ios 1.0.0 (app 1.0.0 (CryptoKit)) | ✅ 2 opens | ✅ 2 opens |"))
        #expect(try String(contentsOfFile: dir + "/base.html", encoding: .utf8).contains("<h2>Archived releases</h2>"))

        // A reader whose AAD cuts the couple id at `|` no longer opens the app's artifact.
        let bad = try concord(["run", "--project", p, "--implementations", "swift,android", "--adapter", "android=\(planted)", "--report", dir + "/head.json"])
        #expect(bad.status == 1, "\(bad.stdout)\(bad.stderr)")
        #expect(bad.stdout.contains("FAIL    closer.field/archived-1.0.0-ios-app-pipe-couple"), "\(bad.stdout)")
        #expect(bad.stdout.contains("written by ios 1.0.0 (app 1.0.0 (CryptoKit)), no longer opens on android (planted 1)"), "\(bad.stdout)")
        #expect(bad.stdout.split(separator: "\n").contains { $0.hasPrefix("  1.0.0 × ios") && $0.hasSuffix("✓2     ✓1 ✗1") }, "\(bad.stdout)")

        // Retired in the ledger, with a reason and a date: not run, said so, the gate passes.
        write("retired:\n  - vector: closer.field/archived-1.0.0-ios-app-pipe-couple\n    reason: \"couple ids with | were dropped in 2.0\"\n    date: 2026-12-07\n", to: dir + "/ledger.yaml")
        let retired = try concord(["run", "--project", p, "--implementations", "swift,android", "--adapter", "android=\(planted)", "--ledger", dir + "/ledger.yaml"])
        #expect(retired.status == 0, "\(retired.stdout)\(retired.stderr)")
        #expect(retired.stderr.contains("1 archived vector is retired by the ledger and not run (closer.field/archived-1.0.0-ios-app-pipe-couple, written by ios 1.0.0 (app 1.0.0 (CryptoKit)): couple ids with | were dropped in 2.0, retired 2026-12-07)"), "\(retired.stderr)")
        // A retirement without a reason is refused, located.
        write("retired:\n  - vector: closer.field/archived-1.0.0-ios-app-pipe-couple\n    date: 2026-12-07\n", to: dir + "/ledger.yaml")
        let noReason = try concord(["run", "--project", p, "--implementations", "swift", "--ledger", dir + "/ledger.yaml"])
        #expect(noReason.status == 2 && noReason.stderr.contains("ledger.yaml:2:5: retired[0] has no reason"), "\(noReason.stderr)")
    }

    /// `compare` across a run where the app's reader opened every archived release and one where
    /// it no longer opens the first: the old release that stopped opening, and on which reader.
    @Test func compareSaysWhichOldReleasesStoppedOpening() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        Self.project(dir)
        write(Self.capture, to: dir + "/ios.json")
        let p = dir + "/concord.yaml"
        let add = try concord(["archive", "add", dir + "/ios.json", "--release", "1.0.0", "--project", p, "--implementations", "jvm,tink"])
        #expect(add.status == 0, "\(add.stdout)\(add.stderr)")
        Self.released(dir)
        // The reader before its change: the planted adapter with its bug taken out.
        let fixed = dir + "/android-fixed"
        let source = try String(contentsOfFile: planted, encoding: .utf8)
        #expect(source.contains("coupleId.split('|')[0]"))
        write(source.replacingOccurrences(of: "coupleId.split('|')[0]", with: "coupleId"), to: fixed)
        let base = try concord(["run", "--project", p, "--implementations", "swift,android", "--adapter", "android=node \(fixed)", "--report", dir + "/base.json"])
        #expect(base.status == 0, "\(base.stdout)\(base.stderr)")
        let head = try concord(["run", "--project", p, "--implementations", "swift,android", "--adapter", "android=\(planted)", "--report", dir + "/head.json"])
        #expect(head.status == 1, "\(head.stdout)\(head.stderr)")
        let cmp = try concord(["compare", dir + "/base.json", dir + "/head.json"])
        #expect(cmp.status == 1, "\(cmp.stdout)\(cmp.stderr)")
        #expect(cmp.stdout.contains("### ❌ Old releases that stopped opening (1)"), "\(cmp.stdout)")
        #expect(cmp.stdout.contains("| ios 1.0.0 (app 1.0.0 (CryptoKit)) | `android` | 1 |"), "\(cmp.stdout)")
        let json = try concord(["compare", dir + "/base.json", dir + "/head.json", "--json"])
        let c = try JSON.parse(json.stdout)
        #expect(c["stoppedOpening"]?.arrayValue?.count == 1)
        #expect(c["stoppedOpening"]?.arrayValue?.first?["release"]?["name"]?.stringValue == "1.0.0")
        #expect(c["stoppedOpening"]?.arrayValue?.first?["reader"]?.stringValue == "android")
        #expect(c["stoppedOpening"]?.arrayValue?.first?["artifacts"]?.arrayValue?.first?.stringValue == "closer.field/archived-1.0.0-ios-app-pipe-couple")
    }

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
        // A file broken by hand (it no longer loads): said once, by the archive's check.
        write(original.replacingOccurrences(of: "format: concord-vectors/1", with: "formbt: concord-vectors/1"), to: file)
        let broken = try concord(["validate", archive])
        #expect(broken.status == 2 && broken.stdout.contains("(an archived file changed by hand: restore it from version control)"), "\(broken.stdout)")
        #expect(broken.stdout.components(separatedBy: "unknown field \"formbt\"").count == 2, "said twice: \(broken.stdout)")
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

    // MARK: sealed to the reader's public key

    /// The keybox of Concord's reference case (vectors/closer/keybox/closer.yaml, seal-kat: decrypted by Tink 1.16.1).
    static let katKeybox = "keybox:v1:AQECAwQEmngcptBVp_MNDJ_4eTbHOfaBbvX15ytLlGQEsKGoOyrBn4QpReor9lqhZJsrAv95hUyNXs_NQDhi6Kl-pmxxwQABAgMEBQYHCAkKC5n9MgWgx1E2-zBn-cdke6Qu9DtUl7KB-J7gHgdYUZRNSefJbboCPa7ZDmGP3fmCJQ"

    /// A keybox the server sealed to a phone's public key opens with the phone's private keyset,
    /// which no capture of the seal holds: archive add finds it among the project's vectors (the
    /// reference case's `open` vector gives the keyset whose public key it was sealed to), Tink
    /// opens it first, and every later run opens it; a byte planted in the archived keybox is
    /// refused by validate.
    @Test func aKeyboxIsArchivedWithItsRecipientsKeyAndOpenedByEveryRun() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("packs: [closer.keybox]\narchive: archive\n", to: dir + "/concord.yaml")
        write("""
        {"format": "concord-outputs/1", "implementation": {"name": "server", "version": "functions 1.0 (Node 20)"},
         "results": [{"vector": "closer.keybox/seal-kat", "outputs": {"keybox": "\(Self.katKeybox)"}}]}
        """, to: dir + "/server.json")
        let p = dir + "/concord.yaml"
        let add = try concord(["archive", "add", dir + "/server.json", "--release", "1.0", "--project", p, "--implementations", "swift,tink"])
        #expect(add.status == 0, "\(add.stdout)\(add.stderr)")
        #expect(add.stdout.contains("archived 1 artifact of server 1.0 (functions 1.0 (Node 20)) in \(dir)/archive/1.0/server/closer.keybox.yaml (closer.keybox; opened by swift, tink)"), "\(add.stdout)")
        let file = dir + "/archive/1.0/server/closer.keybox.yaml"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("op: open"))
        #expect(text.contains("recipientPrivateKeyset: \"{\\n  \\\"primaryKeyId\\\": 16909060,"), "\(text)")
        #expect(text.contains("the reader's recipientPrivateKeyset from closer.keybox/"), "\(text)")
        #expect(text.contains("plaintext: {hex: \"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\"}"))

        Self.released(dir)
        let run = try concord(["run", "--project", p, "--implementations", "swift,tink"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("1 vectors: 1 passed"), "\(run.stdout)")
        #expect(run.stdout.split(separator: "\n").contains { $0.hasPrefix("  1.0 × server") && $0.hasSuffix("✓1     ✓1") }, "\(run.stdout)")

        write(text.replacingOccurrences(of: "keybox: \"keybox:v1:AQECAwQEmngc", with: "keybox: \"keybox:v1:AQECAwQEmnhc"), to: file)
        let planted = try concord(["validate", dir + "/archive"])
        #expect(planted.status == 2, "\(planted.stdout)\(planted.stderr)")
        #expect(planted.stdout.contains("closer.keybox.yaml:14:5: archived vector closer.keybox/archived-1.0-server-seal-kat (written by server 1.0) was changed by hand"), "\(planted.stdout)")
    }

    /// The reference case's public key with another key id: no keyset Concord or the project has is its private half.
    static func strangerKey() throws -> String {
        let kat = "pub:v1:eyJwcmltYXJ5S2V5SWQiOjE2OTA5MDYwLCJrZXkiOlt7ImtleURhdGEiOnsidHlwZVVybCI6InR5cGUuZ29vZ2xlYXBpcy5jb20vZ29vZ2xlLmNyeXB0by50aW5rLkVjaWVzQWVhZEhrZGZQdWJsaWNLZXkiLCJ2YWx1ZSI6IkVrUUtCQWdDRUFNU09oSTRDakIwZVhCbExtZHZiMmRzWldGd2FYTXVZMjl0TDJkdmIyZHNaUzVqY25sd2RHOHVkR2x1YXk1QlpYTkhZMjFMWlhrU0FoQVFHQUVZQVJvZ24rN3RxUVBZUFFINGhaMWNFWEhYTC9uT1gvSWh0SUNrWUdqWmZqMUEzcDRpSU0yRVhZRXBlUndraFRLWkcwWXE2ZU8rbzFUeXA2eThiZzF1RlhnN213TDciLCJrZXlNYXRlcmlhbFR5cGUiOiJBU1lNTUVUUklDX1BVQkxJQyJ9LCJzdGF0dXMiOiJFTkFCTEVEIiwia2V5SWQiOjE2OTA5MDYwLCJvdXRwdXRQcmVmaXhUeXBlIjoiVElOSyJ9XX0K"
        let json = String(decoding: try Base64.decode(String(kat.dropFirst(7)), .url), as: UTF8.self)
        #expect(json.contains("16909060"))
        return "pub:v1:" + Base64.encode(Array(json.replacingOccurrences(of: "16909060", with: "16909061").utf8), .url)
    }

    /// A keybox sealed to a key whose private half the project gives nowhere could never be opened:
    /// refused at birth, located at the capture's answer, naming the public key (exit 2, nothing archived).
    @Test func aKeyboxWhoseRecipientsKeyIsNowhereIsRefusedAtBirth() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let stranger = try Self.strangerKey()
        write("vectors: [vectors]\narchive: archive\n", to: dir + "/concord.yaml")
        write("""
        format: concord-vectors/1
        suite: closer.keybox
        title: the server's keyboxes
        source: the server's own tests
        vectors:
          - id: app-seal
            op: seal
            input: {recipientPublicKey: "\(stranger)", contextInfo: "c|q|a|b", plaintext: {hex: "00"}, ephemeralPrivateKey: {hex: "8341425cafede9d24b0599aefdfdeff1c1526ed75b07217eb99bf8c0b7498b81"}, iv: {hex: "000102030405060708090a0b"}}
            expect: {keybox: TODO_ANDROID_RUN}

        """, to: dir + "/vectors/server.yaml")
        write("""
        {"format": "concord-outputs/1", "implementation": {"name": "server"},
         "results": [{"vector": "closer.keybox/app-seal", "outputs": {"keybox": "\(Self.katKeybox)"}}]}
        """, to: dir + "/server.json")
        let r = try concord(["archive", "add", dir + "/server.json", "--release", "1.0", "--project", dir + "/concord.yaml", "--implementations", "swift,tink"])
        #expect(r.status == 2, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.contains("server.json:2:25: closer.keybox/app-seal: its keybox could never be opened: closer.keybox open needs recipientPrivateKeyset (the recipient's private key for \(stranger.prefix(40))… is not among the project's keys"), "\(r.stderr)")
        #expect(r.stderr.contains("nothing was archived"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/archive"))
    }

    /// Another platform's app that opens SophaxChat sealed-sender wires, written apart from
    /// Concord's ports with Node's crypto: the witness a sealed-sender wire needs (only Concord's
    /// ports implement the suite).
    static let iosOpener = """
    #!/usr/bin/env node
    'use strict';
    const crypto = require('crypto');
    const readline = require('readline');
    const ops = [{ op: 'open', inputs: ['recipientIdentityPrivateKey', 'wire'], outputs: ['plaintext'] }];
    console.log(JSON.stringify({ 'concord-adapter': 1, name: 'ios', version: 'app 2.0', suites: [{ suite: 'sophaxchat.sealed-sender', ops }] }));
    const bytes = (v) => Buffer.from(v.hex, 'hex');
    function answer(i) {
      const priv = crypto.createPrivateKey({ key: Buffer.concat([Buffer.from('302e020100300506032b656e04220420', 'hex'), bytes(i.recipientIdentityPrivateKey)]), format: 'der', type: 'pkcs8' });
      const w = bytes(i.wire);
      if (w.length < 60) return { error: 'format', message: 'short' };
      const pub = crypto.createPublicKey({ key: Buffer.concat([Buffer.from('302a300506032b656e032100', 'hex'), w.subarray(0, 32)]), format: 'der', type: 'spki' });
      const key = Buffer.from(crypto.hkdfSync('sha256', crypto.diffieHellman({ privateKey: priv, publicKey: pub }), Buffer.alloc(0), Buffer.from('SophaxChat_SealedSender_v1'), 32));
      const d = crypto.createDecipheriv('chacha20-poly1305', key, w.subarray(32, 44), { authTagLength: 16 });
      d.setAuthTag(w.subarray(w.length - 16));
      const head = d.update(w.subarray(44, w.length - 16));
      try { return { outputs: { plaintext: { hex: Buffer.concat([head, d.final()]).toString('hex') } } }; } catch (e) { return { error: 'authentication', message: 'tag' }; }
    }
    readline.createInterface({ input: process.stdin }).on('line', (line) => {
      const r = JSON.parse(line);
      let out;
      try { out = { id: r.id, ...answer(r.input) }; } catch (e) { out = { id: r.id, fault: String(e) }; }
      process.stdout.write(JSON.stringify(out) + '\\n');
    });

    """

    /// RFC 7748's vectors as Concord's sealed-sender seal-rfc7748 (vectors/sophaxchat/sealed-sender/sophaxchat.yaml).
    static let rfcWire = "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6aa776d7b330fc167e6fe87e16fac66e9f939b8fd312bbdc6a35a645c64330a391fd83bf800409b3aee9083f06a93888a69743d530be9987abf95e029d26"

    /// A sealed-sender wire the Android app sealed to the recipient's identity key is archived with
    /// the recipient's private key (RFC 7748's Bob, from Concord's own open vector), once another
    /// platform's app opened it; with two different private keys for that public key among the
    /// project's vectors (Bob's, and Bob's with the bit X25519 clears set otherwise), it is refused,
    /// naming both (exit 2, nothing archived).
    @Test func aSealedSenderWireIsArchivedAndTwoDifferentKeysAreRefused() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.iosOpener, to: dir + "/ios")
        write("packs: [sophaxchat.sealed-sender]\narchive: archive\n", to: dir + "/concord.yaml")
        write("""
        {"format": "concord-outputs/1", "implementation": {"name": "android", "version": "app 3.2"},
         "results": [{"vector": "sophaxchat.sealed-sender/seal-rfc7748", "outputs": {"wire": {"hex": "\(Self.rfcWire)"}}}]}
        """, to: dir + "/android.json")
        let p = dir + "/concord.yaml"
        let add = try concord(["archive", "add", dir + "/android.json", "--release", "3.2", "--project", p, "--implementations", "swift,ios", "--adapter", "ios=node \(dir)/ios"])
        #expect(add.status == 0, "\(add.stdout)\(add.stderr)")
        #expect(add.stdout.contains("archived 1 artifact of android 3.2 (app 3.2) in \(dir)/archive/3.2/android/sophaxchat.sealed-sender.yaml (sophaxchat.sealed-sender; opened by swift, ios)"), "\(add.stdout)")
        let text = try String(contentsOfFile: dir + "/archive/3.2/android/sophaxchat.sealed-sender.yaml", encoding: .utf8)
        #expect(text.contains("recipientIdentityPrivateKey: {hex: \"5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb\"}"), "\(text)")

        // The project's own roundtrip vector gives Bob's key with its top bit cleared: the same public key, another private key.
        write("packs: [sophaxchat.sealed-sender]\nvectors: [vectors]\narchive: archive2\n", to: p)
        write("""
        format: concord-vectors/1
        suite: sophaxchat.sealed-sender
        title: the app's own
        source: the app's tests
        vectors:
          - id: app-bob
            op: roundtrip
            input: {recipientIdentityPrivateKey: {hex: "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e06b"}, plaintext: {utf8: "x"}}
            expect: {plaintext: {utf8: "x"}}

        """, to: dir + "/vectors/app.yaml")
        let two = try concord(["archive", "add", dir + "/android.json", "--release", "3.2", "--project", p, "--implementations", "swift,ios", "--adapter", "ios=node \(dir)/ios"])
        #expect(two.status == 2, "\(two.stdout)\(two.stderr)")
        #expect(two.stderr.contains("android.json:2:25: sophaxchat.sealed-sender/seal-rfc7748: two different private keys of the project have the public key de9edb7d7b7dc1b4d35b61c2ece435373f8343c8… the app sealed to:"), "\(two.stderr)")
        #expect(two.stderr.contains("vectors/app.yaml:6:5 (sophaxchat.sealed-sender/app-bob)") && two.stderr.contains("give recipientIdentityPrivateKey as two different keys"), "\(two.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/archive2"))
    }

    // MARK: scenario recordings

    /// A flow: the phone (the app under test, its adapter) writes a field another device reads.
    static let fieldsScenario = """
    format: concord-scenario/1
    name: app.fields
    title: "the phone writes a field another device reads"
    source: "docs/contracts/closer.md section 6"
    roles:
      writer: "the phone"
      reader: "another device"
    fresh:
      coupleKey: {kind: bytes, length: 32}
      nonce: {kind: bytes, length: 12}
    steps:
      - id: write
        role: writer
        suite: closer.field
        op: encrypt
        input: {coupleKey: {fresh: coupleKey}, coupleId: "couple-1", plaintext: {utf8: "hello"}, nonce: {fresh: nonce}}
      - id: read
        role: reader
        suite: closer.field
        op: decrypt
        input: {coupleKey: {fresh: coupleKey}, coupleId: "couple-1", wire: {output: write.wire}}
        expect: {plaintext: {utf8: "hello"}}

    """

    /// A scenario recording of the app's flow (`concord scenario --record DIR` with the app's adapter)
    /// is a source of archive add: the app's own answers (written beside the recorded vectors) are
    /// the artifacts, the recorded vectors what opens them; the release names the recording and its
    /// seed; the same recording added again is nothing to do; every later run opens them.
    @Test func aScenarioRecordingOfTheAppIsArchived() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.fieldsScenario, to: dir + "/fields.yaml")
        write("archive: archive\n", to: dir + "/concord.yaml")
        let p = dir + "/concord.yaml"
        let rec = try concord(["scenario", dir + "/fields.yaml", "--seed", "7", "--trials", "2", "--implementations", "swift,tink,android",
                               "--adapter", "android=\(planted)", "--record", dir + "/rec", "-o", dir + "/r.json"])
        #expect(rec.status == 0, "\(rec.stdout)\(rec.stderr)")
        #expect(rec.stdout.contains("recorded: \(dir)/rec/app.fields-seed7-android.outputs.json"), "\(rec.stdout)")
        let add = try concord(["archive", "add", dir + "/rec", "--release", "3.2", "--project", p, "--implementations", "swift,tink"])
        #expect(add.status == 0, "\(add.stdout)\(add.stderr)")
        #expect(add.stdout.contains("archived 2 artifacts of android 3.2 (planted 1) in \(dir)/archive/3.2/android/closer.field.yaml (closer.field; opened by swift, tink)"), "\(add.stdout)")
        #expect(add.stderr.contains("app.fields-seed7-android.outputs.json:5:14: closer.field/app.fields-s7-t0-read: its op decrypt reads, it writes no artifact"), "\(add.stderr)")
        let text = try String(contentsOfFile: dir + "/archive/3.2/android/closer.field.yaml", encoding: .utf8)
        #expect(text.contains("device: \"scenario app.fields (fields.yaml), seed 7, recorded by concord scenario --record\""), "\(text)")
        #expect(text.contains("source: \"concord archive add rec (android's answers in a scenario recording) --release 3.2:"), "\(text)")
        #expect(text.contains("id: archived-3.2-android-app.fields-s7-t1-write"), "\(text)")
        #expect(text.contains("plaintext: {hex: \"68656c6c6f\"}"))

        let again = try concord(["archive", "add", dir + "/rec", "--release", "3.2", "--project", p, "--implementations", "swift,tink"])
        #expect(again.status == 0 && again.stdout.contains("release 3.2 of android is already archived with exactly these artifacts: nothing to add"), "\(again.stdout)\(again.stderr)")

        let run = try concord(["run", "--project", p, "--implementations", "swift,tink"])
        #expect(run.status == 0 && run.stdout.contains("2 vectors: 2 passed"), "\(run.stdout)\(run.stderr)")
    }

    /// A recording made by Concord's own implementations holds no release of an app: refused, saying
    /// so (exit 2, nothing archived); `--platform` naming one of Concord's own is refused alike.
    @Test func aRecordingByConcordsOwnImplementationsIsRefused() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.fieldsScenario, to: dir + "/fields.yaml")
        write("archive: archive\n", to: dir + "/concord.yaml")
        let p = dir + "/concord.yaml"
        let rec = try concord(["scenario", dir + "/fields.yaml", "--seed", "7", "--trials", "1", "--implementations", "swift,jvm,tink",
                               "--record", dir + "/rec", "-o", dir + "/r.json"])
        #expect(rec.status == 0, "\(rec.stdout)\(rec.stderr)")
        let add = try concord(["archive", "add", dir + "/rec", "--release", "3.2", "--project", p, "--implementations", "swift,tink"])
        #expect(add.status == 2, "\(add.stdout)\(add.stderr)")
        #expect(add.stderr.contains("\(dir)/rec: no app answered in this recording (it holds no <scenario>-seed<S>-<app>.outputs.json): only Concord's own implementations and libraries ran, and they are no release of an app"), "\(add.stderr)")
        let swift = try concord(["archive", "add", dir + "/rec", "--release", "3.2", "--platform", "swift", "--project", p])
        #expect(swift.status == 2 && swift.stderr.contains("--platform swift: swift is one of Concord's own implementations, not a release of an app"), "\(swift.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/archive"))
    }
}
