/// docs/commands.md: the command reference, printed by `concord help --markdown` from the same
/// declarations (`CommandSpec`, `OptionSpec`) as the parser, the usage and every `--help`, so that a
/// command or option added to a declaration is in the reference once it is regenerated
/// (`concord help --markdown > docs/commands.md`; `CommandReferenceTests` fails, naming the command,
/// while the committed page differs).
enum CommandReference {
    /// The command to run to regenerate the page, as the page and the test name it.
    static let regenerate = "concord help --markdown > docs/commands.md"

    /// The whole page: the commands with their briefs, then a section per command in `commands` order.
    static func markdown(_ commands: [CommandSpec]) -> String {
        var out = [
            "# Command reference",
            "",
            "<!-- Generated from the command declarations in Sources/concord by `\(regenerate)`; do not edit",
            "     by hand (CommandReferenceTests fails while this page differs from what the binary prints). -->",
            "",
            "Every command, its arguments and every option, as `concord help COMMAND` (or `concord COMMAND",
            "--help`, `-h`) prints them. An unknown option is refused with the closest known one. What the",
            "commands are for, with examples: the [README](../README.md); what they share, which vectors a run",
            "covers and what it prints: [running.md](running.md).",
            "",
            "| command | what it does |",
            "|---|---|",
        ]
        for c in commands {
            out.append("| [`concord \(c.name)`](#\(anchor(c.name))) | \(escape(c.brief)) |")
        }
        out.append("| `concord help [COMMAND]` | the usage of every command, or one command's usage and every option (`--markdown`: this page) |")
        out.append("| `concord --version` | print the version |")
        out += ["", escape(Common.exitNote.prefix(1).uppercased() + Common.exitNote.dropFirst()) + ".", ""]
        for c in commands { out += c.markdownSection }
        return out.joined(separator: "\n")
    }

    /// GitHub's anchor of the heading "`concord NAME`".
    static func anchor(_ name: String) -> String { "concord-" + name.lowercased() }

    /// Text from a declaration, with the characters Markdown would read as markup escaped.
    static func escape(_ s: String) -> String {
        var out = ""
        for ch in s {
            if "\\`*_[]<>|".contains(ch) { out.append("\\") }
            out.append(ch)
        }
        return out
    }
}

extension CommandSpec {
    /// This command's section of docs/commands.md: its usage as `--help` wraps it, its summary, one
    /// item per option (every spelling), its notes.
    var markdownSection: [String] {
        let usage = helpText.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }
            .map { String($0.dropFirst(7)) }  // "usage: ", or the indent that aligns a wrapped line
        var out = ["## `concord \(name)`", "", "```"] + usage + ["```", ""]
        out.append(CommandReference.escape(summary.split(separator: "\n").joined(separator: " ")))
        out += ["", "Options:", ""]
        for o in allOptions {
            var spellings = [(o.short.map { "-\($0)" }), "--" + o.name].compactMap { $0 } + o.aliases.map { "--" + $0 }
            if let v = o.valueName { spellings = spellings.map { $0 + " " + v } }
            out.append("- " + spellings.map { "`\($0)`" }.joined(separator: ", ") + " — " + CommandReference.escape(o.help))
        }
        for n in notes { out += ["", CommandReference.escape(n)] }
        out.append("")
        return out
    }
}
