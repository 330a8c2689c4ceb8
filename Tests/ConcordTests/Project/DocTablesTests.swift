import ConcordImplementations
import ConcordLoading
import ConcordSuites
import Foundation
import Testing
import ConcordTestSupport
import ConcordPacks

/// The rows of the first Markdown table after the line `heading` in `text`, each row's cells trimmed
/// (the header and the `|---|` line left out). A `\|` inside a cell is kept as `|`.
func markdownTable(_ text: String, after heading: String) -> [[String]] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let start = lines.firstIndex(of: heading) else { return [] }
    var rows: [[String]] = []
    var inTable = false
    for line in lines[(start + 1)...] {
        if line.hasPrefix("|") {
            inTable = true
            let cells = line.replacingOccurrences(of: "\\|", with: "\u{0}").split(separator: "|", omittingEmptySubsequences: false)
                .dropFirst().dropLast().map { $0.replacingOccurrences(of: "\u{0}", with: "|").trimmingCharacters(in: .whitespaces) }
            rows.append(cells)
        } else if inTable {
            break
        } else if line.hasPrefix("#") {
            break
        }
    }
    // The header and the separator line.
    return Array(rows.dropFirst(2))
}

/// The `code spans` of a Markdown text, in order.
func codeSpans(_ s: String) -> [String] {
    s.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
}

/// The suites a list of code spans names: a canonical name or an alias, or `pack.*` for every suite
/// of a pack; `unsupported` (the answer, in a limit's note) is no name. Anything else is returned as
/// not a suite.
func suitesNamed(_ spans: [String]) -> (suites: Set<String>, notSuites: [String]) {
    var suites = Set<String>(), other: [String] = []
    for s in spans where s != "unsupported" {
        if s.hasSuffix(".*"), let pack = Contracts.named(String(s.dropLast(2))) {
            suites.formUnion(pack.suites.map(\.name))
        } else if let suite = Suites.resolve(s) {
            suites.insert(suite.name)
        } else {
            other.append(s)
        }
    }
    return (suites, other)
}

func readText(_ relative: String) -> String {
    (try? String(contentsOfFile: repositoryRoot + "/" + relative, encoding: .utf8)) ?? ""
}

/// What a table's suite list must hold, and what it gets wrong, in words a reader can act on.
func suiteListProblems(_ named: Set<String>, _ notSuites: [String], expected: Set<String>) -> String? {
    var problems: [String] = []
    let missing = expected.subtracting(named), extra = named.subtracting(expected)
    if !missing.isEmpty { problems.append("lacks \(missing.sorted().map { "`\($0)`" }.joined(separator: ", "))") }
    if !extra.isEmpty { problems.append("names \(extra.sorted().map { "`\($0)`" }.joined(separator: ", ")), which it does not run") }
    if !notSuites.isEmpty { problems.append("has code spans that are no suite: \(notSuites.map { "`\($0)`" }.joined(separator: ", "))") }
    return problems.isEmpty ? nil : problems.joined(separator: "; ")
}

/// Every table a reader sees about suites, implementations and vector files is held to the
/// definitions (issue 27 item 3): the suites' `implementations` (which the registrations and the
/// adapters' handshakes are held to elsewhere), the packs, the aliases, and the files in vectors/.
@Suite struct DocTablesTests {
    /// docs/implementations.md's table: one row per implementation of `Catalog.names`, in order,
    /// whose suites column names exactly the suites the definitions give it (`pack.*` for a whole pack).
    @Test func theImplementationsTableNamesEverySuiteEachImplementationRuns() {
        let rows = markdownTable(readText("docs/implementations.md"), after: "## The built-in implementations")
        #expect(rows.map { codeSpans($0.first ?? "").first ?? "" } == Catalog.names, "docs/implementations.md's rows")
        for row in rows where row.count == 3 {
            let name = codeSpans(row[0]).first ?? ""
            let (named, other) = suitesNamed(codeSpans(row[2]))
            if let p = suiteListProblems(named, other, expected: Suites.expected(of: name)) {
                Issue.record("docs/implementations.md, row \(name): \(p)")
            }
        }
    }

    /// docs/adapters.md's table of the suites each adapter announces.
    @Test func theAdaptersPageListsEverySuiteEachAdapterAnnounces() {
        let rows = markdownTable(readText("docs/adapters.md"), after: "## The adapters' suites")
        let settings = Catalog.Settings(home: repositoryRoot)
        let external = Catalog.names.filter { !(Catalog.make($0, settings: settings) is InProcessImplementation) }
        #expect(external == Catalog.adapters, "Catalog.adapters against what Catalog.make builds")
        #expect(rows.map { codeSpans($0.first ?? "").first ?? "" } == external, "docs/adapters.md's rows")
        for row in rows where row.count == 2 {
            let name = codeSpans(row[0]).first ?? ""
            let (named, other) = suitesNamed(codeSpans(row[1]))
            if let p = suiteListProblems(named, other, expected: Suites.expected(of: name)) {
                Issue.record("docs/adapters.md, the adapters' suites, row \(name): \(p)")
            }
        }
    }

