import ConcordFormats
import ConcordGeneration
import ConcordImplementations
import ConcordJudging
import ConcordLoading
import ConcordPacks
import ConcordScenarioFormat
import ConcordSuites
import ConcordTestSupport
import ConcordWorkflows
import ConcordYAML
import Foundation
import Testing

/// A room per contract pack (docs/design.md, "Adding a pack"): each pack's formats, suites, Swift
/// port and rules live in its own module, the harness core names no pack, and the packs are
/// registered in one place (`Packs.all`, one line each).
struct PackRoomTests {
    /// Each pack's module, the prefix its suites' Swift names take (`Suites.closerField`) and the
    /// prefixes of its type names.
    static let rooms: [(module: String, pack: String, member: String, types: [String])] = [
        ("ConcordCloser", "closer", "closer", ["Closer", "Keybox"]),
        ("ConcordSinew", "sinew", "sinew", ["Sinew"]),
        ("ConcordJustSend", "justsend", "justsend", ["JustSend"]),
        ("ConcordSophaxChat", "sophaxchat", "sophaxChat", ["SophaxChat", "X3DH"]),
        ("ConcordAskKey", "askkey", "askKey", ["AskKey"]),
    ]

    /// Where a pack may still be named outside its module, each with its reason: the registration,
    /// and the modules that exercise a pack on purpose (fuzz targets, test support).
    static let registration = "ConcordPacks/Packs.swift"
    static let mayUsePacks: Set<String> = ["ConcordFuzzTargets", "ConcordTestSupport"]
    /// Each pack's wire prefixes: a core file that spells one out (`"enc:v1:"`) writes that pack's
    /// format, which is its module's (the pack declares it: `Pack.wireForms`). Closer's `pub:v1:`
    /// is not among them: it is Tink's ECIES public keyset on the wire, declared beside the keyset's
    /// reader and writer (`TinkEciesKeyset.publicWire`), which Closer lists among its forms.
    static let wirePrefixes: [String: [String]] = ["closer": ["enc:v1:", "sealed:v1:", "keybox:v1:", "sha256:"]]

    /// The words a pack registers (docs/design.md, "Adding a pack"): its fresh kinds' names, its
    /// record types' names and their members' (`recovery-phrase`, `answer`, `scaleValue`). A core
    /// file that spells one as a string, or names one as a Swift member (`FieldType.answer`,
    /// `case .recoveryPhrase`), handles that pack's values by name: they are its module's.
    static func registeredWords(_ packs: [Pack] = Packs.all) -> [String: Set<String>] {
        var out: [String: Set<String>] = [:]
        for p in packs {
            out[p.contract.name, default: []].formUnion(p.freshKinds.map(\.name))
            for r in p.records { out[p.contract.name, default: []].formUnion([r.name] + r.members.map(\.name)) }
        }
        return out
    }

