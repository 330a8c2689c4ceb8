import Foundation
import Testing
import ConcordTestSupport

/// scripts/capture with the stand-in adb, xcodebuild and xcrun of Tests/Fixtures/capture/bin: the whole
/// paired run fills the example fixtures when the two captures agree, and writes nothing otherwise.
@Suite(.serialized) struct CaptureScriptTests {
    static let fixtures = repositoryRoot + "/Tests/Fixtures/capture"

    struct Run { var output: ProcessOutput; var folder: String }

    /// `outputs`: a change made to both captured files (the stand-in devices write them) before the run.
    func capture(ios: String = "ios-outputs.json", extra: [String: String] = [:], outputs: ((String) -> String)? = nil) throws -> Run {
        let dir = NSTemporaryDirectory() + "concord-capture-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir + "/device", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: repositoryRoot + "/examples/closer-fixtures", toPath: dir + "/fx")
        var env = ProcessInfo.processInfo.environment
        env["PATH"] = Self.fixtures + "/bin:" + (env["PATH"] ?? "/usr/bin:/bin")
        env["STANDIN_DEVICE"] = dir + "/device"
        env["STANDIN_ANDROID_OUTPUTS"] = Self.fixtures + "/android-outputs.json"
        env["STANDIN_IOS_OUTPUTS"] = Self.fixtures + "/" + ios
        env["ANDROID_TEST_PACKAGE"] = "app.closer.test"
        env["ANDROID_SERIAL"] = "emulator-5554"
        env["IOS_SCHEME"] = "Closer"
        env["CONCORD"] = concordBinary
        for (k, v) in extra { env[k] = v }
        if let outputs {
            for (key, file) in [("STANDIN_ANDROID_OUTPUTS", "android-outputs.json"), ("STANDIN_IOS_OUTPUTS", ios)] {
                write(outputs(try String(contentsOfFile: Self.fixtures + "/" + file, encoding: .utf8)), to: dir + "/" + file)
                env[key] = dir + "/" + file
            }
        }
        let out = try runProcess(repositoryRoot + "/scripts/capture",
                                 ["--out", dir + "/out", dir + "/fx/sealed_answer_canonical_fixtures.concord.yaml",
                                  dir + "/fx/argon2id_canonical_fixtures.concord.yaml"], environment: env, timeout: 300)
        return Run(output: out, folder: dir)
    }

    func fixture(_ r: Run, _ name: String) throws -> String { try String(contentsOfFile: r.folder + "/fx/" + name, encoding: .utf8) }

    @Test func agreeingCapturesFillTheFixtures() throws {
        let r = try capture()
        defer { try? FileManager.default.removeItem(atPath: r.folder) }
        #expect(r.output.status == 0, "\(r.output.stdout)\n\(r.output.stderr)")
        #expect(try fixture(r, "argon2id_canonical_fixtures.json").contains(#""expectedKeyHex": "ee9a855ea815904892c506b72a595511f21ecb775fd1802ba8f3786de56ac226""#))
        #expect(try fixture(r, "sealed_answer_canonical_fixtures.json").contains(#""expectedCommitmentHash": "sha256:p_SGar_8q6hzDOZADioiMUoL96wSB8uQ0p6gRJGFrKw""#))
        #expect(r.output.stdout.contains("3 placeholders: 3 filled, 0 refused"))
        // the device got the exported vectors, and the test ran with the instrumentation arguments
        let log = try String(contentsOfFile: r.folder + "/device/adb.log", encoding: .utf8)
        #expect(log.contains("-s emulator-5554 push") && log.contains("am instrument -w -e class app.closer.crypto.ConcordCaptureTest"))
        #expect(FileManager.default.fileExists(atPath: r.folder + "/device/data/local/tmp/concord-vectors.json"))
    }

    @Test func disagreeingCapturesFillNothing() throws {
        let r = try capture(ios: "ios-outputs-disagree.json")
        defer { try? FileManager.default.removeItem(atPath: r.folder) }
        #expect(r.output.status == 1, "\(r.output.stdout)\n\(r.output.stderr)")
        #expect(r.output.stderr.contains("disagree") && r.output.stdout.contains("argon2id/closer-known-vector"))
        let original = try String(contentsOfFile: repositoryRoot + "/examples/closer-fixtures/argon2id_canonical_fixtures.json", encoding: .utf8)
        #expect(try fixture(r, "argon2id_canonical_fixtures.json") == original)
    }

    @Test func aFailingDeviceTestStopsTheRun() throws {
        for extra in [["STANDIN_ANDROID_FAIL": "1"], ["STANDIN_IOS_FAIL": "1"], ["ANDROID_SERIAL": "no-such-device"]] {
            let r = try capture(extra: extra)
            defer { try? FileManager.default.removeItem(atPath: r.folder) }
            #expect(r.output.status == 2, "\(extra): \(r.output.stderr)")
            let original = try String(contentsOfFile: repositoryRoot + "/examples/closer-fixtures/argon2id_canonical_fixtures.json", encoding: .utf8)
            #expect(try fixture(r, "argon2id_canonical_fixtures.json") == original)
        }
    }

    func unchanged(_ r: Run) throws -> Bool {
        try ["argon2id_canonical_fixtures.json", "sealed_answer_canonical_fixtures.json"].allSatisfy { name in
            try fixture(r, name) == String(contentsOfFile: repositoryRoot + "/examples/closer-fixtures/" + name, encoding: .utf8)
        }
    }

    /// `--out` naming an existing file is a bad input (exit 2, the file untouched), not "the captures
    /// disagree" (exit 1, what it was: mkdir failed under set -e).
    @Test func anOutThatIsAFileIsRefused() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("mine\n", to: dir + "/a-file")
        var env = ProcessInfo.processInfo.environment
        env["CONCORD"] = concordBinary
        let out = try runProcess(repositoryRoot + "/scripts/capture", ["--out", dir + "/a-file", "--skip-ios", repositoryRoot + "/examples/closer-fixtures"],
                                 environment: env, timeout: 120)
        #expect(out.status == 2, "\(out.stderr)")
        #expect(out.stderr.contains("--out \(dir)/a-file exists and is not a folder"), "\(out.stderr)")
        #expect(try String(contentsOfFile: dir + "/a-file", encoding: .utf8) == "mine\n")
    }

    /// Both captures answer a vector none of the paths defines (its id renamed since): the run stops
    /// (exit 2), naming the vector and where the captured file holds it, and nothing is written.
    /// Before, fill passed over the answer and filled the rest (exit 0).
    @Test func aCapturedAnswerForAVectorThatDoesNotExistStopsTheFill() throws {
        let r = try capture(outputs: { $0.replacingOccurrences(of: #"   {"vector": "argon2id/closer-known-vector","#,
                                                                with: #"   {"vector": "argon2id/renamed-vector", "outputs": {"key": {"hex": "00"}}},"# + "\n" + #"   {"vector": "argon2id/closer-known-vector","#) })
        defer { try? FileManager.default.removeItem(atPath: r.folder) }
        #expect(r.output.status == 2, "\(r.output.stdout)\n\(r.output.stderr)")
        #expect(r.output.stderr.contains("android.json:7:15: a result for argon2id/renamed-vector, which is not among the vectors of the files filled (--strict-captured)")
                && r.output.stderr.contains("ios.json:7:15: a result for argon2id/renamed-vector"), "\(r.output.stderr)")
        #expect(r.output.stderr.contains("nothing was written"), "\(r.output.stderr)")
        #expect(try unchanged(r))
    }
}