    /// docs/web-adapters.md's per-adapter tables: one row per suite (the first cell), every suite the
    /// definitions give the adapter, none else.
    @Test(arguments: [("node", "## `node`"), ("webcrypto", "### What Web Crypto can express")])
    func theWebAdaptersPageHasARowForEverySuiteOfEachAdapter(adapter: String, heading: String) {
        let rows = markdownTable(readText("docs/web-adapters.md"), after: heading)
        // The first cell may name ops beside the suite (`aes-gcm` `seal` / `open`): those are no suites.
        let named = suitesNamed(rows.flatMap { codeSpans($0.first ?? "") }).suites
        #expect(rows.count >= 5, "docs/web-adapters.md, \(heading): no table")
        if let p = suiteListProblems(named, [], expected: Suites.expected(of: adapter)) {
            Issue.record("docs/web-adapters.md, \(heading): \(p)")
        }
    }

    static let numberWords = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                              "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
                              "nineteen", "twenty"]

    static func count(_ n: Int, _ noun: String) -> String {
        (n < numberWords.count ? numberWords[n] : String(n)) + " " + noun + (n == 1 ? "" : "s")
    }

    /// docs/contracts/README.md: the packs table (each pack's suite count), the primitive suites it
    /// names, and the alias table.
    @Test func theContractsPageCountsEveryPacksSuitesAndNamesEveryPrimitiveAndAlias() {
        let text = readText("docs/contracts/README.md")
        let rows = markdownTable(text, after: "## The packs")
        #expect(rows.map { codeSpans($0.first ?? "").first ?? "" } == Contracts.all.map(\.name), "the packs table's rows")
        for (row, pack) in zip(rows, Contracts.all) where row.count >= 2 {
            let want = "in use: " + Self.count(pack.suites.count, "suite")
            #expect(row[1] == want, "docs/contracts/README.md, pack \(pack.name): \"\(row[1])\", expected \"\(want)\"")
        }
        let primitives = Set(Suites.list.filter { $0.contract == nil }.map(\.name))
        let paragraph = text.components(separatedBy: "\n\n").first { $0.contains("**Primitive suites belong to no pack**") } ?? ""
        let (named, other) = suitesNamed(codeSpans(paragraph.components(separatedBy: " check one").first ?? ""))
        if let p = suiteListProblems(named, other, expected: primitives) {
            Issue.record("docs/contracts/README.md, the primitive suites paragraph: \(p)")
        }
        let aliases = markdownTable(text, after: "## Suite names: old and canonical").map { $0.map { codeSpans($0).first ?? $0 } }
        let want = Suites.list.flatMap { s in s.aliases.map { [$0, s.name] } }
        #expect(aliases == want, "docs/contracts/README.md's alias table")
    }

    /// Every vector file under vectors/, relative to it, sorted.
    static func vectorFiles() -> [String] {
        let root = repositoryRoot + "/vectors/"
        let all = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
        // A pack's scenarios (vectors/<pack>/scenarios/) are not vector files: docs/scenarios.md lists them
        // (ScenarioTests.theScenariosPageListsEveryScenario).
        return all.filter { p in
            [".yaml", ".yml", ".json"].contains { p.hasSuffix($0) } && !p.split(separator: "/").contains { $0.hasPrefix(".") }
                && !p.split(separator: "/").contains("scenarios")
        }.sorted()
    }

    /// What vectors/README.md says of a file's vectors: `N valid, N invalid, N acceptable` (zeros left
    /// out), then `(N roundtrip)` when some are round trips.
    static func countsCell(_ vectors: [Vector]) -> String {
        let parts = ResultKind.allCases.compactMap { k -> String? in
            let n = vectors.filter { $0.result == k }.count
            return n == 0 ? nil : "\(n) \(k.rawValue)"
        }
        let roundtrips = vectors.filter { $0.op == "roundtrip" }.count
        return parts.joined(separator: ", ") + (roundtrips > 0 ? " (\(roundtrips) roundtrip)" : "")
    }

    /// vectors/README.md's Files table: one row per file of vectors/ (each file in exactly one row),
    /// with the suite and the counts the loader reads from it.
    @Test func theVectorsReadmeListsEveryFileWithItsSuiteAndCounts() {
        let files = Self.vectorFiles()
        #expect(files.count >= 70)
        let loaded = VectorLoader().load(.paths([repositoryRoot + "/vectors"]))
        let (vectors, errors) = (loaded.vectors, loaded.errors)
        #expect(errors.isEmpty, "\(errors)")
        let root = repositoryRoot + "/vectors/"
        let byFile = Dictionary(grouping: vectors) { $0.file.hasPrefix(root) ? String($0.file.dropFirst(root.count)) : $0.file }
        let rows = markdownTable(readText("vectors/README.md"), after: "## Files")
        var listed: [String: Int] = [:]
        for row in rows where row.count == 4 {
            let file = codeSpans(row[0]).first ?? row[0]
            listed[file, default: 0] += 1
            let vs = byFile[file] ?? []
            if vs.isEmpty { Issue.record("vectors/README.md lists \(file), which holds no vector in vectors/"); continue }
            let suites = Set(vs.map(\.suite)).sorted().joined(separator: ", ")
            #expect(row[1] == suites, "vectors/README.md, \(file): suite \"\(row[1])\", expected \"\(suites)\"")
            let counts = Self.countsCell(vs)
            #expect(row[2] == counts, "vectors/README.md, \(file): counts \"\(row[2])\", expected \"\(counts)\"")
        }
        for f in files where listed[f] != 1 {
            Issue.record("vectors/README.md's Files table lists \(f) \(listed[f] ?? 0) times, expected once")
        }
    }

    /// vectors/PROVENANCE.md names every file of vectors/ (by its path under vectors/) in a section
    /// heading or as a code span of the section that tells where its expected values come from.
    /// Where a heading gives a file's count (`## a.yaml (17 vectors)`, `a.yaml (8) and b.yaml (35)`, `(34: …)`),
    /// it is the number of vectors the loader reads from it; the Wycheproof table's `tests` column
    /// (`325 in 10 groups: 256 valid, 0 acceptable, 69 invalid`) is the loader's too.
    @Test func theProvenancePageNamesEveryVectorFile() {
        let text = readText("vectors/PROVENANCE.md")
        let headingLines = text.split(separator: "\n").filter { $0.hasPrefix("## ") }.map(String.init)
        let headings = headingLines.joined(separator: "\n")
        let spans = Set(codeSpans(text))
        let files = Self.vectorFiles()
        // The first cell of a table row names a file too (`| justsend/seal/seal.yaml | 18: … |`), and
        // a number and a colon at the start of its second cell is its count.
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| ") }.map {
            $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let rowFiles = Set(rows.compactMap { $0.first.map { $0.replacingOccurrences(of: "`", with: "") } })
        for f in files where !headings.contains(f) && !spans.contains(f) && !rowFiles.contains(f) {
            Issue.record("vectors/PROVENANCE.md does not name \(f) (a section heading or a code span saying where its expected values come from)")
        }
        let loaded = VectorLoader().load(.paths([repositoryRoot + "/vectors"]))
        let (vectors, _) = (loaded.vectors, loaded.errors)
        let root = repositoryRoot + "/vectors/"
        let byFile = Dictionary(grouping: vectors) { $0.file.hasPrefix(root) ? String($0.file.dropFirst(root.count)) : $0.file }
        var checked = 0
        for h in headingLines {
            for f in files {
                guard let r = h.range(of: f + " ("), let n = Int(h[r.upperBound...].prefix { $0.isNumber }) else { continue }
                checked += 1
                #expect(n == byFile[f]?.count, "vectors/PROVENANCE.md heading \"\(h)\": \(f) has \(byFile[f]?.count ?? 0) vectors, not \(n)")
            }
        }
        for row in rows where row.count >= 2 {
            let f = row[0].replacingOccurrences(of: "`", with: "")
            let digits = row[1].prefix { $0.isNumber }
            guard files.contains(f), row[1].dropFirst(digits.count).hasPrefix(":"), let n = Int(digits) else { continue }
            checked += 1
            #expect(n == byFile[f]?.count, "vectors/PROVENANCE.md table row \(f): \(byFile[f]?.count ?? 0) vectors, not \(n)")
        }
        #expect(checked >= 30, "headings and rows with counts")
        for row in markdownTable(text, after: "## wycheproof/ — the issue-14 files, copied unmodified") where row.count >= 5 {
            let f = codeSpans(row[0]).first ?? ""
            let vs = byFile[f] ?? []
            let n = { (k: ResultKind) in vs.filter { $0.result == k }.count }
            let groups = row[4].split(separator: " ").dropFirst(2).first.map(String.init) ?? ""
            let want = "\(vs.count) in \(groups) group\(groups == "1" ? "" : "s"): \(n(.valid)) valid, \(n(.acceptable)) acceptable, \(n(.invalid)) invalid"
            #expect(row[4] == want, "vectors/PROVENANCE.md, \(f): \"\(row[4])\", the loader reads \"\(want)\"")
        }
    }

    /// docs/design.md's map (its first code block) names every module of Sources/ and no module that
    /// is gone: the map a reader follows to find a room is the package as it is.
    @Test func theDesignMapNamesEveryModule() throws {
        let map = readText("docs/design.md").components(separatedBy: "```").dropFirst().first ?? ""
        #expect(!map.isEmpty, "docs/design.md has no map")
        let modules = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/Sources").filter { !$0.hasPrefix(".") }
        for m in modules where map.range(of: #"(?<![A-Za-z])"# + m + #"(?![A-Za-z])"#, options: .regularExpression) == nil {
            Issue.record("docs/design.md's map lacks the module \(m) (Sources/\(m))")
        }
        for m in map.matches(of: /\b(Concord[A-Z][A-Za-z]*)\b/) where !modules.contains(String(m.output.1)) {
            Issue.record("docs/design.md's map names \(m.output.1), which is not a module in Sources/")
        }
    }
}