    /// A registered word as a Swift member: `recovery-phrase` → `recoveryPhrase`.
    static func swiftName(_ word: String) -> String {
        let parts = word.split(separator: "-")
        return (parts.first.map(String.init) ?? "") + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// ConcordKit is copied into apps and imports nothing of Concord: it gives an app's handlers
    /// every output kind a suite declares, Closer's answer among them (docs/platforms.md), so it may
    /// spell the registered words.
    static let kit = "ConcordKit"

    /// Core files where a registered word means something else, each with what: a finding's or a
    /// comparison's `answer` is what the implementations answered (outputs, refused, error), and
    /// the scenario runner's is the verb.
    static let otherMeanings: [String: Set<String>] = [
        "ConcordJudging/Explored.swift": ["answer"],
        "ConcordReportFormat/ReportComparison.swift": ["answer"],
        "ConcordScenarios/ScenarioRunner.swift": ["answer"],
    ]

    /// A line's code: no `//` comment, and string literals emptied (a pack named in a message is
    /// prose, not code); the literals themselves are returned apart.
    static func split(_ line: Substring) -> (code: String, strings: [String]) {
        var code = "", strings: [String] = [], current = "", inString = false, escaped = false
        var chars = Array(line)[...]
        while let c = chars.popFirst() {
            if inString {
                if escaped { escaped = false; current.append(c); continue }
                if c == "\\" { escaped = true; current.append(c); continue }
                if c == "\"" { inString = false; strings.append(current); current = ""; code.append("\"\""); continue }
                current.append(c)
            } else {
                if c == "/", chars.first == "/" { break }
                if c == "\"" { inString = true; continue }
                code.append(c)
            }
        }
        return (code, strings)
    }

    /// Every place outside a pack's module where its names appear in code: type names
    /// (`CloserAAD`, `KeyboxX`), Swift names of its suites and contract (`Suites.closerField`,
    /// `Contracts.closer`), and its suite names in string literals (`"closer.field"`).
    static func intrusions(in sources: String = repositoryRoot + "/Sources") throws -> [String] {
        var found: [String] = []
        let registered = registeredWords()
        let rooms = try Self.rooms.map { room in
            let types = room.types.map { #"\b"# + $0 + #"[A-Za-z0-9_]*"# }.joined(separator: "|")
            let members = #"\b"# + room.member + #"[A-Z][A-Za-z0-9_]*|Contracts\."# + room.pack + #"\b"#
            let named = #"[A-Za-z0-9_]*\."# + room.member + #"\b|\b(?:let|var|case|func) +"# + room.member + #"\b"#
            // A registered word as an implicit member (`.answer`, `case .recoveryPhrase`) or a
            // member of the core's types (`FieldType.answer`); a property of a value (`side.answer`) is not.
            let words = (registered[room.pack] ?? []).sorted()
            let spelled = words.map(swiftName).joined(separator: "|")
            let wordMember = words.isEmpty ? nil
                : try Regex(#"(?:^|[^A-Za-z0-9_)\]?!]|\b(?:FieldType|FieldKind|FreshKind|FreshType))\.(?:"# + spelled + #")\b"#)
            return (module: room.module, pack: room.pack, member: room.member, types: room.types, regex: try Regex("(" + types + "|" + members + ")").wordBoundaryKind(.simple),
                    memberRegex: try Regex(named).wordBoundaryKind(.simple), words: Set(words), swiftWords: words.map(swiftName), wordMember: wordMember)
        }
        for module in try FileManager.default.contentsOfDirectory(atPath: sources).sorted() where !mayUsePacks.contains(module) {
            for file in SyncConfinementTests.swiftFiles(sources + "/" + module) {
                let relative = String(file.dropFirst(sources.count + 1))
                let text = try String(contentsOfFile: file, encoding: .utf8)
                for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let (code, strings) = split(line)
                    for room in rooms where room.module != module {
                        if relative == registration && (code == "import \(room.module)" || code.contains("\(room.module.dropFirst("Concord".count))Pack.pack")) { continue }
                        // A registered word, as a string or a Swift member.
                        for s in strings where module != kit && room.words.contains(s) && !(otherMeanings[relative] ?? []).contains(s) {
                            found.append("\(relative):\(n + 1): \"\(s)\" (\(room.pack))")
                        }
                        if module != kit, let wordMember = room.wordMember, room.swiftWords.contains(where: { code.contains("." + $0) }) {
                            for m in code.matches(of: wordMember) {
                                found.append("\(relative):\(n + 1): \(code[m.range].drop { !$0.isLetter && $0 != "." }) (\(room.pack))")
                            }
                        }
                        // Cheap first: most lines name no prefix at all.
                        guard room.types.contains(where: { code.contains($0) }) || code.contains(room.member) || code.contains("Contracts.")
                                || strings.contains(where: { s in s.hasPrefix(room.pack) || (wirePrefixes[room.pack] ?? []).contains { s.hasPrefix($0) } }) else { continue }
                        for m in code.matches(of: room.regex) {
                            found.append("\(relative):\(n + 1): \(code[m.range]) (\(room.pack))")
                        }
                        for s in strings where s == room.pack || s.hasPrefix(room.pack + ".")
                            || (wirePrefixes[room.pack] ?? []).contains(where: { s.hasPrefix($0) }) {
                            found.append("\(relative):\(n + 1): \"\(s)\" (\(room.pack))")
                        }
                        // A member named after the pack (`KdfParams.closer`), used or declared.
                        for m in code.matches(of: room.memberRegex) where !code[m.range].hasPrefix("Contracts.") {
                            found.append("\(relative):\(n + 1): \(code[m.range]) (\(room.pack))")
                        }
                    }
                }
            }
        }
        return found
    }

    /// The harness core names no pack: a pack's type names, the Swift names of its suites and
    /// contract, and its suite names as strings appear (comments aside) only in its own module, in
    /// `Packs.all`'s line for it, and in the modules that exercise packs on purpose.
    @Test func aPackIsNamedOnlyInItsOwnRoom() throws {
        let found = try Self.intrusions()
        #expect(found.isEmpty, "a pack named outside its module:\n\(found.joined(separator: "\n"))")
    }

    /// The check finds what it is meant to find (it is no test that cannot fail).
    @Test func theRoomCheckSeesAPackNamedInCode() throws {
        let (code, strings) = Self.split(#"let s = Suites.resolve("closer.field") ?? Suites.closerField // CloserAAD in a comment"#)
        #expect(strings == ["closer.field"])
        #expect(code.contains("closerField") && !code.contains("CloserAAD"))
        let (prose, _) = Self.split(#"throw Missing("the Closer contract says so")"#)
        #expect(!prose.contains("Closer"))
        // A core module that names a pack is found, with its file and line; the pack's own room is not.
        let root = FileManager.default.temporaryDirectory.path + "/pack-room-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        for folder in ["ConcordLoading", "ConcordCloser"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
            let planted: String = "import ConcordSuites\n// CloserAAD in a comment\nlet a = CloserAAD.none\nlet b = Suites.resolve(\"closer.field\")\nlet c = Suites.sophaxChatX3DH\n"
                + "let d = KdfParams.closer\nlet e = \"sealed:v1:\" + blob\nextension KdfParams { static let askKey = 1 }\nlet f = Contracts.sinew\n"
                + "let g = FieldType.answer\nif case .recoveryPhrase = kind { return side.answer }\nlet h = [\"scaleValue\", \"x\"]\nlet i = \"pairing-code\"\n"
            try planted.write(toFile: root + "/" + folder + "/X.swift", atomically: true, encoding: .utf8)
        }
        let found = try Self.intrusions(in: root)
        #expect(Set(found) == ["ConcordLoading/X.swift:3: CloserAAD (closer)", "ConcordLoading/X.swift:4: \"closer.field\" (closer)",
                               "ConcordCloser/X.swift:5: sophaxChatX3DH (sophaxchat)", "ConcordLoading/X.swift:5: sophaxChatX3DH (sophaxchat)",
                               "ConcordLoading/X.swift:6: KdfParams.closer (closer)", "ConcordLoading/X.swift:7: \"sealed:v1:\" (closer)",
                               "ConcordLoading/X.swift:8: let askKey (askkey)", "ConcordCloser/X.swift:8: let askKey (askkey)",
                               "ConcordLoading/X.swift:9: Contracts.sinew (sinew)", "ConcordCloser/X.swift:9: Contracts.sinew (sinew)",
                               "ConcordLoading/X.swift:10: FieldType.answer (closer)", "ConcordLoading/X.swift:11: .recoveryPhrase (closer)",
                               "ConcordLoading/X.swift:12: \"scaleValue\" (closer)", "ConcordLoading/X.swift:13: \"pairing-code\" (askkey)",
                               "ConcordCloser/X.swift:13: \"pairing-code\" (askkey)"],
                "\(found)")
    }

    /// A pack module is named in Package.swift only where it is declared and where a module that
    /// registers or exercises packs depends on it; in the sources only by its own files, by
    /// `Packs.all`'s line, and by the modules that exercise packs on purpose.
    @Test func aPackModuleIsNamedOnlyWhereItIsRegistered() throws {
        let targets = try LayerTests.declaredTargets()
        for room in Self.rooms {
            #expect(targets[room.module] != nil, "Package.swift declares no \(room.module)")
            let dependents = targets.filter { $0.value.contains(room.module) }.map(\.key)
            let allowed = Self.mayUsePacks.union(["ConcordPacks"])
            for d in dependents where !d.hasSuffix("Tests") {
                #expect(allowed.contains(d), "\(d) depends on \(room.module): only ConcordPacks registers a pack")
            }
            // None imports another pack: each depends on the kernel and what is below it.
            for other in Self.rooms where other.module != room.module {
                #expect(!(targets[room.module]?.contains(other.module) ?? false), "\(room.module) depends on \(other.module)")
            }
        }
        let packs = try String(contentsOfFile: repositoryRoot + "/Sources/ConcordPacks/Packs.swift", encoding: .utf8)
        let lines = packs.split(separator: "\n").map { Self.split($0).code.trimmingCharacters(in: .whitespaces) }
        for room in Self.rooms {
            let name = room.module.dropFirst("Concord".count)
            #expect(lines.filter { $0.contains("\(name)Pack.pack") } == ["\(name)Pack.pack,"], "Packs.all has not exactly one line for \(name)")
        }
    }

    /// Every pack of `Packs.all` has its module, named after it (`closer` → ConcordCloser), holding
    /// its pack value; every runtime's adapter folder for it has the pack's name (AdapterLayoutTests).
    @Test func everyPackHasItsModuleNamedAfterIt() throws {
        #expect(Packs.all.map(\.contract.name) == Self.rooms.map(\.pack))
        #expect(Registry.problems(Packs.all).isEmpty, "\(Registry.problems(Packs.all))")
        for room in Self.rooms {
            let folder = repositoryRoot + "/Sources/" + room.module
            #expect(room.module.dropFirst("Concord".count).lowercased() == room.pack)
            let name = String(room.module.dropFirst("Concord".count))
            #expect(FileManager.default.fileExists(atPath: folder + "/\(name)Pack.swift"), "\(room.module) has no \(name)Pack.swift")
            let pack = try #require(Packs.all.first { $0.contract.name == room.pack })
            #expect(!pack.suites.isEmpty && pack.suites.allSatisfy { $0.contract == room.pack })
            // Its Swift port covers every suite of it that the `swift` implementation must implement.
            let ported = Set(pack.port(PortOptions()).map(\.suite.name))
            let owed = Set(pack.suites.filter { $0.implementations.contains("swift") }.map(\.name))
            #expect(ported == owed, "\(room.pack): the port handles \(ported.sorted()), the definitions say \(owed.sorted())")
            for runtime in ["jvm", "node", "tink", "webcrypto"] {
                let adapters = repositoryRoot + "/adapters/" + runtime
                guard let entries = try? FileManager.default.contentsOfDirectory(atPath: adapters) else { continue }
                let packFolders = entries.filter { e in Self.rooms.contains { $0.pack == e } }
                for f in packFolders { #expect(Packs.all.contains { $0.contract.name == f }) }
            }
        }
    }

    /// Every pack rule's place names a generic rule, and the order the rules are tried in is the
    /// one the docs describe (docs/captured-and-diff.md): each contract's traps first, the generic
    /// rules, `kek-aad` (an Argon2id) last.
    @Test func everyPackRuleHasItsPlace() {
        #expect(Explanations.unplaced(generic: Explanations.genericRules, packs: Packs.all).isEmpty)
        #expect(Explanations.rules.map(\.name) == [
            "keybox-context-order", "keybox-composition", "sealed-answer-aad-order", "commitment-json",
            "x25519-zeros", "recovery-kek", "x3dh-composition", "x25519-zeros", "message-aad",
            "encoding", "wire-prefix", "tink-prefix", "tink-prefix-after-salt", "other-tink-prefix", "nonce-moved",
            "different-aad", "sealed-plaintext", "only-the-tag", "json-form", "option-order", "unicode-normalization",
            "ecdsa-encoding", "ec-point", "signed-key-id", "argon2-parameters", "kek-aad",
        ])
    }
}

