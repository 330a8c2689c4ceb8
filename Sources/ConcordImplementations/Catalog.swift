import ConcordPrimitives
import ConcordSuites
import Foundation
import ConcordPacks

/// The implementations Concord knows, by their stable names. A vector file may name these; it can
/// never name a program: the command of every adapter is fixed here.
public enum Catalog {
    public static let names = ["libsodium", "libargon2", "openssl", "swift", "jvm", "tink", "node", "webcrypto"]

    /// Those of `names` that run as a process of their own, spoken to over the adapter protocol
    /// (`ExternalAdapter`; docs/adapters.md), in the same order; the others run inside Concord. A
    /// shard starts each it needs once (`CostTable.start`, data/costs.tsv). DocTablesTests holds it to `make`.
    public static let adapters = ["jvm", "tink", "node", "webcrypto"]

    /// Where an implementation's programs live, and how long to wait for them.
    public struct Settings: Sendable {
        /// The repository root (holds `adapters/` and `.build/jvm`).
        public var home: String
        public var requestTimeout: Double
        public var environment: [String: String]
        /// Whether an implementation may compute a repeated KEK derivation once per run
        /// (SharedDerivations; `--no-shared-kdf` turns it off).
        public var shareDerivations: Bool
        public init(home: String, requestTimeout: Double = 300, environment: [String: String] = ProcessInfo.processInfo.environment,
                    shareDerivations: Bool = true) {
            self.home = home
            self.requestTimeout = requestTimeout
            self.environment = environment
            self.shareDerivations = shareDerivations
        }
    }

    public static func make(_ name: String, settings: Settings) -> (any Implementation)? {
        switch name {
        // Each handler is declared with who wrote the code it runs (docs/fill.md, "Whose values count").
        case "libsodium":
            return InProcessImplementation(name: name, version: "libsodium \(SodiumArgon2id.version)",
                                           handlers: [Argon2idHandlers.libsodium.library("libsodium crypto_pwhash (Argon2id; the parameter tag read by Concord's KdfParams)"),
                                                      AesGcmHandlers.libsodium.library("libsodium crypto_aead_aes256gcm")]
                                               + PrimitiveHandlers.libsodium)
        case "libargon2":
            return InProcessImplementation(name: name, version: ReferenceArgon2id.version,
                                           handlers: [Argon2idHandlers.libargon2.library("libargon2 argon2_ctx (the parameter tag read by Concord's KdfParams)")])
        case "openssl":
            return InProcessImplementation(name: name, version: SHA256.opensslVersion,
                                           handlers: [AesGcmHandlers.openssl.library("OpenSSL EVP AES-GCM"),
                                                      EcdhHkdfHandlers.ecdh.library("OpenSSL EC_POINT_mul (P-256; DER, PEM and JWK keys read by Concord's KeyForms)"),
                                                      // RFC 5869 written in Concord over OpenSSL's HMAC: an own port.
                                                      EcdhHkdfHandlers.hkdf.ownPort]
                                               + PrimitiveHandlers.openssl)
        case "swift":
            // Concord's own composition of every contract (on OpenSSL and libsodium underneath).
            return InProcessImplementation(name: name, version: "Concord Swift composition (\(SHA256.opensslVersion), libsodium \(SodiumArgon2id.version))",
                                           handlers: swiftHandlers(Packs.all, PortOptions(shareDerivations: settings.shareDerivations)))
        case "jvm":
            return jvm(settings)
        case "tink":
            return tink(settings)
        case "node":
            return node(settings)
        case "webcrypto":
            return webcrypto(settings)
        default:
            return nil
        }
    }

    /// The `swift` implementation's handlers: every pack's Swift port (made for these options), each
    /// declared Concord's own port. The tests build it from `Packs.all` plus a toy pack.
    public static func swiftHandlers(_ packs: [Pack], _ options: PortOptions) -> [SuiteHandler] {
        packs.flatMap { $0.port(options) }.map(\.ownPort)
    }

