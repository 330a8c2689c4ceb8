import ConcordFiles
import ConcordYAML
import Foundation

/// An adapter the user names: the app's own code behind the line protocol (a platform kit's
/// `serve`, docs/platforms.md). Named only on the command line (`--adapter NAME=COMMAND`) or in the
/// project file (`concord.yaml`, or `--project FILE`), never in a vector file.
public struct UserAdapter: Sendable, Equatable {
    public var name: String
    public var command: [String]
    /// Set for the adapter on top of Concord's own environment.
    public var environment: [String: String]
    /// Where it was named (`--adapter`, or `concord.yaml:4:3`), for messages.
    public var origin: String

    /// A program named without a `/` is looked up in PATH (the adapter's, else Concord's). The
    /// adapter is told its name in CONCORD_ADAPTER_NAME (the kits announce it in their handshake).
    public func make(_ settings: Catalog.Settings) -> any Implementation {
        var env = settings.environment.merging(environment) { $1 }
        env["CONCORD_ADAPTER_NAME"] = name
        var command = self.command
        if !command[0].contains("/"), let found = Catalog.findExecutable(command[0], path: env["PATH"]) { command[0] = found }
        return ExternalAdapter(name: name, command: command, environment: env, timeout: settings.requestTimeout)
    }
}

public enum UserAdapters {
    public struct Problem: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    /// The adapters of `--adapter NAME=COMMAND` options and of the project file (`project`, else
    /// the nearest `concord.yaml`, ProjectFile). A name on the command line replaces the project file's.
    public static func load(options: [String], project: String?, maxBytes: Int = InputFile.defaultMaxBytes) throws(Problem) -> [UserAdapter] {
        var out: [UserAdapter] = []
        // Anything named concord.yaml is read, a dangling or looping link included (refused then,
        // with why), rather than passed over as if there were none.
        if let path = try ProjectFile.locate(project) { out = try read(path, maxBytes: maxBytes) }
        var seen = Set<String>()
        for o in options {
            guard let eq = o.firstIndex(of: "=") else { throw Problem(description: "--adapter needs NAME=COMMAND, got \"\(o)\"") }
            let name = String(o[..<eq]), command = String(o[o.index(after: eq)...])
            if let why = badName(name) { throw Problem(description: "--adapter \(name): \(why)") }
            if !seen.insert(name).inserted { throw Problem(description: "--adapter \(name) is given twice") }
            guard !command.trimmingCharacters(in: .whitespaces).isEmpty else { throw Problem(description: "--adapter \(name)= needs a command") }
            out.removeAll { $0.name == name }
            out.append(UserAdapter(name: name, command: ["/bin/sh", "-c", command], environment: [:], origin: "--adapter"))
        }
        return out
    }

