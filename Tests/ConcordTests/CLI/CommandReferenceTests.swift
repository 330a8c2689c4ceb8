import Foundation
import Testing
import ConcordTestSupport

/// docs/commands.md is generated from the command declarations (`concord help --markdown`), and the
/// committed page is held to what the built binary prints; the README names every command and links
/// there. Expected values are the binary's own `--help` texts, read independently of the generator.
@Suite(.serialized) struct CommandReferenceTests {
    static let page = "docs/commands.md"
    static let regenerate = "swift build && .build/debug/concord help --markdown > docs/commands.md"

    func concord(_ args: [String]) throws -> ProcessOutput {
        var env = ProcessInfo.processInfo.environment
        env["CONCORD_HOME"] = repositoryRoot
        return try runProcess(concordBinary, args, environment: env, timeout: 60)
    }

    /// The commands, read from `concord help` (the binary's list, made from the declarations).
    func commands() throws -> [String] {
        let help = try concord(["help"]).stdout
        let list = help.components(separatedBy: "commands:\n").dropFirst().first ?? ""
        let names = list.split(separator: "\n").prefix { $0.hasPrefix("  ") }.compactMap { line -> String? in
            let name = line.split(separator: " ").first.map(String.init) ?? ""
            return name == "help" || name.hasPrefix("-") ? nil : name
        }
        // A parse that found nothing (or lost the commands every version has) would make every
        // check below vacuous: refused.
        try #require(Set(["run", "fill", "diff", "scenario", "explore"]).isSubset(of: Set(names)), "concord help lists \(names)")
        return names
    }

    /// A page's sections by command: the text from "## `concord NAME`" to the next "## ".
    static func sections(_ text: String) -> [String: String] {
        var out: [String: String] = [:]
        for part in text.components(separatedBy: "\n## ").dropFirst() {
            guard part.hasPrefix("`concord "), let end = part.dropFirst(9).firstIndex(of: "`") else { continue }
            out[String(part[part.index(part.startIndex, offsetBy: 9)..<end])] = part
        }
        return out
    }

    /// The option spellings of one command's `--help`: every `--name` on its option lines (the
    /// `(also --other)` spellings included).
    func options(of command: String) throws -> [String] {
        let help = try concord(["help", command]).stdout
        let lines = help.components(separatedBy: "\noptions:\n").dropFirst().first?.components(separatedBy: "\n\n").first ?? ""
        return lines.matches(of: /--[a-z][a-z0-9-]*/).map { String($0.output) }
    }

    @Test func theCommittedReferenceIsWhatTheBinaryPrints() throws {
        let printed = try concord(["help", "--markdown"])
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(printed.stdout.hasPrefix("# Command reference\n"), "\(printed.stdout.prefix(200))")
        let committed = (try? String(contentsOfFile: repositoryRoot + "/" + Self.page, encoding: .utf8)) ?? ""
        guard committed != printed.stdout else { return }
        // Name what differs: each command whose section is missing, extra or changed, else the head.
        let (want, have) = (Self.sections(printed.stdout), Self.sections(committed))
        var stale = want.keys.filter { want[$0] != have[$0] }.sorted().map { "concord \($0)" }
        stale += have.keys.filter { want[$0] == nil }.sorted().map { "concord \($0) (no longer a command)" }
        if stale.isEmpty { stale = ["the page's head (the command table or the exit note)"] }
        Issue.record("\(Self.page) differs from `concord help --markdown` in: \(stale.joined(separator: ", ")). Regenerate it: \(Self.regenerate)")
    }

