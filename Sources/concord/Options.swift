import ConcordWorkflows

/// The command-line machinery: each command declares its options once (`CommandSpec`), and its
/// parsing, its usage line and its `--help` text all come from that declaration (the pattern of
/// swift-argument-parser, in the small). Anything unknown or malformed is a `UsageError` (exit 2).
struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

/// One option: `--name VALUE` (or `--name=VALUE`), its other spellings, its one-letter form.
struct OptionSpec: Sendable {
    enum Kind: Sendable {
        /// Takes no value.
        case flag
        /// Takes a value; given at most once.
        case value
        /// Takes a value; may be given several times, in order.
        case repeatable
    }
    var name: String
    var aliases: [String] = []
    var short: Character?
    var valueName: String?
    var help: String
    var kind: Kind

    static func flag(_ name: String, short: Character? = nil, aliases: [String] = [], _ help: String) -> OptionSpec {
        OptionSpec(name: name, aliases: aliases, short: short, valueName: nil, help: help, kind: .flag)
    }
    static func value(_ name: String, _ valueName: String, short: Character? = nil, aliases: [String] = [], _ help: String) -> OptionSpec {
        OptionSpec(name: name, aliases: aliases, short: short, valueName: valueName, help: help, kind: .value)
    }
    static func repeatable(_ name: String, _ valueName: String, short: Character? = nil, aliases: [String] = [], _ help: String) -> OptionSpec {
        OptionSpec(name: name, aliases: aliases, short: short, valueName: valueName, help: help + " (repeatable)", kind: .repeatable)
    }

    /// `-j, --jobs N` as the help shows it, with the other spellings after it.
    var label: String {
        var s = (short.map { "-\($0), " } ?? "    ") + "--" + name
        if let v = valueName { s += " " + v }
        return s
    }
}

/// A command: its name, its arguments, what it does, its options, and notes under its help.
struct CommandSpec: Sendable {
    var name: String
    /// The positional arguments as the usage shows them (`[PATH…]`).
    var arguments: String
    /// One line for the global usage.
    var brief: String
    var summary: String
    var options: [OptionSpec]
    var notes: [String] = []

    static let help = OptionSpec.flag("help", short: "h", "show this help and exit")

    var allOptions: [OptionSpec] { options + [Self.help] }

    /// The pieces of the usage line: `concord`, the name, the arguments, each option in brackets.
    var usageParts: [String] {
        var parts = ["concord", name]
        if !arguments.isEmpty { parts.append(arguments) }
        for o in options {
            let head = o.short.map { "-\($0)" } ?? "--" + o.name
            parts.append("[" + head + (o.valueName.map { " " + $0 } ?? "") + "]" + (o.kind == .repeatable ? "…" : ""))
        }
        return parts
    }

    /// `concord run [PATH…] [-j N] [--report PATH] …`: every option, in declaration order.
    var usageLine: String { usageParts.joined(separator: " ") }

    /// The full `--help` text: usage, summary, one line per option (its other spellings after it), notes.
    var helpText: String {
        var usage: [String] = []
        var current = "usage:"
        let indent = String(repeating: " ", count: 7 + 8 + name.count + 1)
        for part in usageParts {
            if current.count + 1 + part.count > 100 && current != "usage:" && !current.allSatisfy({ $0 == " " }) {
                usage.append(current)
                current = indent + part
            } else {
                current += (current.hasSuffix(" ") ? "" : " ") + part
            }
        }
        usage.append(current)
        var out = usage + ["", summary, "", "options:"]
        let width = min(34, (allOptions.map(\.label.count).max() ?? 0) + 2)
        for o in allOptions {
            var line = "  " + o.label
            line += line.count < width + 2 ? String(repeating: " ", count: width + 2 - line.count) : "\n" + String(repeating: " ", count: width + 2)
            line += o.help
            if !o.aliases.isEmpty { line += " (also " + o.aliases.map { "--" + $0 }.joined(separator: ", ") + ")" }
            out.append(line)
        }
        if !notes.isEmpty { out.append(""); out += notes }
        return out.joined(separator: "\n") + "\n"
    }

    func option(named n: String) -> OptionSpec? { allOptions.first { $0.name == n || $0.aliases.contains(n) } }
    func option(short c: Character) -> OptionSpec? { allOptions.first { $0.short == c } }