/// JustSend's rules are tried before SophaxChat's `x3dh-composition` since the move (before it, after:
/// docs/design.md, "Adding a pack"). No explanation changes, because neither pack's rules fire on the
/// other's inputs: held here over every vector of both packs, each expected value against another.
struct ReorderedRulesTests {
    static let loaded = VectorLoader().load(.paths([repositoryRoot + "/vectors/justsend", repositoryRoot + "/vectors/sophaxchat"]))

    static func rules(of pack: String) throws -> [ExplanationRule] {
        try #require(Packs.all.first { $0.contract.name == pack }).rules.map(\.rule)
    }

    @Test func neitherPacksRulesFireOnTheOthersInputs() throws {
        #expect(Self.loaded.errors.isEmpty, "\(Self.loaded.errors)")
        let justsend = try Self.rules(of: "justsend"), sophaxchat = try Self.rules(of: "sophaxchat")
        var checked = 0
        for v in Self.loaded.vectors {
            guard case .outputs(let outs) = v.expect else { continue }
            let others = v.suite.hasPrefix("justsend.") ? sophaxchat : justsend
            for o in outs {
                guard case .value(let e) = o.expected else { continue }
                let changed: Value
                switch e {
                case .bytes(let b): changed = .bytes(b.isEmpty ? [0] : b.dropLast() + [b.last! ^ 1])
                case .text(let t): changed = .text(t + "A")
                default: continue
                }
                for r in others {
                    #expect(r.explain(e, changed, v.input) == nil, "\(r.name) fires on \(v.name) \(o.field)")
                    #expect(r.explain(changed, e, v.input) == nil, "\(r.name) fires on \(v.name) \(o.field)")
                }
                checked += 1
            }
        }
        #expect(checked > 100, "only \(checked) values checked")
    }