    /// The check that the README's Commands section used to carry, now on the generated page: every
    /// command has its section there, naming every option spelling its `--help` shows, and the
    /// section lists no option that command does not have.
    @Test func theReferenceNamesEveryCommandAndOption() throws {
        let text = try String(contentsOfFile: repositoryRoot + "/" + Self.page, encoding: .utf8)
        let sections = Self.sections(text)
        for c in try commands() {
            guard let section = sections[c] else {
                Issue.record("\(Self.page) has no section for concord \(c). Regenerate it: \(Self.regenerate)")
                continue
            }
            let known = Set(try options(of: c))
            #expect(known.contains("--help"), "concord help \(c) lists no options")
            for o in known where section.range(of: "`" + o + #"(?![a-z0-9-])"#, options: .regularExpression) == nil {
                Issue.record("\(Self.page): concord \(c) lacks \(o). Regenerate it: \(Self.regenerate)")
            }
            // Its option items ("- `-j N`, `--jobs N` — …") name only options it has (its summary
            // may name another command's, as merge's names run --shard).
            for item in section.split(separator: "\n") where item.hasPrefix("- `") {
                let spellings = item.components(separatedBy: " — ").first ?? ""
                for m in spellings.matches(of: /`(--[a-z][a-z0-9-]*)/) where !known.contains(String(m.output.1)) {
                    Issue.record("\(Self.page): concord \(c) lists \(m.output.1), which concord help \(c) does not have")
                }
            }
        }
        for name in sections.keys where !(try commands()).contains(name) {
            Issue.record("\(Self.page) has a section for concord \(name), which is not a command")
        }
    }

    /// The README names the commands (one line each, linking to the reference) and no option that
    /// no command has.
    @Test func theReadmeNamesEveryCommand() throws {
        let readme = try String(contentsOfFile: repositoryRoot + "/README.md", encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "\n## Commands").dropFirst().first?.components(separatedBy: "\n## ").first,
                                   "README.md has no ## Commands section")
        #expect(section.contains("(docs/commands.md)"), "README's Commands section does not link docs/commands.md")
        var known: Set<String> = ["--help", "--version", "--markdown"]
        for c in try commands() {
            #expect(section.contains("`concord \(c)"), "README's Commands section lacks concord \(c)")
            known.formUnion(try options(of: c))
        }
        for m in section.matches(of: /--[a-z][a-z0-9-]*/) {
            #expect(known.contains(String(m.output)), "README names \(m.output), which no command has")
        }
    }

    /// Each command reads its options as typed fields (`struct Options: CommandOptions`), filled
    /// through the declarations that also make its usage, --help and its section here: a misspelt
    /// option is a compile error. No command code looks an option up by name, where a misspelt key
    /// was a silent nil (`o.values["implementatons"]`); only the parser and the declarations'
    /// fields (Options.swift) read the parsed words.
    @Test func commandsReadTheirOptionsAsTypedFieldsNeverByName() throws {
        let folder = repositoryRoot + "/Sources/concord"
        for file in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() where file.hasSuffix(".swift") && file != "Options.swift" {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if line.contains(/\.(values|lists)\[/) || line.contains(/\.flags\.contains\(/) || line.contains(/\.(integer|number|unsigned)\("/) {
                    Issue.record("Sources/concord/\(file):\(n + 1) reads an option by name: \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
            // Every command declares its options as a typed struct.
            if text.contains(": Command {") {
                #expect(text.contains("struct Options: CommandOptions"), "\(file) declares no typed options")
            }
        }
    }

    /// What every command repeats lives in the Session (ConcordWorkflows), so that each command is
    /// its typed options and a short `run` (at most 60 lines; its phases are functions of its own).
    @Test func everyCommandsRunIsShort() throws {
        let folder = repositoryRoot + "/Sources/concord"
        var measured = 0
        for file in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() where file.hasSuffix("Command.swift") {
            let lines = try String(contentsOfFile: folder + "/" + file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            guard let start = lines.firstIndex(where: { $0.hasPrefix("    static func run(") }),
                  let end = lines[start...].firstIndex(where: { $0 == "    }" }) else { continue }
            measured += 1
            #expect(end - start + 1 <= 60, "Sources/concord/\(file): run is \(end - start + 1) lines; move a phase into a function (or into Session)")
        }
        #expect(measured >= 14, "only \(measured) commands' run found")
    }
}