    /// The closest known spelling to an unknown `--name`, when one is close enough to be a typo.
    func suggestion(for unknown: String) -> String? {
        let names = allOptions.flatMap { [$0.name] + $0.aliases }
        let scored = names.map { ($0, Session.editDistance(unknown, $0)) }.min { $0.1 < $1.1 }
        guard let (best, d) = scored, d <= max(2, best.count / 3) else {
            return names.first { $0.hasPrefix(unknown) && unknown.count >= 3 }
        }
        return best
    }

    /// Parses `args`: `--name VALUE`, `--name=VALUE`, `-x VALUE`, `-xVALUE`, flags, `--` and
    /// positional arguments (a lone `-` is positional).
    func parse(_ args: [String]) throws(UsageError) -> RawOptions {
        var o = RawOptions()
        var i = 0
        var onlyPositional = false
        func take(_ spec: OptionSpec, _ inline: String?, shown: String) throws(UsageError) {
            switch spec.kind {
            case .flag:
                if inline != nil { throw UsageError("\(shown) takes no value") }
                o.flags.insert(spec.name)
            case .value, .repeatable:
                var value = inline
                if value == nil {
                    guard i < args.count else { throw UsageError("\(shown) needs a value (\(spec.valueName ?? "VALUE"))") }
                    value = args[i]
                    i += 1
                }
                if spec.kind == .repeatable {
                    o.lists[spec.name, default: []].append(value!)
                } else {
                    if o.values[spec.name] != nil { throw UsageError("--\(spec.name) is given twice") }
                    o.values[spec.name] = value
                }
            }
        }
        while i < args.count {
            let a = args[i]
            i += 1
            if onlyPositional || !a.hasPrefix("-") || a == "-" {
                o.positional.append(a)
                continue
            }
            if a == "--" { onlyPositional = true; continue }
            if a.hasPrefix("--") {
                var name = String(a.dropFirst(2))
                var inline: String? = nil
                if let eq = name.firstIndex(of: "=") {
                    inline = String(name[name.index(after: eq)...])
                    name = String(name[..<eq])
                }
                guard let spec = option(named: name) else {
                    let hint = suggestion(for: name).map { " (did you mean --\($0)?)" } ?? ""
                    throw UsageError("unknown option --\(name)\(hint); concord help \(self.name) lists the options")
                }
                try take(spec, inline, shown: "--" + name)
            } else {
                // -x, -xVALUE
                let c = a[a.index(after: a.startIndex)]
                guard let spec = option(short: c) else {
                    throw UsageError("unknown option \(a); concord help \(self.name) lists the options")
                }
                let rest = String(a.dropFirst(2))
                if spec.kind == .flag && !rest.isEmpty {
                    // -qv: several one-letter flags together.
                    let more = rest.map { option(short: $0) }
                    guard more.allSatisfy({ $0?.kind == .flag }) else {
                        throw UsageError("unknown option \(a); concord help \(self.name) lists the options")
                    }
                    o.flags.insert(spec.name)
                    for m in more { o.flags.insert(m!.name) }
                    continue
                }
                try take(spec, rest.isEmpty ? nil : rest, shown: "-\(c)")
            }
        }
        return o
    }
}

/// What a command line said, by each option's canonical name: the parser's output, read only by
/// the declarations (`Arg`) that fill a command's typed options; command code never looks a name up.
struct RawOptions {
    var positional: [String] = []
    var values: [String: String] = [:]
    /// Options that may be given several times (`--captured A --captured B`), in order.
    var lists: [String: [String]] = [:]
    var flags: Set<String> = []

    var wantsHelp: Bool { flags.contains("help") }

    func integer(_ name: String, min: Int64 = 1) throws(UsageError) -> Int64? {
        guard let s = values[name] else { return nil }
        guard let v = Int64(s) else {
            // Digits that do not fit are out of range, not "not an integer".
            if s.drop(while: { $0 == "+" }).allSatisfy(\.isASCIIDigitCharacter), !s.isEmpty, s.first != "-" {
                throw UsageError("--\(name) \(s) is out of range: at most \(Int64.max)")
            }
            throw UsageError("--\(name) needs an integer ≥ \(min), got \"\(s)\"")
        }
        // An integer below the minimum (`--cases 0`) is not out of range above.
        guard v >= min else { throw UsageError("--\(name) needs an integer ≥ \(min), got \"\(s)\"") }
        return v
    }