    /// `java -cp .build/jvm/classes:bcprov.jar concord.adapter.Main` (built by scripts/build-jvm).
    static func jvm(_ s: Settings) -> any Implementation {
        let env = s.environment
        let classes = env["CONCORD_JVM_CLASSES"] ?? s.home + "/.build/jvm/classes"
        let bcprov = env["CONCORD_BCPROV_JAR"] ?? "/usr/share/java/bcprov.jar"
        let java = env["CONCORD_JAVA"] ?? findExecutable("java", path: env["PATH"]) ?? "/usr/bin/java"
        let fm = FileManager.default
        if !fm.fileExists(atPath: classes + "/concord/adapter/Main.class") {
            return Unavailable(name: "jvm",
                               why: "the jvm adapter is not built (no \(classes)/concord/adapter/Main.class): run scripts/setup or scripts/build-jvm")
        }
        if !fm.fileExists(atPath: bcprov) {
            return Unavailable(name: "jvm", why: "BouncyCastle is missing (\(bcprov)): apt-get install libbcprov-java, or run scripts/setup")
        }
        // JVM options: CONCORD_JVM_OPTIONS replaces the defaults (docs/performance.md says why these).
        let given = env["CONCORD_JVM_OPTIONS"].map { $0.split(separator: " ").map(String.init) }
        var options = given ?? defaultJVMOptions
        // The AppCDS archive scripts/build-jvm records (with the jar it was recorded from): the
        // adapter's classes are then mapped at start instead of loaded and verified again.
        var classPath = classes
        let jar = s.home + "/.build/jvm/concord-adapter.jar", archive = s.home + "/.build/jvm/concord.jsa"
        if env["CONCORD_JVM_CLASSES"] == nil, fm.fileExists(atPath: jar), fm.fileExists(atPath: archive) {
            classPath = jar
            // JVM notes (a stale archive, say) go to standard error: standard output is the protocol's.
            options += ["-XX:SharedArchiveFile=" + archive, "-Xlog:disable", "-Xlog:all=warning:stderr"]
        }
        var adapterEnv = env
        adapterEnv["CONCORD_SHARE_KDF"] = s.shareDerivations ? "1" : "0"
        let tail = ["-cp", classPath + ":" + bcprov, "concord.adapter.Main"]
        let chosen = options
        // With the default options, a heap sized to the run (docs/performance.md): the JVM's own
        // default (a quarter of the machine) let the default run reach 360 MiB resident.
        var sized: (@Sendable (PlannedWork) -> [String])? = nil
        var budget: (@Sendable (PlannedWork) -> KdfMemoryBudget?)? = nil
        if given == nil {
            sized = { (work: PlannedWork) -> [String] in
                let heap: [String] = ["-Xmx" + String(Catalog.jvmHeapMiB(for: work)) + "m"]
                return [java] + chosen + heap + tail
            }
            // What that heap lets the adapter hash at once: the runner sends no more, so no worker
            // waits on a request the adapter holds back (docs/performance.md).
            budget = { work in Catalog.jvmKdfMemory(heapMiB: Catalog.jvmHeapMiB(for: work)) }
        }
        return ExternalAdapter(name: "jvm", command: [java] + options + tail,
                               environment: adapterEnv, timeout: s.requestTimeout, commandForWork: sized,
                               kdfMemoryForWork: budget,
                               origin: origin(env, ["CONCORD_JAVA", "CONCORD_JVM_CLASSES", "CONCORD_BCPROV_JAR", "CONCORD_JVM_OPTIONS"]),
                               program: ([java] + tail).joined(separator: " "))
    }

    /// A built-in slot's origin: Concord's own program, or another one named by these environment
    /// variables (those set, with their values). Any of them can make the slot run code Concord did
    /// not ship (another interpreter, other classes, a JVM option that loads an agent), so what that
    /// program's handshake claims is not believed (docs/fill.md, "Whose values count").
    static func origin(_ env: [String: String], _ variables: [String]) -> ExternalAdapter.Origin {
        let set = variables.compactMap { v in env[v].map { "\(v)=\($0)" } }
        return set.isEmpty ? .concord : .redirected(set.joined(separator: ", "))
    }

    /// `.build/venv-tink/bin/python adapters/tink/concord_tink_adapter.py` (Tink 1.16.1 from PyPI,
    /// installed by scripts/build-tink).
    static func tink(_ s: Settings) -> any Implementation {
        let env = s.environment
        let python = env["CONCORD_TINK_PYTHON"] ?? s.home + "/.build/venv-tink/bin/python"
        let script = s.home + "/adapters/tink/concord_tink_adapter.py"
        let fm = FileManager.default
        guard fm.isExecutableFile(atPath: python) else {
            return Unavailable(name: "tink", why: "the tink adapter's Python environment is missing (\(python)): run scripts/setup or scripts/build-tink")
        }
        guard fm.fileExists(atPath: script) else {
            return Unavailable(name: "tink", why: "the tink adapter is missing (\(script))")
        }
        return ExternalAdapter(name: "tink", command: [python, script], environment: env, timeout: s.requestTimeout,
                               origin: origin(env, ["CONCORD_TINK_PYTHON"]))
    }

