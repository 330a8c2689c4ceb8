/// A small command-line parser: `--name value`, `--name=value`, flags, and positional arguments.
/// Anything unknown or malformed is a `UsageError` (exit status 2).
struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

struct Options {
    var positional: [String] = []
    var values: [String: String] = [:]
    /// Options that may be given several times (`--captured A --captured B`), in order.
    var lists: [String: [String]] = [:]
    var flags: Set<String> = []

    init(_ args: [String], valued: Set<String>, repeatable: Set<String> = [], flags allowedFlags: Set<String>) throws(UsageError) {
        var i = 0
        var onlyPositional = false
        while i < args.count {
            let a = args[i]
            i += 1
            if onlyPositional || !a.hasPrefix("--") || a == "-" {
                if a.hasPrefix("-") && a != "-" && !onlyPositional { throw UsageError("unknown option \(a)") }
                positional.append(a)
                continue
            }
            if a == "--" { onlyPositional = true; continue }
            var name = String(a.dropFirst(2))
            var value: String? = nil
            if let eq = name.firstIndex(of: "=") {
                value = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            if repeatable.contains(name) {
                if value == nil {
                    guard i < args.count else { throw UsageError("--\(name) needs a value") }
                    value = args[i]
                    i += 1
                }
                lists[name, default: []].append(value!)
            } else if valued.contains(name) {
                if value == nil {
                    guard i < args.count else { throw UsageError("--\(name) needs a value") }
                    value = args[i]
                    i += 1
                }
                if values[name] != nil { throw UsageError("--\(name) is given twice") }
                values[name] = value
            } else if allowedFlags.contains(name) {
                if value != nil { throw UsageError("--\(name) takes no value") }
                flags.insert(name)
            } else {
                throw UsageError("unknown option --\(name)")
            }
        }
    }

    func integer(_ name: String, min: Int64 = 1) throws(UsageError) -> Int64? {
        guard let s = values[name] else { return nil }
        guard let v = Int64(s), v >= min else { throw UsageError("--\(name) needs an integer ≥ \(min), got \"\(s)\"") }
        return v
    }

    func number(_ name: String) throws(UsageError) -> Double? {
        guard let s = values[name] else { return nil }
        guard let v = Double(s), v > 0, v.isFinite else { throw UsageError("--\(name) needs a positive number, got \"\(s)\"") }
        return v
    }
}