    /// What each pack's rules need in the input before they compute anything (their guards, as
    /// written): no suite of the other pack has those fields, so no input of it reaches them.
    @Test func neitherPacksSuitesGiveTheFieldsTheOthersRulesNeed() throws {
        let sophaxchatNeeds: [Set<String>] = [["ephemeralPrivateKey", "recipientIdentityKey"], ["messageKey"]]
            + ExplanationRules.x3dhPairs.flatMap { $0.pairs.map { Set([$0.0, $0.1]) } }
        let justsendNeeds: [Set<String>] = [["ourPrivate", "theirPublic", "salt", "deviceKEKInfo"], ["typed", "recoveryInfo"]]
        for pack in Packs.all where pack.contract.name == "justsend" || pack.contract.name == "sophaxchat" {
            let needs = pack.contract.name == "justsend" ? sophaxchatNeeds : justsendNeeds
            for suite in pack.suites {
                for op in suite.protocolOps {
                    let given = op.inputNames
                    for n in needs { #expect(!n.isSubset(of: given), "\(suite.name) \(op.name ?? "-") gives \(n.sorted()), which the other pack's rules read") }
                }
            }
        }
    }
}

/// A sixth pack, defined here as its module would define it (two suites, a Swift port, a rule, a
/// record type of its own and a fresh kind of its own): the same functions that build the catalog
/// from `Packs.all` take it with one more entry, and it reaches every place a pack reaches. The
/// limit (docs/design.md, "Adding a pack"): the process-wide registry (`Suites.list`, the loader,
/// `concord list`) is built once from `Packs.all`, so a vector file of this toy suite is not loaded
/// here; rebuilding the package to add a line is too slow for a test.
struct ToyPackTests {
    static let echo = Suite(
        name: "toy.echo", contract: "toy",
        summary: "The toy pack's one suite: the message with its bytes reversed.",
        ops: [OpSpec(nil, "Reverse the message.",
                     inputs: [FieldSpec("message", .bytes, "Any bytes.")],
                     expects: [FieldSpec("reversed", .bytes, "The message's bytes in reverse order.")])],
        implementations: ["swift"])

