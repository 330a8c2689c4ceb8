import Foundation
import Testing
import ConcordTestSupport

/// Issue 26 item 4: the scripts stop when the build fails and never run a binary an earlier build
/// left. Every script that builds concord goes through `scripts/lib/build.sh`'s `build_concord`.
@Suite struct ScriptBuildTests {
    /// A `swift` on PATH that fails as a broken build does: `build_concord` exits 2 and says so.
    @Test func aFailedBuildStopsTheScript() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("#!/bin/sh\necho 'Sources/x.swift:1:1: error: broken' >&2\nexit 1\n", to: dir + "/swift")
        chmod(dir + "/swift", 0o755)
        let script = "set -euo pipefail; source scripts/lib/build.sh; build_concord run -c release; echo RAN-THE-OLD-BINARY"
        let m = try runProcess("/bin/bash", ["-c", "cd '\(repositoryRoot)' && \(script)"],
                               environment: ["PATH": dir + ":/usr/bin:/bin"])
        #expect(m.status == 2)
        #expect(m.stderr.contains("run: the build failed"))
        #expect(m.stderr.contains("error: broken"))
        #expect(!m.stdout.contains("RAN-THE-OLD-BINARY"))
    }

    /// A `swift` that succeeds lets the script go on.
    @Test func aBuildThatSucceedsGoesOn() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("#!/bin/sh\necho '[1/2] Compiling x'\necho 'Build complete!'\nexit 0\n", to: dir + "/swift")
        chmod(dir + "/swift", 0o755)
        let m = try runProcess("/bin/bash", ["-c", "cd '\(repositoryRoot)' && set -euo pipefail; source scripts/lib/build.sh; build_concord run; echo WENT-ON"],
                               environment: ["PATH": dir + ":/usr/bin:/bin"])
        #expect(m.status == 0)
        #expect(m.stdout.contains("WENT-ON"))
        #expect(!m.stderr.contains("Compiling"))
    }

    /// No script calls `swift build` except through `build_concord` (whose status it cannot ignore).
    @Test func everyScriptBuildsThroughTheHelper() throws {
        let scripts = repositoryRoot + "/scripts"
        for name in try FileManager.default.contentsOfDirectory(atPath: scripts).sorted() {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: scripts + "/" + name, isDirectory: &isDir), !isDir.boolValue else { continue }
            let text = (try? String(contentsOfFile: scripts + "/" + name, encoding: .utf8)) ?? ""
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                // A command `swift build` (not the words in a message). examples/ios-app-crypto is its own
                // package, built and checked with && in test-examples.
                let command = code.trimmingCharacters(in: .whitespaces)
                guard command.hasPrefix("swift build") || code.contains("; swift build") || code.contains("| swift build"),
                      !code.contains("examples/ios-app-crypto") else { continue }
                Issue.record("scripts/\(name):\(n + 1) calls swift build directly: use build_concord (scripts/lib/build.sh)")
            }
        }
    }
}
