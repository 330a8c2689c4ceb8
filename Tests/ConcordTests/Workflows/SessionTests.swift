import ConcordImplementations
import ConcordWorkflows
import Foundation
import Testing
import ConcordTestSupport

/// What every command repeats, done once (Session, docs/design.md "Commands"): one seed function,
/// one availability policy with one message form, names checked alike.
@Suite struct SessionTests {
    static let quiet = Terminal(message: { _ in }, raw: { _ in }, out: { _ in }, outBytes: { _ in }, isTerminal: { _ in false },
                                writeFailure: { p, _ in p })

    func session(adapters: [String] = []) throws -> Session {
        try Session(home: repositoryRoot, project: nil, adapters: adapters, settings: false, terminal: Self.quiet)
    }

    /// One seed function for scenario and explore: --seed from 0 to 2^64-1, refused otherwise in
    /// one message; a new one below 2^63 (a report holds it as an integer anywhere).
    @Test func oneSeedFunction() throws {
        #expect(try Session.seed("0") == 0)
        #expect(try Session.seed("18446744073709551615") == UInt64.max)
        for bad in ["-1", "x", "18446744073709551616", ""] {
            #expect(throws: Session.Problem.self) { try Session.seed(bad) }
            do { _ = try Session.seed(bad) } catch {
                #expect(error.description == "--seed needs an unsigned integer (0 to 18446744073709551615), got \"\(bad)\"")
            }
        }
        for _ in 0..<64 { #expect(try Session.seed(nil) < 1 << 63) }
    }

    /// The policy a command holds to: the command line's names (and --assign's) are refused when
    /// not available here, with the option that named them; the others are one line each; the
    /// user's adapters and --require's are named, so that one that does not start fails the run.
    @Test func oneAvailabilityPolicy() throws {
        let s = try session(adapters: ["app=true"])
        let missing = Unavailable(name: "webcrypto", why: "Chromium is not installed")
        let named = s.policy(["libsodium", "webcrypto", "app"], explicit: true)
        #expect(named.named == ["libsodium", "webcrypto", "app"])
        var refusing = named
        #expect(throws: Availability.Refusal.self) { _ = try refusing.leaveOut([missing]) }
        do { _ = try refusing.leaveOut([missing]) } catch {
            #expect(error.description == "--implementations names webcrypto, which is not available here: Chromium is not installed")
        }
        var assigned = s.policy(["libsodium", "webcrypto"], explicit: false, assigned: ["webcrypto"])
        do { _ = try assigned.leaveOut([missing]) } catch {
            #expect(error.description == "--assign names webcrypto, which is not available here: Chromium is not installed")
        }
        var unnamed = s.policy(["libsodium", "webcrypto", "app"], explicit: false, required: ["jvm"])
        #expect(unnamed.named == ["app"] && unnamed.isNamed("jvm") && !unnamed.isNamed("webcrypto"))
        let kept = try unnamed.leaveOut([missing])
        #expect(kept.count == 1 && kept[0].suites.isEmpty && kept[0].startFailure == "Chromium is not installed")
        #expect(unnamed.notHereLines == ["webcrypto is not available here, so it is not run: Chromium is not installed"])
        #expect(unnamed.didNotStart("app", "exited") == "app could not start: exited")
        #expect(unnamed.didNotStart("tink", "exited") == "tink could not start, so it is not run: exited")
    }

    /// Names are checked alike by every command: unknown ones refused with the closest known one.
    @Test func namesAreCheckedAlike() throws {
        let s = try session(adapters: ["app=true"])
        #expect(try s.names(nil) == s.allNames && s.allNames.last == "app")
        #expect(try s.names("app, libsodium") == ["app", "libsodium"])
        do { _ = try s.names("libsodum"); Issue.record("a misspelt name was taken") } catch {
            #expect(error.description.hasPrefix("--implementations: unknown implementation \"libsodum\" (did you mean libsodium?)"))
        }
        do { _ = try s.names("libsodium,"); Issue.record("an empty item was taken") } catch {
            #expect(error.description == "--implementations needs a comma-separated list of names")
        }
    }

    /// The project file is found from a folder up (ProjectFile.find): the nearest, spelled from
    /// where the search started; a folder holding .git ends the search.
    @Test func theProjectFileIsTheNearestUpToARepositorysRoot() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("adapters: {}\n", to: dir + "/concord.yaml")
        try FileManager.default.createDirectory(atPath: dir + "/a/b", withIntermediateDirectories: true)
        #expect(try ProjectFile.find(from: dir + "/a/b") == dir + "/a/b/../../concord.yaml")
        #expect(try ProjectFile.find(from: dir) == dir + "/concord.yaml")
        try FileManager.default.createDirectory(atPath: dir + "/a/.git", withIntermediateDirectories: true)
        #expect(try ProjectFile.find(from: dir + "/a/b") == nil)
        #expect(try ProjectFile.locate("elsewhere.yaml") == "elsewhere.yaml")
    }
}