    static let reversedRule = ExplanationRule(name: "toy-reversed") { expected, actual, _ in
        guard case .bytes(let e) = expected, case .bytes(let a) = actual, e != a, Array(e.reversed()) == a else { return nil }
        return "actual is expected reversed: the toy contract's message read from its end"
    }

    /// The toy's record type, defined by data as Closer's answer is: the loader, the writer, the
    /// schema, serve and the generator know it from this value alone.
    static let tally = RecordType(
        name: "tally", title: "Tally", doc: "A toy count: how many, who counted, a note or null.",
        members: [.init("total", .integer(nullable: false), title: "Total", doc: "How many.", draw: .init(from: [0, 1, 2].map { .integer($0) })),
                  .init("counters", .strings(item: "a counter"), title: "Counters", doc: "Who counted.", draw: .init(from: [.text("ann")], ownOneIn: 2, own: .id, maxCount: 2)),
                  .init("note", .string(nullable: true), title: "Note", doc: "A note, or null.", draw: .init(nullOneIn: 2))])

    static let total = Suite(
        name: "toy.total", contract: "toy",
        summary: "The toy pack's record suite: a tally's total.",
        ops: [OpSpec(nil, "Read the total.", inputs: [FieldSpec("tally", .record(tally), "A tally.")],
                     expects: [FieldSpec("total", .integer, "Its total.")])],
        implementations: [])

    /// The toy's fresh kind: a message of 4 bytes, empty on its edge.
    static let message = FreshKind(name: "toy-message", parts: [("value", .bytes)], edges: { _ in ["empty"] }) { _, edge, rng throws(FreshValues.Failure) in
        ["value": .bytes(edge == "empty" ? [] : rng.bytes(4))]
    }
    /// The toy's wire: `toy:v1:` + b64url(counter(4) ‖ ciphertext ‖ tag(8)).
    static let wire = WireForm(prefix: "toy:v1:", alphabet: .url, blob: .parts(head: [WireForm.Part("counter", 4)], tag: 8))

    static let toy = Pack(
        contract: Contract(name: "toy", title: "Toy: a sixth pack, for the tests"),
        suites: [echo, total],
        port: { _ in [SuiteHandler(echo) { r in ["reversed": .bytes(Array(try r.bytes("message").reversed()))] }] },
        rules: [PlacedRule(reversedRule, .before("encoding"))],
        freshKinds: [message],
        wireForms: [wire])

    static let packs = Packs.all + [toy]

