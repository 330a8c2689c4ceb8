import ConcordFiles
import ConcordFormats
import ConcordImplementations
import ConcordJudging
import ConcordLoading
import ConcordPrimitives
import ConcordScheduling
import ConcordSuites
import Foundation
import ConcordPacks

/// The archive (docs/archive.md): every artifact a released app wrote, kept as an opening vector
/// in the project (`archive/<release>/<platform>/<suite>.yaml`, ordinary `concord-vectors/1`
/// files with a `release:`), and a manifest (`archive/concord-archive.json`) holding the digest of
/// every file and of every vector, recorded when `concord archive add` wrote it. What a suite's
/// artifacts are and how they open is the suite's own statement (`Suite.artifacts`): nothing here
/// names a pack.
public enum Archive {
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String
        public init(_ d: String) { description = d }
    }

    public static let manifestName = "concord-archive.json"
    public static let format = "concord-archive/1"
    /// The first line of every archived file.
    public static let header = "# Written by concord archive add (docs/archive.md): the archive only grows. Never edit it by hand; retire a vector in the ledger."

    // MARK: making opening vectors

    /// One captured artifact as an opening vector.
    public struct Opening: Sendable {
        public var suite: Suite
        public var spec: ArtifactSpec
        /// The vector whose captured answer is the artifact.
        public var writer: Vector
        public var id: String
        public var input: [(String, Value)]
        public var expect: [(String, Value)]
        /// Where each reader's private key came from (`recipientPrivateKeyset from closer.keybox/open-kat`).
        public var keys: [String] = []
    }

    /// What a capture holds, sorted: the openings, the refusals (each located: nothing is archived
    /// while there is one), and the answers that are no artifact (said, not refused).
    public struct Sorted: Sendable {
        public var openings: [Opening] = []
        public var refusals: [String] = []
        public var passedOver: [String] = []
    }

    /// One answer of the app's, with where it is (`FILE:LINE:COLUMN`, for messages).
    public struct Answer: Sendable {
        public var vector: String
        public var outcome: Outcome
        public var at: String
        public init(vector: String, outcome: Outcome, at: String) {
            self.vector = vector
            self.outcome = outcome
            self.at = at
        }
    }

    /// A capture's answers, each placed (`places`: each result's line and column in the file).
    public static func answers(_ capture: CapturedOutputs, places: [(line: Int, column: Int)?]) -> [Answer] {
        capture.results.enumerated().map { i, r in
            let at = places.indices.contains(i) ? places[i].map { "\(capture.file):\($0.line):\($0.column)" } ?? capture.file : capture.file
            return Answer(vector: r.vector, outcome: r.outcome, at: at)
        }
    }

    /// `sort` of a capture's answers.
    public static func sort(_ capture: CapturedOutputs, vectors: [String: Vector], release: String, platform: String,
                            places: [(line: Int, column: Int)?]) -> Sorted {
        sort(answers(capture, places: places), vectors: vectors, release: release, platform: platform)
    }

    /// Each answer of an op that writes an artifact (its suite's `artifacts`), made into the vector
    /// that opens it: each opening input from the answer's outputs (`stored`), from the writing
    /// vector's input (`held`), or, for the reader's private key (`privateHalf`), from the vectors
    /// whose input gives that key (`readerKey`); the expected value from the writing vector's input.
    /// An artifact whose opening inputs are not all there is refused, naming what is missing.
    /// `vectors`: the vectors the answers answer (and the project's others), by name.
    public static func sort(_ answers: [Answer], vectors: [String: Vector], release: String, platform: String) -> Sorted {
        var out = Sorted()
        var keys = ReaderKeys(vectors)
        for answer in answers {
            let (name, outcome, at) = (answer.vector, answer.outcome, answer.at)
            let canonical = Suites.canonicalVectorName(name)
            let suiteName = String(canonical.prefix { $0 != "/" })
            guard let suite = Suites.resolve(suiteName), !suite.artifacts.isEmpty else {
                out.passedOver.append("\(at): \(name): \(suiteName) writes no artifact that is kept and opened (its values are computed again by every run)")
                continue
            }
            if case .refused = outcome {
                out.passedOver.append("\(at): \(name): the app refused it, so it wrote no artifact")
                continue
            }
            guard let writer = vectors[canonical] else {
                out.refusals.append("\(at): \(name) holds outputs, but its vector is not among the project's vectors: what opens them (the inputs the app was given) is unknown")
                continue
            }
            guard let spec = suite.artifacts.first(where: { $0.writeOp == writer.op }) else {
                out.passedOver.append("\(at): \(name): its op \(writer.op ?? "-") reads, it writes no artifact")
                continue
            }
            guard case .outputs(let outputs) = outcome else { continue }
            guard let open = suite.op(spec.openOp) else { continue }
            var missing: [String] = []
            var conflicts: [String] = []
            var found: [String] = []
            var input: [(String, Value)] = []
            for (field, source) in spec.inputs {
                let required = open.inputs.first { $0.name == field }?.required ?? true
                switch source {
                case .stored(let x):
                    if let v = outputs[x] { input.append((field, v)) } else if required || spec.artifact == x {
                        missing.append("\(field) (stored beside the artifact: the capture's outputs hold only \(outputs.keys.sorted().joined(separator: ", ")))")
                    }
                case .held(let x):
                    if let v = writer.input[x] { input.append((field, v)) } else if required {
                        missing.append("\(field) (held by the reader: the writing vector's input has no \(x))")
                    }
                case .privateHalf(let x):
                    guard let pub = writer.input[x] else {
                        missing.append("\(field) (the reader's private key: the writing vector's input has no \(x), its public half)")
                        continue
                    }
                    switch keys.find(field, suite: suite.name, publicKey: pub, pair: spec.keyPair) {
                    case .found(let v, let from):
                        input.append((field, v))
                        found.append("the reader's \(field) from \(from.name)")
                    case .none:
                        missing.append("\(field) (the recipient's private key for \(shown(pub)) is not among the project's keys: give it in a vector of \(suite.name) whose input holds \(field), such as a roundtrip vector, docs/archive.md)")
                    case .differ(let a, let b):
                        conflicts.append("\(at): \(name): two different private keys of the project have the public key \(shown(pub)) the app sealed to: \(place(a)) and \(place(b)) give \(field) as two different keys: keep one (the archive takes the recipient's key only when every candidate is the same key)")
                    }
                }
            }
            var expect: [(String, Value)] = []
            for (field, source) in spec.expects {
                switch source {
                case .stored(let x):
                    if let v = outputs[x] { expect.append((field, v)) } else { missing.append("the expected \(field) (stored: not in the capture)") }
                case .held(let x), .privateHalf(let x):
                    if let v = writer.input[x] { expect.append((field, v)) } else { missing.append("the expected \(field) (the writing vector's input has no \(x))") }
                }
            }
            if !conflicts.isEmpty {
                out.refusals += conflicts
                continue
            }
            guard missing.isEmpty else {
                out.refusals.append("\(at): \(name): its \(spec.artifact) could never be opened: \(suite.name) \(spec.openOp ?? "") needs " + missing.joined(separator: "; "))
                continue
            }
            out.openings.append(Opening(suite: suite, spec: spec, writer: writer, id: "archived-\(release)-\(platform)-\(writer.id)",
                                        input: input, expect: expect, keys: found))
        }
        return out
    }

    /// A value as a message shows it: a text escaped, bytes in hex, cut after 40 characters (a `pub:v1:` key is long).
    static func shown(_ v: Value) -> String {
        let s: String
        switch v {
        case .text(let t): s = Printable.escape(t)
        case .bytes(let b): s = Hex.encode(b)
        default: s = Printable.escape(VectorFileWriter.value(v, json: false))
        }
        return s.count > 40 ? String(s.prefix(40)) + "…" : s
    }

    /// `FILE:LINE:COLUMN (suite/id)`.
    static func place(_ v: Vector) -> String { "\(v.file):\(v.line):\(v.column) (\(v.name))" }

    /// The reader's private keys the project gives: every vector's input value of a field taken
    /// `privateHalf(of:)` (an `open` or `roundtrip` vector of the suite gives the recipient's key),
    /// matched to a public key by the suite's own `keyPair`. Candidates with the same key material
    /// (one keyset written twice) are one key, the first by vector name taken; other material for
    /// the same public key is two keys, and the artifact is refused naming both.
    struct ReaderKeys {
        enum Found { case found(Value, from: Vector), none, differ(Vector, Vector) }
        let vectors: [Vector]
        /// The candidates of (suite, field), in the vectors' name order, found once.
        var candidates: [String: [(Vector, Value)]] = [:]
        init(_ vectors: [String: Vector]) { self.vectors = vectors.values.sorted { $0.name < $1.name } }

        mutating func find(_ field: String, suite: String, publicKey: Value, pair: ArtifactSpec.KeyPair?) -> Found {
            guard let pair else { return .none }
            let key = suite + "/" + field
            if candidates[key] == nil {
                candidates[key] = vectors.compactMap { v in v.suite == suite ? v.input[field].map { (v, $0) } : nil }
            }
            let matching = candidates[key]!.compactMap { c in pair(c.1, publicKey).map { (c.0, c.1, $0) } }
            guard let first = matching.first else { return .none }
            if let other = matching.first(where: { $0.2 != first.2 }) { return .differ(first.0, other.0) }
            return .found(first.1, from: first.0)
        }
    }

    // MARK: writing

    /// The file of one suite's openings of one release and platform (`confirmed`: the
    /// implementations that opened every one of them, once known), by the one writer of vector files.
    /// `from`: what was added, as the file's `source:` names it (a capture's file name).
    public static func render(_ openings: [Opening], release: Release, from: String) -> String {
        let suite = openings[0].suite
        let confirmed = release.confirmed.isEmpty ? "not yet opened by an implementation" : "opened when archived by " + release.confirmed.joined(separator: ", ")
        let vectors = openings.map { o in
            Vector(suite: suite.name, id: o.id, file: "", line: 0, column: 0,
                   comment: "\(o.spec.artifact) written by \(release.writer) for \(o.writer.name) (\(o.writer.op ?? "")), opened with \(o.spec.openOp ?? "")"
                       + o.keys.map { "; \($0)" }.joined(),
                   flags: [], op: o.spec.openOp, result: .valid, input: Dictionary(o.input, uniquingKeysWith: { a, _ in a }),
                   expect: .outputs(o.expect.map { ($0.0, .value($0.1)) }), inputOrder: o.input.map(\.0))
        }
        return VectorFileWriter.write(VectorFile(
            suite: suite.name, title: "Artifacts written by \(release.writer) (\(suite.name))",
            source: "concord archive add \(from) --release \(release.name): each artifact is the app's captured output; the expected value is the input the app was given to write it, never its output. \(confirmed).",
            release: release, vectors: vectors, header: [String(header.dropFirst(2))]))
    }

    /// `<release>/<platform>/<suite>.yaml`, relative to the archive's folder.
    public static func relativePath(release: String, platform: String, suite: String) -> String {
        "\(release)/\(platform)/\(suite).yaml"
    }

    // MARK: digests

    public static func digest(_ bytes: [UInt8]) -> String { Hex.encode(SHA256.hash(bytes)) }

    /// A vector's digest: its name, op, result, input and expected values, each rendered as a vector
    /// file writes it (a change of any of them changes it; a comment or the layout does not).
    public static func digest(_ v: Vector) -> String {
        var s = "\(v.name)\n\(v.op ?? "")\n\(v.result.rawValue)\n"
        for (k, value) in v.input { s += "in \(k)=\(VectorFileWriter.value(value, json: true))\n" }
        switch v.expect {
        case .outputs(let fields):
            for f in fields {
                switch f.expected {
                case .value(let value): s += "out \(f.field)=\(VectorFileWriter.value(value, json: true))\n"
                case .placeholder: s += "out \(f.field)=\(Expected.placeholderText)\n"
                }
            }
        case .error(let c): s += "error \(c?.rawValue ?? "")\n"
        case .none: s += "none\n"
        }
        return digest(Array(s.utf8))
    }

    /// The manifest: every archived file with its digest, its release and platform, and the digest of
    /// each of its vectors, as `archive add` recorded them.
    public struct Manifest: Sendable, Equatable {
        public struct File: Sendable, Equatable {
            public var path: String
            public var release: String
            public var platform: String
            public var sha256: String
            public var vectors: [(name: String, sha256: String)]
            public init(path: String, release: String, platform: String, sha256: String, vectors: [(name: String, sha256: String)]) {
                self.path = path; self.release = release; self.platform = platform; self.sha256 = sha256; self.vectors = vectors
            }
            public static func == (a: File, b: File) -> Bool {
                a.path == b.path && a.release == b.release && a.platform == b.platform && a.sha256 == b.sha256
                    && a.vectors.map(\.name) == b.vectors.map(\.name) && a.vectors.map(\.sha256) == b.vectors.map(\.sha256)
            }
        }
        public var files: [File] = []
        public init(files: [File] = []) { self.files = files }

        public func serialized() -> String {
            func s(_ x: String) -> String { JSON.string(x).serialized() }
            var out = "{\"format\": \(s(Archive.format)),\n \"files\": ["
            out += files.map { f in
                "\n  {\"path\": \(s(f.path)), \"release\": \(s(f.release)), \"platform\": \(s(f.platform)), \"sha256\": \(s(f.sha256)),\n   \"vectors\": ["
                    + f.vectors.map { "\n    {\"vector\": \(s($0.name)), \"sha256\": \(s($0.sha256))}" }.joined(separator: ",") + "]}"
            }.joined(separator: ",")
            return out + "]}\n"
        }

        /// Reads a manifest; every problem names the file (and the entry).
        public static func read(_ path: String, maxBytes: Int = InputFile.defaultMaxBytes) throws(Failure) -> Manifest {
            let bytes: [UInt8]
            do { bytes = try InputFile.read(path, maxBytes: maxBytes, regularFileOnly: true) } catch { throw Failure(error.description) }
            guard let text = String(validating: bytes, as: UTF8.self) else { throw Failure("\(path): the file is not valid UTF-8") }
            let json: JSON
            do { json = try JSON.parse(text) } catch { throw Failure("\(path): invalid JSON: \(error) (the archive's manifest: restore it from version control)") }
            guard json["format"]?.stringValue == Archive.format else { throw Failure("\(path): \"format\" must be \"\(Archive.format)\"") }
            guard let list = json["files"]?.arrayValue else { throw Failure("\(path): \"files\" must be an array") }
            var out = Manifest()
            for (i, f) in list.enumerated() {
                guard let p = f["path"]?.stringValue, let r = f["release"]?.stringValue, let pl = f["platform"]?.stringValue,
                      let d = f["sha256"]?.stringValue, let vs = f["vectors"]?.arrayValue else {
                    throw Failure("\(path): files[\(i)] needs path, release, platform, sha256 and vectors")
                }
                guard !p.hasPrefix("/"), !p.split(separator: "/").contains(".."), p.hasPrefix(r + "/") else {
                    throw Failure("\(path): files[\(i)].path \"\(Printable.escape(p))\" must be a path inside the archive, under its release's folder")
                }
                var vectors: [(String, String)] = []
                for (j, v) in vs.enumerated() {
                    guard let n = v["vector"]?.stringValue, let h = v["sha256"]?.stringValue else {
                        throw Failure("\(path): files[\(i)].vectors[\(j)] needs vector and sha256")
                    }
                    vectors.append((n, h))
                }
                out.files.append(File(path: p, release: r, platform: pl, sha256: d, vectors: vectors))
            }
            return out
        }
    }

    // MARK: integrity

    /// What retires an archived vector (the ledger's `retired:` entries): its reason and date, or nil.
    public typealias Retired = (String) -> (reason: String, date: String)?

    /// The archive held to its manifest: every recorded file present with its digest, every file of
    /// the archive recorded. A vector removed or edited since it was added is a problem unless
    /// `retired` names it; a vector added by hand, a file changed outside its vectors, a file not
    /// recorded, are problems. Each problem is located.
    public static func check(folder: String, loader: VectorLoader = VectorLoader(), retired: Retired) -> [String] {
        let manifestPath = folder + "/" + manifestName
        var problems: [String] = []
        guard FileManager.default.fileExists(atPath: manifestPath) else {
            let found = (try? VectorLoader.files([folder])) ?? []
            return found.isEmpty ? [] : ["\(manifestPath): missing: the archive's files are recorded there by concord archive add (restore it from version control)"]
        }
        let manifest: Manifest
        do { manifest = try Manifest.read(manifestPath, maxBytes: loader.yamlLimits.maxBytes) } catch { return [error.description] }
        let recorded = Set(manifest.files.map { folder + "/" + $0.path })
        for f in (try? VectorLoader.files([folder])) ?? [] where !recorded.contains(f) && !f.hasSuffix("/" + manifestName) {
            problems.append("\(f): not recorded in \(manifestPath): the archive's files are written by concord archive add, never by hand")
        }
        for entry in manifest.files {
            let path = folder + "/" + entry.path
            guard FileManager.default.fileExists(atPath: path) else {
                let kept = entry.vectors.filter { retired($0.name) == nil }
                if !kept.isEmpty {
                    problems.append("\(path): archived file removed (\(entry.release) × \(entry.platform)): restore it from version control, or retire its \(kept.count) vector\(kept.count == 1 ? "" : "s") in the ledger with a reason and a date (first: \(kept[0].name))")
                }
                continue
            }
            let bytes: [UInt8]
            do { bytes = try InputFile.read(path, maxBytes: loader.yamlLimits.maxBytes, regularFileOnly: true) } catch { problems.append(error.description); continue }
            if digest(bytes) == entry.sha256 { continue }
            let loaded = loader.load(.bytes(bytes, file: path))
            if let e = loaded.errors.first { problems.append("\(e) (an archived file changed by hand: restore it from version control)"); continue }
            let now = Dictionary(loaded.vectors.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
            var said = false
            for (name, sha) in entry.vectors {
                guard let v = now[name] else {
                    if retired(name) == nil {
                        problems.append("\(path): archived vector \(name) (written by \(entry.platform) \(entry.release)) was removed by hand: restore it, or retire it in the ledger with a reason and a date")
                    }
                    said = true
                    continue
                }
                if digest(v) != sha {
                    said = true
                    if retired(name) == nil {
                        problems.append("\(path):\(v.line):\(v.column): archived vector \(name) (written by \(entry.platform) \(entry.release)) was changed by hand: restore it, or retire it in the ledger with a reason and a date")
                    }
                }
            }
            let known = Set(entry.vectors.map(\.name))
            for v in loaded.vectors where !known.contains(v.name) {
                said = true
                problems.append("\(path):\(v.line):\(v.column): \(v.name) was added by hand: an archive file holds only what concord archive add wrote")
            }
            if !said {
                problems.append("\(path): changed by hand (its digest is not the one recorded when it was archived, though its vectors are): restore it from version control")
            }
        }
        return problems
    }

    // MARK: witnesses

    /// Who opened each opening vector, as `archive add` checks them: the implementations whose
    /// answer was the expected value, and those that failed to open it.
    public struct Confirmation: Sendable {
        public var opened: [String: [String]] = [:]
        public var failed: [String: [String]] = [:]
    }

    /// Runs the opening vectors on the live implementations.
    public static func confirm(_ vectors: [Vector], implementations: [any Implementation],
                               configuration: RunConfiguration = RunConfiguration()) -> Confirmation {
        let run = Runner(implementations: implementations, configuration: configuration).run(vectors)
        var out = Confirmation()
        for r in run.results {
            for i in r.implementations {
                switch i.status {
                case .pass: out.opened[r.vector.name, default: []].append(i.implementation)
                case .fail, .error: out.failed[r.vector.name, default: []].append("\(i.implementation) (\(i.status.rawValue))")
                default: break
                }
            }
        }
        return out
    }

    /// The witness rule of an archived artifact (that of fill: the app's capture is the producer):
    /// at least one implementation not written by Concord (a library's own code, or another app's
    /// adapter, never the platform that wrote it) must open it to the expected value. The witnesses,
    /// or nil when there is none.
    public static func witnesses(opened: [String], provenance: [String: Provenance], writer platform: String) -> [String]? {
        let outside = opened.filter { name in
            guard provenance[name]?.isOutside == true else { return false }
            return name != platform && name != "captured:" + platform
        }
        return outside.isEmpty ? nil : outside
    }
}