    /// The serial collector; the class-data archive when there is one; freed native memory (the
    /// compilers' arenas) handed back every 100 ms (JDK 17.0.9 and later; an older JVM ignores it).
    public static let defaultJVMOptions = ["-XX:+UseSerialGC", "-Xshare:auto", "-XX:+IgnoreUnrecognizedVMOptions",
                                           "-XX:+UnlockExperimentalVMOptions", "-XX:TrimNativeHeapInterval=100"]

    /// The JVM heap for a run: room for one Argon2 hash of the largest memory under the adapter's
    /// own allowance: it holds m + m/16 + 64 KiB per hash (BouncyCastle keeps one ~1.04 KiB block per
    /// KiB, Argon2.java) within 90% of its maximum heap less 32 MiB (MemoryBudget.java); further
    /// hashes wait for that one inside the adapter. At least 136 MiB, a multiple of 8.
    ///
    /// One hash, not one per worker: the JVM's own memory beside the heap (its compilers' arenas,
    /// code, class data) is 70 to 110 MiB on the default run, and with room for two 46 MiB hashes
    /// (152 MiB) the adapter peaked at 235 to 261 MiB; with 136 MiB, 206 to 218, and the default
    /// run took no longer: its other work fills the core (docs/performance.md).
    public static func jvmHeapMiB(for work: PlannedWork) -> Int {
        let perHashMiB = Double(jvmHashKiB(m: work.largestKdfMemoryKiB)) / 1024
        // The serial collector's maxMemory() leaves out one survivor space (a thirtieth of the heap).
        let needed = (perHashMiB + 32) / 0.9 * 31 / 30
        guard needed.isFinite, needed < 1e12 else { return 1 << 40 }
        return max(136, (Int(needed.rounded(.up)) + 7) / 8 * 8)
    }

    /// The heap BouncyCastle's Argon2 holds for a memory of `m` KiB: one ~1.04 KiB block object
    /// per KiB (Argon2.java asks MemoryBudget.java for the same).
    public static func jvmHashKiB(m: Int) -> Int { m > Int.max / 4 ? Int.max / 2 : m + m / 16 + 64 }

    /// What the adapter's own budget (MemoryBudget.java: 90% of `maxMemory()` less 32 MiB) lets its
    /// Argon2 requests hold at once with a heap of `heapMiB`, taken a little low (the serial
    /// collector's `maxMemory()` leaves out one survivor space, a thirtieth of the heap): the runner
    /// never sends a request the adapter would make wait.
    public static func jvmKdfMemory(heapMiB: Int) -> KdfMemoryBudget {
        let maxKiB = heapMiB * 1024 * 29 / 30
        return KdfMemoryBudget(capacityKiB: max(0, maxKiB * 9 / 10 - 32 * 1024 - 1024), need: { jvmHashKiB(m: $0) })
    }

    static func findExecutable(_ name: String, path: String?) -> String? {
        for dir in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let p = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return nil
    }
}

/// An implementation that cannot start here: every vector of a suite whose definition names it is an
/// `error` naming why (so a missing adapter is never a silent gap). A command's availability policy
/// (Availability) leaves one the user did not name out with `suites: []`: planned for nothing,
/// listed with why, its absence one line instead of an error per vector.
public final class Unavailable: Implementation {
    public let name: String
    public let suites: Set<String>
    public let why: String
    /// `suites`: the suites it is planned for (default: those whose definitions name it).
    public init(name: String, why: String, suites: Set<String>? = nil) {
        self.name = name
        self.suites = suites ?? Suites.expected(of: name)
        self.why = why
    }
    public var version: String { "unavailable" }
    public var startFailure: String? { why }
    /// It runs nothing: nothing to declare.
    public func provenance(suite: String) -> Provenance? { nil }
    public func prepare() {}
    public func shutdown() {}
    public func run(_ request: Request) -> Outcome { .error(why) }
}
