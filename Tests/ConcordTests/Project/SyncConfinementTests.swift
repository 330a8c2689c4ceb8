import Foundation
import Testing
import ConcordTestSupport

/// Issue 26 item 1: the unsafe and lock-free machinery lives in ConcordSync alone (its rules are at
/// the top of `Sources/ConcordSync/Rules.swift`); every other module of `Sources/` is plain safe
/// Swift that uses its types. A construct below anywhere else fails here, with its file and line.
@Suite struct SyncConfinementTests {
    /// What only ConcordSync may write (as code, not in comments).
    static let confined = [
        "@unchecked", "Unmanaged", "nonisolated(unsafe)", "Atomic<", "Atomic(", "Mutex<", "Mutex(",
        "NSLock", "NSCondition", "NSRecursiveLock", "pthread_mutex", "pthread_cond", "pthread_key",
        "pthread_getspecific", "pthread_setspecific", "os_unfair_lock", "OSAllocatedUnfairLock",
        "import Synchronization", "_withUnsafeGuaranteedRef", "isKnownUniquelyReferenced",
    ]

    /// Every Swift file under `folder`, descending into subfolders.
    static func swiftFiles(_ folder: String) -> [String] {
        guard let e = FileManager.default.enumerator(atPath: folder) else { return [] }
        return e.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted().map { folder + "/" + $0 }
    }

    /// The code of a line: without a `//` comment (a `//` inside a string literal is rare enough
    /// here that it only ever hides code after it, never adds a false finding).
    static func code(_ line: Substring) -> Substring {
        let t = line.drop { $0 == " " }
        if t.hasPrefix("//") { return "" }
        if let r = line.range(of: "//") { return line[..<r.lowerBound] }
        return line
    }

    @Test func onlyConcordSyncSharesMemoryByHand() throws {
        let sources = repositoryRoot + "/Sources"
        var found: [String] = []
        var files = 0
        for module in try FileManager.default.contentsOfDirectory(atPath: sources).sorted() where module != "ConcordSync" {
            for file in Self.swiftFiles(sources + "/" + module) {
                files += 1
                let relative = String(file.dropFirst(repositoryRoot.count + 1))
                let text = try String(contentsOfFile: file, encoding: .utf8)
                for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let c = Self.code(line)
                    for token in Self.confined where c.contains(token) {
                        found.append("\(relative):\(n + 1): \(token)")
                    }
                }
            }
        }
        #expect(files > 100, "the sources were not read (\(files) files)")
        #expect(found.isEmpty, "outside ConcordSync:\n\(found.joined(separator: "\n"))")
    }

    /// The module opens with its rules, and stays small.
    @Test func concordSyncStatesItsRulesAndStaysSmall() throws {
        let folder = repositoryRoot + "/Sources/ConcordSync"
        let rules = try String(contentsOfFile: folder + "/Rules.swift", encoding: .utf8)
        #expect(rules.hasPrefix("// ConcordSync owns"))
        var lines = 0
        for file in Self.swiftFiles(folder) {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            lines += text.split(separator: "\n").count
            // Each type it declares is named in the rules.
            for m in text.matches(of: #/public (?:final class|struct|enum) (\w+)/#) where !rules.contains("`\(m.output.1)") {
                Issue.record("\(file): \(m.output.1) is not in the rules of Rules.swift")
            }
        }
        #expect(lines < 800, "ConcordSync has \(lines) lines: keep it small")
    }
}
