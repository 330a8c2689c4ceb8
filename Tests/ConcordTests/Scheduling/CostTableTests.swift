import ConcordFormats
import ConcordLoading
@testable import ConcordScheduling
import Foundation
import Testing
import ConcordTestSupport

/// The cost table (data/costs.tsv, docs/ci.md "The cost table"): one file the shard plan and the
/// scheduler read, refused with its line and column when malformed, the fallback when missing.
struct CostTableTests {
    static let header = "kind\tsuite\timplementation\tseconds\n"

    @Test func aWellFormedTableReadsEveryKindOfRow() throws {
        let text = "# a comment\n\n" + Self.header + "check\taes-gcm\tjvm\t3.5e-04\r\ncheck\t*\tjvm\t4e-4\nstart\t*\twebcrypto\t1.16\nweight\t*\tjvm\t1.5\n"
        let t = try CostTable.parse(Array(text.utf8), file: "costs.tsv")
        #expect(t.check("aes-gcm", "jvm") == 3.5e-4)
        #expect(t.check("x25519", "jvm") == 4e-4, "a suite without a row: the * row")
        #expect(t.check("x25519", "tink") == CostTable.fallbackCheck, "no row at all: the fallback")
        #expect(t.start("webcrypto") == 1.16 && t.start("jvm") == CostTable.fallbackStart)
        #expect(t.weight("jvm") == 1.5 && t.weight("openssl") == CostTable.fallbackWeight)
    }

    /// Each malformed table is refused at the place of its fault, saying what was expected.
    @Test(arguments: [
        ("kind\tsuite\timplementation\n", 1, 1, "expected the header"),
        ("", 1, 1, "no header"),
        ("# only a comment\n", 1, 1, "no header"),
        (header + "check\taes-gcm\tjvm\n", 2, 18, "expected 4 tab-separated fields"),
        (header + "check\taes-gcm\tjvm\t1e-4\textra\n", 2, 24, "expected 4 tab-separated fields"),
        (header + "cheque\taes-gcm\tjvm\t1e-4\n", 2, 1, "kind must be check, start or weight"),
        (header + "start\taes-gcm\tjvm\t0.2\n", 2, 7, "write * as its suite"),
        (header + "check\taes gcm\tjvm\t1e-4\n", 2, 7, "suite must be a suite's name"),
        (header + "check\taes-gcm\t\t1e-4\n", 2, 15, "implementation must be"),
        (header + "check\taes-gcm\tjvm\t1,5\n", 2, 19, "expected a decimal number"),
        (header + "check\taes-gcm\tjvm\t-1e-4\n", 2, 19, "at least 0"),
        (header + "check\taes-gcm\tjvm\tnan\n", 2, 19, "expected a decimal number"),
        (header + "check\taes-gcm\tjvm\tinf\n", 2, 19, "expected a decimal number"),
        (header + "check\taes-gcm\tjvm\t1e999\n", 2, 19, "expected a decimal number"),
        (header + "check\taes-gcm\tjvm\t0x10\n", 2, 19, "expected a decimal number"),
        (header + "check\taes-gcm\tjvm\t\n", 2, 19, "expected a decimal number"),
        (header + "weight\t*\tjvm\t0\n", 2, 14, "a weight more than 0"),
        (header + "check\taes-gcm\tjvm\t1e-4\n# x\ncheck\taes-gcm\tjvm\t2e-4\n", 4, 1, "the first is at line 2"),
        (header + "check\taes-gcm\tj\u{1B}[2Jvm\t1e-4\n", 2, 15, "\\u{1B}"),
    ] as [(String, Int, Int, String)])
    func aMalformedTableIsRefusedWhereItIsWrong(text: String, line: Int, column: Int, words: String) {
        do {
            _ = try CostTable.parse(Array(text.utf8), file: "costs.tsv")
            Issue.record("accepted: \(text.debugDescription)")
        } catch {
            #expect(error.file == "costs.tsv" && error.line == line && error.column == column && error.message.contains(words),
                    "\(text.debugDescription): \(error)")
        }
    }

    @Test func invalidUTF8IsRefusedAtItsByte() {
        let bytes = Array(Self.header.utf8) + Array("check\taes-gcm\tjvm\t".utf8) + [0xFF] + Array("\n".utf8)
        #expect(throws: LoadError.self) { try CostTable.parse(bytes, file: "costs.tsv") }
        do { _ = try CostTable.parse(bytes, file: "costs.tsv") } catch {
            #expect(error.line == 2 && error.column == 19 && error.message.contains("not valid UTF-8"), "\(error)")
        }
    }

    /// A folder, a FIFO or a dangling link where the table should be is an error (never opened,
    /// never waited on), not the fallback: only a file that is not there at all is missing.
    @Test func somethingElseWhereTheTableShouldBeIsAnError() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let folder = dir + "/folder.tsv", fifo = dir + "/fifo.tsv", dangling = dir + "/dangling.tsv"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        #expect(mkfifo(fifo, 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: dir + "/nowhere")
        for path in [folder, fifo, dangling] {
            #expect(throws: LoadError.self, "\(path)") { try CostTable.load(path) }
        }
        let (table, missing) = try CostTable.load(dir + "/absent.tsv")
        #expect(missing && table == .fallback)
    }

    /// The scheduler costs a job with the table's weight, the one the shard plan costs heavy work
    /// with (they were 3.5 and 1.5 for the JVM, in two tables of the source).
    @Test func theSchedulerAndThePlanUseTheSameWeight() throws {
        let text = Self.header + "weight\t*\tjvm\t2.75\nweight\t*\tlibsodium\t0.5\n"
        let t = try CostTable.parse(Array(text.utf8), file: "costs.tsv")
        let scheduler = Scheduler(implementations: [], configuration: RunConfiguration(workers: 1, costs: t))
        for (name, w) in [("jvm", 2.75), ("libsodium", 0.5), ("openssl", CostTable.fallbackWeight)] {
            #expect(scheduler.weight(of: name) == w)
            // A heavy vector of one second's estimate, on that implementation alone, in the plan.
            #expect(Shard.planNanoseconds(cost: 1, suite: "argon2id", implementations: [name], costs: t) == Int64(w * 1e9))
        }
    }

    /// Through the binary: a malformed table under CONCORD_HOME stops `concord run` with exit 2 and
    /// the located error, before anything runs; a missing one is the fallback (with a note when
    /// sharding).
    @Test func theBinaryRefusesAMalformedTableAndNotesAMissingOne() throws {
        let home = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: home) }
        try FileManager.default.createDirectory(atPath: home + "/data", withIntermediateDirectories: true)
        var env = ProcessInfo.processInfo.environment
        env["CONCORD_HOME"] = home
        let vectors = repositoryRoot + "/vectors/primitives/aes-gcm"
        let args = ["run", vectors, "--implementations", "libsodium,openssl", "--quiet", "--report", home + "/r.json"]
        let missing = try runProcess(concordBinary, args + ["--shard", "1/2"], environment: env)
        #expect(missing.status == 0, "\(missing.stderr)")
        #expect(missing.stderr.contains("no cost table at \(home)/data/costs.tsv"), "\(missing.stderr)")
        try (Self.header + "check\taes-gcm\tjvm\tfast\n").write(toFile: home + "/data/costs.tsv", atomically: true, encoding: .utf8)
        let bad = try runProcess(concordBinary, args, environment: env)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("\(home)/data/costs.tsv:2:19: expected a decimal number"), "\(bad.stderr)")
    }
}