    /// An unsigned 64-bit limit (`--max-kdf-work`, `--max-kdf-memory`): up to 18446744073709551615
    /// (no limit in practice).
    func unsigned(_ name: String, min: UInt64 = 1) throws(UsageError) -> UInt64? {
        guard let s = values[name] else { return nil }
        guard let v = UInt64(s) else {
            if !s.isEmpty, s.allSatisfy(\.isASCIIDigitCharacter) {
                throw UsageError("--\(name) \(s) is out of range: at most \(UInt64.max)")
            }
            throw UsageError("--\(name) needs an integer ≥ \(min), got \"\(s)\"")
        }
        guard v >= min else { throw UsageError("--\(name) needs an integer ≥ \(min), got \"\(s)\"") }
        return v
    }

    func number(_ name: String) throws(UsageError) -> Double? {
        guard let s = values[name] else { return nil }
        guard let v = Double(s), v > 0, v.isFinite else { throw UsageError("--\(name) needs a positive number, got \"\(s)\"") }
        return v
    }
}

extension Character {
    var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}

/// One option of a command's typed options (`Root`): its declaration (`OptionSpec`: the parser,
/// the usage, `--help` and docs/commands.md read it) and the field its value goes to, by key path,
/// so that a misspelt option is a compile error, never a nil.
struct Arg<Root> {
    var spec: OptionSpec
    var apply: (inout Root, RawOptions) throws(UsageError) -> Void

    static func flag(_ field: WritableKeyPath<Root, Bool>, _ spec: OptionSpec) -> Arg {
        Arg(spec: spec) { r, o throws(UsageError) in r[keyPath: field] = o.flags.contains(spec.name) }
    }
    static func value(_ field: WritableKeyPath<Root, String?>, _ spec: OptionSpec) -> Arg {
        Arg(spec: spec) { r, o throws(UsageError) in r[keyPath: field] = o.values[spec.name] }
    }
    static func list(_ field: WritableKeyPath<Root, [String]>, _ spec: OptionSpec) -> Arg {
        Arg(spec: spec) { r, o throws(UsageError) in r[keyPath: field] = o.lists[spec.name] ?? [] }
    }
    /// An integer ≥ `min`, read as it is parsed (`--jobs 0`: exit 2 with the option's name).
    static func integer(_ field: WritableKeyPath<Root, Int64?>, min: Int64 = 1, _ spec: OptionSpec) -> Arg {
        Arg(spec: spec) { r, o throws(UsageError) in r[keyPath: field] = try o.integer(spec.name, min: min) }
    }
    static func unsigned(_ field: WritableKeyPath<Root, UInt64?>, _ spec: OptionSpec) -> Arg {
        Arg(spec: spec) { r, o throws(UsageError) in r[keyPath: field] = try o.unsigned(spec.name) }
    }
    static func number(_ field: WritableKeyPath<Root, Double?>, _ spec: OptionSpec) -> Arg {
        Arg(spec: spec) { r, o throws(UsageError) in r[keyPath: field] = try o.number(spec.name) }
    }
}

extension Arg where Root: CommandOptions {
    /// A shared option (Common), its value kept in the command's `common` fields.
    static func shared(_ a: Arg<SharedOptions>) -> Arg {
        Arg(spec: a.spec) { r, o throws(UsageError) in try a.apply(&r.common, o) }
    }
}

/// A command's options as typed fields, declared once (`args`): the parser fills them, and the
/// command's usage, `--help` and its section of docs/commands.md come from the same declarations.
protocol CommandOptions {
    init()
    static var args: [Arg<Self>] { get }
    var positional: [String] { get set }
    /// The options several commands share (Common), each set only when the command declares it.
    var common: SharedOptions { get set }
}

extension CommandOptions {
    /// The declarations as the parser and the help read them.
    static var specs: [OptionSpec] { args.map(\.spec) }

    /// The typed options of a parsed command line.
    init(_ raw: RawOptions) throws(UsageError) {
        self.init()
        positional = raw.positional
        for a in Self.args { try a.apply(&self, raw) }
    }
}

/// A command of `concord`: its declaration and what it does with its typed options.
protocol Command: SendableMetatype {
    associatedtype Options: CommandOptions
    static var spec: CommandSpec { get }
    static func run(_ options: Options) throws(UsageError) -> Int32
}