    /// Why a name cannot be an adapter's, or nil.
    static func badName(_ name: String) -> String? {
        let ok = !name.isEmpty && name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0) }
        if !ok { return "an adapter name is lower-case letters, digits, '.', '_' or '-'" }
        if Catalog.names.contains(name) { return "\(name) is a built-in implementation; choose another name" }
        return nil
    }

    /// `adapters: {NAME: {command: [PROGRAM, ARG…], environment: {KEY: VALUE}}}`. A relative
    /// program path with a `/` is taken from the project file's folder.
    static func read(_ path: String, maxBytes: Int) throws(Problem) -> [UserAdapter] {
        let bytes: [UInt8]
        // A regular file only: a FIFO, device or socket is refused without being opened (a FIFO
        // would block the open forever).
        do { bytes = try InputFile.read(path, maxBytes: maxBytes, regularFileOnly: true) } catch { throw Problem(description: error.description) }
        let root: Node
        do { root = try YAMLParser(expected: "a mapping with the key adapters (docs/platforms.md)").parse(bytes) } catch {
            throw Problem(description: "\(path):\(error)")
        }
        func fail(_ node: Node, _ what: String) -> Problem { Problem(description: "\(path):\(node.mark): \(what)") }
        func keys(_ node: Node, _ what: String, allowed: [String]?) throws(Problem) -> [(key: String, node: Node, value: Node)] {
            guard let m = node.mapping else { throw fail(node, "\(what) must be a mapping, found \(node.typeDescription)") }
            var out: [(key: String, node: Node, value: Node)] = []
            for (k, v) in m {
                guard let s = k.string ?? k.scalarText else { throw fail(k, "a key of \(what) must be text") }
                if out.contains(where: { $0.key == s }) { throw fail(k, "\(what) has the key \"\(s)\" twice") }
                if let allowed, !allowed.contains(s) {
                    throw fail(k, "\(what) has an unknown key \"\(s)\" (allowed: \(allowed.joined(separator: ", ")))")
                }
                out.append((s, k, v))
            }
            return out
        }
        // A value given to the program: a string as the core schema reads it (`5`, `true` or `~`
        // unquoted is a number, a boolean or null: quote it), without NUL (execve would end it there).
        func text(_ node: Node, _ at: String) throws(Problem) -> String {
            guard let s = node.string else {
                if node.scalarText != nil {
                    throw fail(node, "\(at) must be a string, found \(node.typeDescription) (write it in quotes: \"\(node.scalarText!)\")")
                }
                throw fail(node, "\(at) must be a string, found \(node.typeDescription)")
            }
            if s.unicodeScalars.contains("\0") { throw fail(node, "\(at) contains a NUL character, which would cut it short") }
            return s
        }
        let folder = (path as NSString).deletingLastPathComponent
        var out: [UserAdapter] = []
        // packs, vectors, fixture-maps: what a run covers, read by ProjectSettings; `ledger:` names the
        // divergence ledger, read by ConcordReport's Ledger.declared (docs/ledger.md).
        for top in try keys(root, "the project file", allowed: ["adapters"] + ProjectSettings.keys + ["ledger"]) where top.key == "adapters" {
            for entry in try keys(top.value, "adapters", allowed: nil) {
                if let why = badName(entry.key) { throw fail(entry.node, "adapter \(entry.key): \(why)") }
                var command: [String] = []
                var environment: [String: String] = [:]
                let fields = try keys(entry.value, "adapter \(entry.key)", allowed: ["command", "environment"])
                for f in fields {
                    switch f.key {
                    case "command":
                        guard let items = f.value.sequence, !items.isEmpty else {
                            throw fail(f.value, "adapters.\(entry.key).command must be a non-empty list of strings (the program, then its arguments)")
                        }
                        for (i, item) in items.enumerated() {
                            let at = "adapters.\(entry.key).command[\(i)]"
                            command.append(try text(item, at))
                            if i == 0 && command[0].isEmpty { throw fail(item, "\(at) is empty: it names the program") }
                        }
                    default:
                        for e in try keys(f.value, "adapters.\(entry.key).environment", allowed: nil) {
                            let at = "adapters.\(entry.key).environment.\(e.key)"
                            if e.key.isEmpty { throw fail(e.node, "adapters.\(entry.key).environment has an empty name") }
                            if e.key.contains("=") {
                                throw fail(e.node, "\(at): an environment variable's name cannot contain \"=\" (the value follows the first one)")
                            }
                            if e.key.unicodeScalars.contains("\0") {
                                throw fail(e.node, "\(at): the name contains a NUL character, which would cut it short")
                            }
                            environment[e.key] = try text(e.value, at)
                        }
                    }
                }
                guard !command.isEmpty else { throw fail(entry.node, "adapter \(entry.key) has no command") }
                if !command[0].hasPrefix("/") && command[0].contains("/") && !folder.isEmpty {
                    command[0] = folder + "/" + command[0]
                }
                out.append(UserAdapter(name: entry.key, command: command, environment: environment,
                                       origin: "\(path):\(entry.node.mark)"))
            }
        }
        return out
    }
}