    @Test func itsSuiteJoinsTheRegistryAndTheSchema() throws {
        let list = Registry.list(Self.packs)
        #expect(list.map(\.name) == Suites.list.map(\.name) + ["toy.echo", "toy.total"])
        #expect(Registry.problems(Self.packs).isEmpty, "\(Registry.problems(Self.packs))")
        let schema = VectorFileSchema.document(suites: list)
        let defs = try #require(schema["$defs"]?.objectValue)
        #expect(defs.contains { $0.key == "toy.echo" })
        #expect(VectorFileSchema.text(suites: list).contains(#""toy.echo""#))
        #expect(!VectorFileSchema.text().contains(#""toy.echo""#), "the real schema does not name the toy")
    }

    @Test func itsPortRunsInTheSwiftImplementation() throws {
        let swift = InProcessImplementation(name: "swift", version: "test", handlers: Catalog.swiftHandlers(Self.packs, PortOptions()))
        #expect(swift.suites == Set(Catalog.swiftHandlers(Packs.all, PortOptions()).map(\.suite.name)).union(["toy.echo"]))
        #expect(swift.provenance(suite: "toy.echo") == .ownPort)
        let outcome = swift.run(Request(suite: "toy.echo", input: ["message": .bytes([1, 2, 3])]))
        #expect(outcome == .outputs(["reversed": .bytes([3, 2, 1])]))
        #expect(swift.run(Request(suite: "toy.echo", input: [:])) == .refused(ContractError(.format, "missing input message")))
    }

    @Test func itsRuleTakesItsPlace() throws {
        let rules = Explanations.ordered(generic: Explanations.genericRules, packs: Self.packs)
        let names = rules.map(\.name)
        let at = try #require(names.firstIndex(of: "toy-reversed"))
        #expect(names[at + 1] == "encoding" && names[at - 1] == "message-aad")
        #expect(Explanations.unplaced(generic: Explanations.genericRules, packs: Self.packs).isEmpty)
        #expect(rules[at].explain(.bytes([1, 2, 3]), .bytes([3, 2, 1]), [:]) != nil)
        #expect(rules[at].explain(.bytes([1, 2, 3]), .bytes([1, 2, 4]), [:]) == nil)
        // A place that names no generic rule is not lost: it is tried last, and reported.
        var lost = Self.toy
        lost.rules = [PlacedRule(Self.reversedRule, .after("no-such-rule"))]
        #expect(Explanations.ordered(generic: Explanations.genericRules, packs: [lost]).last?.name == "toy-reversed")
        #expect(Explanations.unplaced(generic: Explanations.genericRules, packs: [lost]).count == 1)
    }

