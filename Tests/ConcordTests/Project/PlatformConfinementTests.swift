import Foundation
import Testing
import ConcordTestSupport

/// Issue 29 item 7: what differs between Linux and macOS lives in one file,
/// `Sources/ConcordPlatform/Platform.swift` (its C half: `Sources/CProcessControl/shim.h`, empty
/// off Linux). No other source imports Glibc or Darwin, branches on them, or names a Linux-only
/// API; a finding is reported with its file and line.
@Suite struct PlatformConfinementTests {
    static let platformFiles: Set<String> = ["Sources/ConcordPlatform/Platform.swift", "Sources/CProcessControl/shim.h"]

    /// The system modules and the branches on them (the platform file's alone), then the APIs
    /// that exist on Linux only or mean something else on macOS (`ru_maxrss`: KiB, or bytes).
    static let forbidden: [(name: String, pattern: String)] = [
        ("import Glibc/Darwin/Musl/MachO", #"\bimport\s+(Glibc|Darwin|Musl|MachO)\b"#),
        ("canImport of the system module", #"canImport\(\s*(Glibc|Darwin|Musl)\s*\)"#),
        ("Glibc./Darwin. qualified name", #"\b(Glibc|Darwin|Musl)\."#),
        ("/proc", #""/proc\b"#),
        ("prctl", #"\b(prctl|PR_SET_[A-Z_]+|PR_GET_[A-Z_]+)\b"#),
        ("glibc malloc tuning", #"\b(mallopt|malloc_trim|malloc_stats|M_MMAP_THRESHOLD|M_ARENA_MAX|M_TRIM_THRESHOLD)\b"#),
        ("getrusage's who / ru_maxrss units", #"\b(RUSAGE_SELF|RUSAGE_CHILDREN|RUSAGE_THREAD|ru_maxrss)\b"#),
        ("a C symbol bound by hand", #"@_silgen_name"#),
        ("Linux-only system call", #"\b(epoll_\w+|inotify_\w+|eventfd|memfd_create|O_TMPFILE|pipe2|accept4|dup3|SOCK_CLOEXEC|SOCK_NONBLOCK|sched_getaffinity|sched_setaffinity|gettid|sendfile|fallocate|posix_fadvise|statx|getdents64|sysinfo|get_nprocs|clear_refs|VmHWM)\b"#),
        ("Linux's struct stat times", #"\b(st_mtim|st_atim|st_ctim)\b"#),
        ("one system's way to close a spawned child's descriptors", #"\b(posix_spawn_file_actions_addclosefrom_np|POSIX_SPAWN_CLOEXEC_DEFAULT|close_range|closefrom)\b"#),
        ("posix_spawn types built as structs (pointers on Darwin)", #"\b(posix_spawn_file_actions_t|posix_spawnattr_t)\(\)"#),
        ("Linux headers", #"#\s*include\s*<(linux/|sys/prctl\.h|malloc\.h|sys/epoll\.h|sys/inotify\.h|sys/sysinfo\.h)"#),
        ("__linux__", #"__linux__"#),
    ]

    /// The code of a line: without a `//` comment, and nothing of a C block comment's lines.
    static func code(_ line: Substring) -> Substring {
        let t = line.drop { $0 == " " }
        if t.hasPrefix("*") || t.hasPrefix("/*") { return "" }
        return SyncConfinementTests.code(line)
    }

    /// Every finding in `files` (path relative to the repository, text), the platform files aside.
    static func findings(_ files: [(path: String, text: String)]) -> [String] {
        var out: [String] = []
        // Simple word boundaries: Unicode's would join `usage.ru_maxrss` into one word.
        let patterns = forbidden.map { (name: $0.name, pattern: try! Regex($0.pattern).wordBoundaryKind(.simple)) }
        for (path, text) in files where !platformFiles.contains(path) {
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let c = code(line)
                for f in patterns where c.contains(f.pattern) { out.append("\(path):\(n + 1): \(f.name)") }
            }
        }
        return out
    }

    /// Every Swift and C source under Sources/ (C headers, C files and module maps too).
    static func sources() throws -> [(path: String, text: String)] {
        let root = repositoryRoot + "/Sources"
        guard let e = FileManager.default.enumerator(atPath: root) else { return [] }
        let names = e.compactMap { $0 as? String }.filter { [".swift", ".h", ".c", ".modulemap"].contains(where: $0.hasSuffix) }.sorted()
        return try names.map { ("Sources/" + $0, try String(contentsOfFile: root + "/" + $0, encoding: .utf8)) }
    }

    @Test func onlyThePlatformFileImportsTheSystemOrNamesALinuxOnlyAPI() throws {
        let files = try Self.sources()
        #expect(files.count > 150, "the sources were not read (\(files.count) files)")
        let found = Self.findings(files)
        #expect(found.isEmpty, "outside Sources/ConcordPlatform/Platform.swift:\n\(found.joined(separator: "\n"))")
    }

    @Test func aPlantedLinuxCallIsFound() throws {
        // Each of these, planted in an ordinary file, is a finding; the same in the platform file, or in a comment, is not.
        let planted = [
            "#if canImport(Glibc)\nimport Glibc\n#endif\n",
            "import Darwin\n",
            "getrusage(RUSAGE_SELF.rawValue, &usage)\n",
            "let kib = Int(usage.ru_maxrss)\n",
            "let fd = open(\"/proc/self/status\", O_RDONLY)\n",
            "_ = Glibc.kill(pid, SIGTERM)\n",
            "@_silgen_name(\"mallopt\") func m(_ a: Int32, _ b: Int32) -> Int32\n",
            "var a = posix_spawnattr_t()\n",
            "#include <sys/prctl.h>\n",
        ]
        for p in planted {
            #expect(!Self.findings([("Sources/ConcordFiles/InputFile.swift", p)]).isEmpty, "not found: \(p)")
            #expect(Self.findings([("Sources/ConcordPlatform/Platform.swift", p)]).isEmpty)
        }
        #expect(Self.findings([("Sources/ConcordFiles/InputFile.swift", "// reads /proc/self/status through Platform, not \"/proc\" here; import Glibc\n")]).isEmpty)
        #expect(Self.findings([("Sources/ConcordFiles/InputFile.swift", "import ConcordPlatform\nlet n = Platform.maxResidentKiB(usage)\n")]).isEmpty)
    }

    @Test func thePlatformFileHasALinuxAndAMacOSBranch() throws {
        let text = try String(contentsOfFile: repositoryRoot + "/Sources/ConcordPlatform/Platform.swift", encoding: .utf8)
        #expect(text.contains("#if canImport(Glibc)\n@_exported import Glibc"))
        #expect(text.contains("#elseif canImport(Darwin)\n@_exported import Darwin"))
        // Package.swift declares the platforms and finds the C libraries through pkg-config, with Homebrew's names.
        let package = try String(contentsOfFile: repositoryRoot + "/Package.swift", encoding: .utf8)
        #expect(package.contains("platforms: [.macOS(.v13)]"))
        for (lib, brew) in [("libsodium", "libsodium"), ("libargon2", "argon2"), ("libcrypto", "openssl@3"), ("yaml-0.1", "libyaml")] {
            #expect(package.contains("pkgConfig: \"\(lib)\"") && package.contains(".brew([\"\(brew)\"])"), "\(lib)")
        }
    }
}
