import ConcordImplementations
import Foundation
import Testing
import ConcordTestSupport

/// `fill` killed at any moment (SIGKILL: no handler runs) leaves the fixture either exactly as it
/// was or completely filled, never a mix or an empty file.
@Suite struct FillKillTests {
    static let count = 1500

    /// A fixture of `count` placeholders (about 300 KB) and a captured file that fills all of them.
    static func files(in dir: String) -> (fixture: String, captured: String, filled: String) {
        var yaml = "format: concord-vectors/1\nsuite: argon2id\ntitle: Kill\nsource: hand-made\nvectors:\n"
        var filled = yaml
        var results: [String] = []
        for i in 0..<count {
            let key = String(repeating: String(format: "%02x", i % 256), count: 32)
            let head = "  - id: v\(i)\n    input:\n      password: {utf8: p\(i)}\n      salt: {hex: 000102030405060708090a0b0c0d0e0f}\n"
                + "      params: argon2id;v=19;m=8;t=1;p=1\n    expect:\n"
            yaml += head + "      key: TODO_ANDROID_RUN\n"
            filled += head + "      key: {hex: \"\(key)\"}\n"
            results.append(#"{"vector": "argon2id/v\#(i)", "outputs": {"key": {"hex": "\#(key)"}}}"#)
        }
        let captured = #"{"format": "concord-outputs/1", "implementation": {"name": "device"}, "results": ["#
            + results.joined(separator: ",\n") + "]}\n"
        write(yaml, to: dir + "/fixture.yaml")
        write(captured, to: dir + "/captured.json")
        return (dir + "/fixture.yaml", dir + "/captured.json", filled)
    }

    @Test func killedFillLeavesTheOldOrTheNewFile() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (fixture, captured, filledText) = Self.files(in: dir)
        let original = try #require(FileManager.default.contents(atPath: fixture))
        let filled = Data(filledText.utf8)

        // How long an uninterrupted fill takes, and that it gives the filled text.
        let work = dir + "/work.yaml"
        try FileManager.default.copyItem(atPath: fixture, toPath: work)
        let t0 = Date()
        let full = try runProcess(concordBinary, ["fill", work, "--from", captured, "--trust-captured"])
        let duration = Date().timeIntervalSince(t0)
        #expect(full.status == 0, "\(full.stderr.prefix(300))")
        #expect(FileManager.default.contents(atPath: work) == filled)

        // Kill it at delays spread over that duration (and a little past it).
        var killedEarly = 0, finished = 0
        let rounds = 24
        for round in 0..<rounds {
            try FileManager.default.removeItem(atPath: work)
            try FileManager.default.copyItem(atPath: fixture, toPath: work)
            let p = try Subprocess.spawn([concordBinary, "fill", work, "--from", captured, "--trust-captured"])
            close(p.stdin)
            usleep(useconds_t(duration * 1.2 * Double(round) / Double(rounds) * 1_000_000))
            p.signalGroup(SIGKILL)
            let end = p.wait(timeout: 10)
            close(p.stdout)
            close(p.stderr)
            if end == .signaled(SIGKILL) { killedEarly += 1 } else { finished += 1 }
            let now = FileManager.default.contents(atPath: work)
            #expect(now == original || now == filled,
                    "round \(round): the fixture is neither the original nor the filled file (\(now?.count ?? -1) bytes)")
        }
        #expect(killedEarly > 0, "no round was killed before fill finished")
    }
}