    /// Its record type is in the schemas (its definition, an expected one, the scenario literal),
    /// loads from a vector file's YAML with located errors, is written in its member order, decoded
    /// by serve, checked by fill, and generated: the core names none of it.
    @Test func itsRecordTypeLoadsWritesAppearsInTheSchemaAndGenerates() throws {
        #expect(Self.toy.records == [Self.tally])
        #expect(Self.packs.records.map(\.name) == Packs.records.map(\.name) + ["tally"])
        let list = Registry.list(Self.packs)
        let defs = try #require(VectorFileSchema.document(suites: list)["$defs"]?.objectValue)
        let def = try #require(defs.first { $0.key == "tally" }?.value)
        #expect(def["required"]?.serialized() == #"["total","counters","note"]"#)
        #expect(def["properties"]?["note"]?["type"]?.serialized() == #"["string","null"]"#)
        #expect(defs.first { $0.key == "expectedTally" }?.value["anyOf"]?.serialized() == ##"[{"$ref":"#/$defs/tally"},{"$ref":"#/$defs/placeholder"}]"##)
        #expect(VectorFileSchema.text(suites: list).contains(##""$ref": "#/$defs/tally""##))
        #expect(!VectorFileSchema.text().contains(#""tally""#), "the real schema does not name the toy")
        let scenarioDefs = try #require(ScenarioFileSchema.document(suites: list, freshKinds: Self.packs.freshKinds)["$defs"]?.objectValue)
        #expect(scenarioDefs.contains { $0.key == "tally" })

        // Loaded as a vector file's value, any order, every member; refused, located, otherwise.
        let spec = FieldSpec("tally", .record(Self.tally))
        func read(_ yaml: String) throws -> Value {
            try LiteralValue.read(try YAMLParser(expected: "a tally").parse(Array(yaml.utf8)), spec, file: "t.yaml")
        }
        let v = try read("{note: null, counters: [ann, bob], total: 3}")
        #expect(v == .map(["total": .integer(3), "counters": .list([.text("ann"), .text("bob")]), "note": .null]))
        let missing = try #require(throws: LoadError.self) { try read("{total: 3, counters: []}") }
        #expect(missing.message == "tally must have exactly total, counters and note (missing note; write null for an absent value)", "\(missing)")
        let wrong = try #require(throws: LoadError.self) { try read("{total: null, counters: [], note: x}") }
        #expect(wrong.message == "expected an integer for total, found null" && wrong.line == 1, "\(wrong)")

        // Written in its member order (the packs' record types give the order; unregistered, sorted).
        let w = Value.map(["note": .text("n"), "total": .integer(1), "counters": .list([])])
        #expect(VectorFileWriter.value(w, json: false, records: Self.packs.records) == #"{total: 1, counters: [], note: "n"}"#)
        #expect(VectorFileWriter.value(w, json: false) == #"{counters: [], note: "n", total: 1}"#)

        // Fill holds an implementation's value to it; serve decodes it from the adapter protocol.
        #expect(Fill.fits(v, .record(Self.tally)))
        #expect(!Fill.fits(.map(["total": .integer(3), "counters": .list([])]), .record(Self.tally)))
        #expect(!Fill.fits(.map(["total": .text("3"), "counters": .list([]), "note": .null]), .record(Self.tally)))

        // Generated from its data: every draw a value of the type, each member's draws varied.
        var rng = SeededRandom(path: ["toy", "tally"])
        var pairs = KeyPairs()
        let kind = try #require(spec.kind)
        #expect(kind == .record(Self.tally) && kind.typeName == "tally")
        let drawn = (0..<200).map { _ in FieldGenerators.generate(kind, forms: Packs.wireForms, rng: &rng, pairs: &pairs) }
        #expect(drawn.allSatisfy { Self.tally.problem($0) == nil }, "\(drawn.first { Self.tally.problem($0) != nil }?.display ?? "")")
        func member(_ v: Value, _ k: String) -> Value? { if case .map(let m) = v { return m[k] }; return nil }
        let notes = drawn.compactMap { member($0, "note") }
        #expect(notes.contains(.null) && notes.contains { $0 != .null })
        #expect(Set(drawn.compactMap { member($0, "total") }) == [.integer(0), .integer(1), .integer(2)])
    }

    /// Its fresh kind is a scenario's to declare (with its edges), in the scenario schema, and drawn
    /// by its own function; without the pack, the reader refuses it as any unknown kind.
    @Test func itsFreshKindIsDeclaredAndDrawn() throws {
        let kinds = Self.packs.freshKinds
        // The generic kinds, the packs' plain kinds in their order (the toy's last), then the record kinds.
        #expect(kinds.map(\.name) == FreshKind.generic.map(\.name) + ["recovery-phrase", "invite-code", "pairing-code", "toy-message", "answer"])
        let scenario = """
            format: concord-scenario/1
            name: toy.fresh
            title: "t"
            source: "t"
            roles:
              r: "r"
            fresh:
              m: {kind: toy-message}
            steps:
              - {id: a, role: r, suite: hmac-sha256, op: compute, input: {key: {hex: "0b"}, message: {fresh: m}}}

            """
        let s = try ScenarioReader(freshKinds: kinds).read(bytes: Array(scenario.utf8), file: "toy.yaml")
        let d = try #require(s.fresh.first)
        #expect(d.kind.name == "toy-message" && d.kind.edges(d.options) == ["empty"])
        #expect(try FreshValues.draw(s.fresh, path: ["t"], trial: 1)["m"] == .bytes([]), "trial 1 takes the first edge")
        #expect(try FreshValues.draw(s.fresh, path: ["t"], trial: 0)["m"]?.bytes?.count == 4)
        let e = try #require(throws: LoadError.self) { try ScenarioReader().read(bytes: Array(scenario.utf8), file: "toy.yaml") }
        #expect(e.message.hasPrefix("unknown kind \"toy-message\"") && e.line == 8, "\(e)")
        let schema = ScenarioFileSchema.document(suites: Suites.list, freshKinds: kinds).serialized(pretty: true)
        #expect(schema.contains(#""const": "toy-message""#) && !ScenarioFileSchema.text().contains("toy-message"))
    }

