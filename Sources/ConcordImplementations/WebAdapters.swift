import ConcordSuites
import Foundation

/// The implementations of the web platform's runtimes (docs/web-adapters.md): `node` (Node.js's
/// built-in crypto, as a Cloud Function calls it) and `webcrypto` (crypto.subtle in headless Chromium,
/// driven by a Node process over the DevTools pipe).
/// Their suites are those whose definitions name them (ConcordSuites), as for every implementation.
extension Catalog {

    /// `node adapters/node/main.js`. CONCORD_NODE names the node binary (default: `node` on PATH).
    static func node(_ s: Settings) -> any Implementation {
        let env = s.environment
        let script = s.home + "/adapters/node/main.js"
        guard let node = nodeBinary(env) else {
            return Unavailable(name: "node",
                               why: "Node.js is not installed (\(env["CONCORD_NODE"].map { "CONCORD_NODE=\($0) is not an executable" } ?? "no node on PATH")): apt-get install nodejs, or run scripts/setup")
        }
        guard FileManager.default.fileExists(atPath: script) else {
            return Unavailable(name: "node", why: "the node adapter is missing (\(script))")
        }
        return ExternalAdapter(name: "node", command: [node, script], environment: env, timeout: s.requestTimeout,
                               origin: origin(env, ["CONCORD_NODE"]))
    }

    /// `node adapters/webcrypto/main.js`, which starts headless Chromium. CONCORD_CHROMIUM names the
    /// browser binary (default: Debian's /usr/lib/chromium/chromium, else `chromium` on PATH).
    static func webcrypto(_ s: Settings) -> any Implementation {
        let env = s.environment
        let script = s.home + "/adapters/webcrypto/main.js"
        guard let node = nodeBinary(env) else {
            return Unavailable(name: "webcrypto",
                               why: "Node.js is not installed (it drives the browser): apt-get install nodejs, or run scripts/setup")
        }
        guard let chromium = chromiumBinary(env) else {
            return Unavailable(name: "webcrypto",
                               why: "Chromium is not installed\(env["CONCORD_CHROMIUM"].map { " (CONCORD_CHROMIUM=\($0) is not an executable)" } ?? ""): run scripts/setup --browser")
        }
        guard FileManager.default.fileExists(atPath: script) else {
            return Unavailable(name: "webcrypto", why: "the webcrypto adapter is missing (\(script))")
        }
        return ExternalAdapter(name: "webcrypto", command: [node, script], environment: env,
                               timeout: s.requestTimeout, origin: origin(env, ["CONCORD_NODE", "CONCORD_CHROMIUM"]),
                               program: "\(node) \(script) (Chromium: \(chromium))")
    }

    public static func nodeBinary(_ env: [String: String]) -> String? {
        if let n = env["CONCORD_NODE"] { return FileManager.default.isExecutableFile(atPath: n) ? n : nil }
        return findExecutable("node", path: env["PATH"]) ?? findExecutable("nodejs", path: env["PATH"])
    }

    /// The same search as adapters/webcrypto/chromium.js.
    public static func chromiumBinary(_ env: [String: String]) -> String? {
        if let c = env["CONCORD_CHROMIUM"] { return FileManager.default.isExecutableFile(atPath: c) ? c : nil }
        if FileManager.default.isExecutableFile(atPath: "/usr/lib/chromium/chromium") { return "/usr/lib/chromium/chromium" }
        return findExecutable("chromium", path: env["PATH"]) ?? findExecutable("chromium-browser", path: env["PATH"])
    }
}
