@testable import ConcordImplementations
import ConcordSync
import ConcordJudging
import ConcordLoading
import ConcordScheduling
import Foundation
import Testing
import ConcordTestSupport

/// Issue 26 item 1: runs repeated under competing load give the same verdicts as one worker alone,
/// never a crash; a user adapter that exits at once fails its run closed every time. (Under
/// ThreadSanitizer through scripts/test-tsan, where any race is a report.)
@Suite(.serialized) struct RunnerStressTests {
    static let settings = Catalog.Settings(home: repositoryRoot)

    /// The verdicts of a run, as comparable text.
    static func verdicts(_ r: RunResult) -> [String] {
        r.results.map { v in "\(v.vector.name) \(v.status) " + v.implementations.map { "\($0.implementation)=\($0.status)" }.joined(separator: ",") }
    }

    /// A busy loop on every core while `body` runs.
    static func underLoad<R>(_ body: () throws -> R) rethrows -> R {
        let stop = AtomicCounter()
        for _ in 0..<ProcessInfo.processInfo.activeProcessorCount {
            Thread { var x = 0; while stop.load() == 0 { x &+= 1 } }.start()
        }
        defer { stop.store(1) }
        return try body()
    }

    @Test func repeatedRunsAgreeWithOneWorkerUnderLoad() throws {
        let loaded = VectorLoader().load(.paths(["aes-gcm", "hmac-sha256", "x25519"].map { repositoryRoot + "/vectors/primitives/" + $0 }))
        let (vectors, errors) = (loaded.vectors, loaded.errors)
        #expect(errors.isEmpty, "\(errors)")
        #expect(vectors.count > 50)
        let impls = try ["openssl", "libsodium", "swift"].map { try #require(Catalog.make($0, settings: Self.settings)) }
        let reference = Self.verdicts(Runner(implementations: impls, configuration: RunConfiguration(workers: 1)).run(vectors))
        #expect(reference.count == vectors.count)
        Self.underLoad {
            for round in 0..<12 {
                let workers = [2, 3, 4, 8][round % 4]
                let runner = Runner(implementations: impls, configuration: RunConfiguration(workers: workers))
                let result = round % 3 == 2 ? runner.run(vectors, times: 3) : runner.run(vectors)
                #expect(Self.verdicts(result) == reference, "round \(round), \(workers) workers")
                #expect(result.summary.vectors == vectors.count)
            }
        }
    }

    @Test func anAdapterThatExitsAtOnceFailsEveryRunClosed() throws {
        let file = repositoryRoot + "/vectors/primitives/aes-gcm/gcm-spec.yaml"
        let reports = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: reports) }
        try Self.underLoad {
            for i in 0..<20 {
                let m = try runProcess(concordBinary, ["run", file, "--adapter", "x=/bin/true", "--implementations", "x,openssl",
                                                       "--report", reports + "/stress-\(i).json"],
                                       timeout: 60)
                // Never a crash (a signal: -1 or 128+); a user's adapter that never started fails the run.
                #expect(m.status == 1, "run \(i): exit \(m.status)\n\(m.stderr.suffix(2000))")
                #expect((m.stdout + m.stderr).contains("not start"), "run \(i): the output does not say the adapter did not start")
            }
        }
    }
}