    /// Its wire form is read where wire strings are: the reports name where two of its wires differ
    /// in its layout, the generators spell it as a wire, and nothing in the core had to know it.
    @Test func itsWireFormIsNamedInDifferences() throws {
        let forms = Registry.wireForms(Self.packs)
        #expect(forms == Packs.wireForms + [Self.wire])
        let blob = (0..<20).map { UInt8($0) }
        func wire(_ flip: Int) -> String { var b = blob; b[flip] ^= 1; return "toy:v1:" + Base64.encode(b, .url) }
        let expected = "toy:v1:" + Base64.encode(blob, .url)
        #expect(Wire.difference(expected: expected, actual: wire(2), forms: forms)?.text == "blob byte 2: counter, byte 2")
        #expect(Wire.difference(expected: expected, actual: wire(6), forms: forms)?.text == "blob byte 6: ciphertext, byte 2")
        #expect(Wire.difference(expected: expected, actual: wire(18), forms: forms)?.text == "blob byte 18: tag, byte 6")
        #expect(Wire.difference(expected: expected, actual: "toy:v2:" + expected.dropFirst(7), forms: forms)?.text == "prefix, byte 5")
        // Read in its own alphabet: the standard one's `+` does not decode.
        #expect(Wire.difference(expected: expected, actual: "toy:v1:" + Base64.encode(blob.map { $0 | 0xF8 }, .standard), forms: forms) == nil)
        // Without the toy's line, the same strings are no wire.
        #expect(Wire.difference(expected: expected, actual: wire(2), forms: Packs.wireForms) == nil)
        // The generators spell it as a wire (its prefix repeated or cut) and draw it in its alphabet.
        #expect(Spellings.applicable(expected, forms: forms).contains(.prefixRepeated))
        #expect(!Spellings.applicable(expected, forms: Packs.wireForms).contains(.prefixRepeated))
        // Its blobs drawn in its alphabet (URL-safe, unpadded); without its line, in base64's.
        func drawn(_ forms: [WireForm]) throws -> [String] {
            var rng = SeededRandom(seed: 5)
            var pairs = KeyPairs()
            return try (0..<200).map { _ in try #require(FieldGenerators.generate(.wire(prefix: "toy:v1:", minimum: 20), forms: forms, rng: &rng, pairs: &pairs).text) }
                .filter { $0.hasPrefix("toy:v1:") && !$0.hasPrefix("toy:v1:toy:v1:") }
        }
        func standard(_ t: String) -> Bool { t.contains("+") || t.contains("/") || t.contains("=") }
        let toy = try drawn(forms), other = try drawn(Packs.wireForms)
        #expect(toy.count > 100 && !toy.contains(where: standard), "\(toy.filter(standard))")
        #expect(other.contains(where: standard))
    }

    @Test func aBrokenPackIsNamed() {
        var wrong = Self.toy
        wrong.suites = [Suite(name: "other.echo", contract: "toy", summary: "", ops: Self.echo.ops, implementations: [])]
        #expect(Registry.problems(Packs.all + [wrong]) == ["suite other.echo does not start with toy."])
        #expect(Registry.problems(Packs.all + [Self.toy, Self.toy]).contains("pack toy is listed twice"))
        #expect(Registry.problems(Packs.all + [Self.toy, Self.toy]).contains("fresh kind toy-message is given twice"))
        // A record type of a name another pack defines otherwise, or of a shared type's name.
        var answer = Self.toy
        var other = Self.tally
        other.name = "answer"
        answer.suites = [Suite(name: "toy.answer", contract: "toy", summary: "", ops: [OpSpec(nil, inputs: [FieldSpec("a", .record(other))], expects: [])], implementations: [])]
        #expect(Registry.problems(Packs.all + [answer]).contains("record type answer is defined twice, differently (pack toy)"), "\(Registry.problems(Packs.all + [answer]))")
        other.name = "bytes"
        answer.suites = [Suite(name: "toy.bytes", contract: "toy", summary: "", ops: [OpSpec(nil, inputs: [FieldSpec("a", .record(other))], expects: [])], implementations: [])]
        #expect(Registry.problems(Packs.all + [answer]).contains("record type bytes of pack toy is named like a shared type"))
        // A wire prefix another pack declares, or one that starts another, would be read as the first.
        var clash = Self.toy
        clash.wireForms = [WireForm(prefix: "enc:v1:", alphabet: .url, blob: .whole), WireForm(prefix: "enc:", alphabet: .url, blob: .whole),
                           WireForm(prefix: "", alphabet: .url, blob: .whole)]
        #expect(Registry.problems(Packs.all + [clash]) == [
            "wire prefix \"enc:v1:\" is declared by closer and toy",
            "wire prefix \"enc:\" (toy) and \"enc:v1:\" (closer): one starts the other",
            "wire prefix \"enc:\" (toy) and \"enc:v1:\" (toy): one starts the other",
            "pack toy declares a wire form without a prefix",
        ])
    }
}
