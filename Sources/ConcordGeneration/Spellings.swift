import ConcordFormats

/// A spelling of an encoded value that real decoders accept and the contracts refuse (docs/
/// exploration.md, "Spellings"): Base64 and hex readers that skip whitespace, take either alphabet,
/// padding or none, ignore the spare bits, stop at garbage; wire readers that strip a prefix twice.
public enum Spelling: String, Sendable, CaseIterable {
    case lineBreaks64 = "line breaks every 64"
    case crlf64 = "CR LF every 64"
    case lineBreaks76 = "line breaks every 76"
    case crlf76 = "CR LF every 76"
    case lineBreakInside = "a line break inside"
    case spacesInside = "spaces inside"
    case tabInside = "a tab inside"
    case trailingLineBreak = "a trailing line break"
    case leadingWhitespace = "leading whitespace"
    case paddingMissing = "padding missing"
    case paddingAdded = "padding added"
    case extraPadding = "extra padding"
    case otherAlphabet = "the other alphabet"
    case mixedAlphabets = "mixed alphabets"
    case nonCanonicalBits = "non-canonical trailing bits"
    case leadingGarbage = "leading garbage"
    case trailingGarbage = "trailing garbage"
    case hexUpperCase = "hex upper case"
    case hexMixedCase = "hex mixed case"
    case prefixRepeated = "prefix repeated"
    case prefixCut = "prefix cut"

    static let hexOnly: Set<Spelling> = [.hexUpperCase, .hexMixedCase]
    static let base64Only: Set<Spelling> = [.paddingMissing, .paddingAdded, .extraPadding, .otherAlphabet, .mixedAlphabets, .nonCanonicalBits,
                                            .lineBreaks64, .crlf64, .lineBreaks76, .crlf76]
}

/// Finding an encoded value in a text (whole, after a wire prefix, inside a PEM block or a JSON
/// string), spelling it otherwise, and naming the spellings a text shows. The wire prefixes are
/// those of the forms the caller hands in (the packs' `wireForms`).
public enum Spellings {
    /// Characters appended or prepended as garbage (none of them in an alphabet).
    public static let garbage: [Unicode.Scalar] = ["!", "#", "*", "~", "%", "\u{0}", "."]

    static let standard = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".unicodeScalars)
    static let url = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".unicodeScalars)
    static let whitespace: Set<Unicode.Scalar> = [" ", "\n", "\r", "\t"]
    static let standardSet = Set(standard), urlSet = Set(url)

    /// Base64 in either alphabet or both, padded or not, or hex, of 8 characters or more.
    static func looksEncoded(_ t: [Unicode.Scalar]) -> Bool {
        t.count >= 8 && (isHex(t) || t.first != "=" && t.allSatisfy { standardSet.contains($0) || urlSet.contains($0) || $0 == "=" })
    }

    /// Where the encoded value of a text is: the scalars before it, the value, the scalars after it,
    /// whether it sits in a JSON string (so inserted characters are escaped), and its wire prefix.
    struct Site {
        var before: [Unicode.Scalar]
        var body: [Unicode.Scalar]
        var after: [Unicode.Scalar]
        var inJSON = false
        var prefix: [Unicode.Scalar] = []
        var pem = false
    }

    static func isHex(_ b: [Unicode.Scalar]) -> Bool {
        b.count >= 8 && b.count % 2 == 0 && b.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) || ("A"..."F").contains($0) }
    }

    static func isBase64(_ b: [Unicode.Scalar]) -> Bool {
        let core = b.prefix { $0 != "=" }
        guard core.count >= 4, core.count % 4 != 1, b.count - core.count <= 2 else { return false }
        let std = core.allSatisfy { standardSet.contains($0) }, u = core.allSatisfy { urlSet.contains($0) }
        return std || u
    }

    /// The encoded value of a text, if it has one.
    static func site(_ s: String, forms: [WireForm]) -> Site? {
        let u = Array(s.unicodeScalars)
        // A PEM block: the base64 of its body lines.
        if s.hasPrefix("-----BEGIN "), let first = u.firstIndex(of: "\n") {
            let endMarker = Array("-----END ".unicodeScalars)
            if let end = (first..<u.count).first(where: { UnicodeClasses.contains(Array(u[$0...].prefix(endMarker.count)), endMarker) }) {
                let body = u[(first + 1)..<end].filter { !whitespace.contains($0) }
                if isBase64(Array(body)) { return Site(before: Array(u[...first]), body: Array(body), after: Array(u[end...]), pem: true) }
            }
            return nil
        }
        // A JSON text: its longest string that is base64 or hex.
        if u.first == "{" || u.first == "[" {
            var best: (Int, Int)? = nil
            var k = 0
            while k < u.count {
                if u[k] == "\"" {
                    var j = k + 1
                    while j < u.count && u[j] != "\"" { j += u[j] == "\\" ? 2 : 1 }
                    if j < u.count {
                        let v = Array(u[(k + 1)..<j])
                        if (isBase64(v) || isHex(v)) && v.count >= 8 && v.count > (best.map { $0.1 - $0.0 } ?? 0) { best = (k + 1, j) }
                    }
                    k = j + 1
                } else { k += 1 }
            }
            guard let (a, b) = best else { return nil }
            return Site(before: Array(u[..<a]), body: Array(u[a..<b]), after: Array(u[b...]), inJSON: true)
        }
        // A wire: the value after its prefix.
        for p in forms.map(\.prefix) where s.hasPrefix(p) {
            let pu = Array(p.unicodeScalars)
            let body = Array(u[pu.count...])
            if isBase64(body) || isHex(body) { return Site(before: [], body: body, after: [], prefix: pu) }
            return nil
        }
        return isBase64(u) || isHex(u) ? Site(before: [], body: u, after: []) : nil
    }

    /// The spellings a text's encoded value can take.
    public static func applicable(_ s: String, forms: [WireForm]) -> [Spelling] {
        guard let site = site(s, forms: forms) else { return [] }
        return applicable(site)
    }

    static func applicable(_ site: Site) -> [Spelling] {
        let hex = isHex(site.body) && site.body.contains { ("a"..."f").contains($0) }
        let b64 = isBase64(site.body) && !isHex(site.body)
        return Spelling.allCases.filter { sp in
            switch sp {
            case .hexUpperCase, .hexMixedCase: return hex
            case .prefixRepeated, .prefixCut: return !site.prefix.isEmpty
            case .lineBreaks64, .crlf64: return b64 && site.body.count > 64
            case .lineBreaks76, .crlf76: return b64 && site.body.count > 76
            case .paddingMissing: return b64 && site.body.last == "="
            case .paddingAdded: return b64 && site.body.last != "=" && site.body.count % 4 != 0
            case .extraPadding, .otherAlphabet: return b64
            case .mixedAlphabets: return b64 && site.body.contains { "+/-_".unicodeScalars.contains($0) }
            case .nonCanonicalBits: return b64 && site.body.prefix { $0 != "=" }.count % 4 != 0
            default: return true
            }
        }
    }

    /// The text with its encoded value spelled another way (a spelling drawn among those that
    /// apply), or nil when it holds none.
    public static func respell(_ s: String, forms: [WireForm], rng: inout SeededRandom) -> (text: String, spelling: Spelling)? {
        guard let site = site(s, forms: forms) else { return nil }
        let options = applicable(site)
        guard !options.isEmpty else { return nil }
        let sp = rng.pick(options)
        return (respell(site, sp, rng: &rng), sp)
    }

    /// The text with its encoded value in spelling `sp` (which must apply).
    public static func respell(_ s: String, _ sp: Spelling, forms: [WireForm], rng: inout SeededRandom) -> String? {
        guard let site = site(s, forms: forms), applicable(site).contains(sp) else { return nil }
        return respell(site, sp, rng: &rng)
    }

    static func respell(_ site: Site, _ sp: Spelling, rng: inout SeededRandom) -> String {
        var body = site.body
        var prefix = site.prefix
        func every(_ n: Int, _ sep: [Unicode.Scalar]) {
            var out: [Unicode.Scalar] = []
            for (k, c) in body.enumerated() {
                if k > 0 && k % n == 0 { out += sep }
                out.append(c)
            }
            body = out
        }
        func place() -> Int { body.count > 1 ? rng.int(1...(body.count - 1)) : 0 }
        let core = Array(body.prefix { $0 != "=" })
        switch sp {
        case .lineBreaks64: every(64, ["\n"])
        case .crlf64: every(64, ["\r", "\n"])
        case .lineBreaks76: every(76, ["\n"])
        case .crlf76: every(76, ["\r", "\n"])
        case .lineBreakInside: body.insert(rng.chance(1, in: 2) ? "\n" : "\r", at: place())
        case .spacesInside: for _ in 0..<rng.int(1...3) { body.insert(" ", at: place()) }
        case .tabInside: body.insert("\t", at: place())
        case .trailingLineBreak: body += rng.chance(1, in: 2) ? ["\n"] : ["\r", "\n"]
        case .leadingWhitespace: body.insert(rng.chance(1, in: 2) ? " " : "\n", at: 0)
        case .paddingMissing: body = core
        case .paddingAdded: body = core + Array(repeating: "=", count: (4 - core.count % 4) % 4)
        case .extraPadding: body += ["="]
        case .otherAlphabet, .mixedAlphabets:
            let toURL: [Unicode.Scalar: Unicode.Scalar] = ["+": "-", "/": "_"], toStd: [Unicode.Scalar: Unicode.Scalar] = ["-": "+", "_": "/"]
            let isURL = body.contains { toStd[$0] != nil }
            var swapped = false
            body = body.map { c in
                if sp == .mixedAlphabets && swapped { return c }
                if let d = (isURL ? toStd : toURL)[c] { swapped = true; return d }
                return c
            }
            // No character of either alphabet's own: padding tells them apart (standard pads, URL does not).
            if !swapped { body = isURL || body.last == "=" ? core : core + Array(repeating: "=", count: (4 - core.count % 4) % 4) }
        case .nonCanonicalBits:
            let alphabet = core.contains { $0 == "-" || $0 == "_" } ? url : standard
            if let last = core.last, let v = alphabet.firstIndex(of: last) {
                let spare = core.count % 4 == 2 ? 15 : 3
                body[core.count - 1] = alphabet[v | (rng.chance(1, in: 2) ? 1 : spare)]
            }
        case .leadingGarbage: body.insert(rng.pick(garbage), at: 0)
        case .trailingGarbage: body.append(rng.pick(garbage))
        case .hexUpperCase: body = body.map { ("a"..."f").contains($0) ? Unicode.Scalar($0.value - 32)! : $0 }
        case .hexMixedCase:
            let letters = body.indices.filter { ("a"..."f").contains(body[$0]) }
            for k in letters where rng.chance(1, in: 2) || k == letters.first { body[k] = Unicode.Scalar(body[k].value - 32)! }
            if letters.count > 1, let last = letters.last, body[last].value < 97 { body[last] = Unicode.Scalar(body[last].value + 32)! }
        case .prefixRepeated: prefix += site.prefix
        case .prefixCut: prefix = rng.chance(1, in: 2) ? Array(prefix.dropLast()) : Array(prefix.dropFirst())
        }
        if site.pem {
            // A PEM body is written again in lines of 64, unless the spelling is about its lines.
            if ![.lineBreaks64, .crlf64, .lineBreaks76, .crlf76].contains(sp) { every(64, ["\n"]) }
            return string(site.before + body + ["\n"] + site.after)
        }
        if site.inJSON {
            var escaped: [Unicode.Scalar] = []
            for c in body {
                switch c {
                case "\n": escaped += ["\\", "n"]
                case "\r": escaped += ["\\", "r"]
                case "\t": escaped += ["\\", "t"]
                case "\u{0}": escaped += Array("\\u0000".unicodeScalars)
                default: escaped.append(c)
                }
            }
            body = escaped
        }
        return string(site.before + prefix + body + site.after)
    }

    static func string(_ u: [Unicode.Scalar]) -> String {
        var v = String.UnicodeScalarView()
        v.append(contentsOf: u)
        return String(v)
    }

    /// The spellings a text shows that no contract's canonical form has (for naming a finding's
    /// input): line breaks and spaces inside an encoded value, extra padding, mixed alphabets,
    /// non-canonical spare bits, garbage around it, hex not in lower case, a wire prefix twice or cut.
    /// Padding missing or added and the other alphabet are canonical for some field, so only the
    /// case's description names them.
    public static func shown(_ s: String, forms: [WireForm]) -> [Spelling] {
        var out: [Spelling] = []
        let u = Array(s.unicodeScalars)
        // The value: after a wire prefix (twice or cut), inside a PEM block, or a JSON text's longest encoded string.
        var body = u
        for p in forms.map(\.prefix) {
            let pu = Array(p.unicodeScalars)
            if u.starts(with: pu + pu) { out.append(.prefixRepeated); body = Array(u.dropFirst(2 * pu.count)); break }
            if u.starts(with: pu) { body = Array(u.dropFirst(pu.count)); break }
            for cut in [Array(pu.dropLast()), Array(pu.dropFirst())] where cut.count > 3 && u.starts(with: cut) {
                out.append(.prefixCut)
                body = Array(u.dropFirst(cut.count))
            }
            if out.contains(.prefixCut) { break }
        }
        if s.hasPrefix("-----BEGIN "), let site = site(s, forms: forms) { body = site.body }
        if u.first == "{" || u.first == "[" { body = jsonStringAround(u) ?? [] }
        let stripped = body.filter { !whitespace.contains($0) }
        let t = trim(stripped)
        guard looksEncoded(t) else { return out }
        let inner = Array(body.drop { whitespace.contains($0) }.reversed().drop { whitespace.contains($0) }.reversed())
        let lines = split(inner)
        if lines.count > 1 {
            let widths = Set(lines.dropLast().map(\.count))
            let crlf = inner.contains("\r")
            if widths == [64] { out.append(crlf ? .crlf64 : .lineBreaks64) }
            else if widths == [76] { out.append(crlf ? .crlf76 : .lineBreaks76) }
            else { out.append(.lineBreakInside) }
        } else if inner.contains("\r") { out.append(.lineBreakInside) }
        if inner.contains(" ") { out.append(.spacesInside) }
        if inner.contains("\t") { out.append(.tabInside) }
        if let last = body.last, last == "\n" || last == "\r" { out.append(.trailingLineBreak) }
        if let first = body.first, whitespace.contains(first) { out.append(.leadingWhitespace) }
        if let f = stripped.first, garbage.contains(f) { out.append(.leadingGarbage) }
        if let l = stripped.last, garbage.contains(l) { out.append(.trailingGarbage) }
        if isHex(t) {
            if t.contains(where: { ("A"..."F").contains($0) }) { out.append(t.contains(where: { ("a"..."f").contains($0) }) ? .hexMixedCase : .hexUpperCase) }
            return out
        }
        let pad = t.reversed().prefix { $0 == "=" }.count
        let data = Array(t.prefix(t.count - pad))
        if pad > 2 || pad > 0 && t.count % 4 != 0 || data.contains("=") { out.append(.extraPadding) }
        if data.contains(where: { $0 == "+" || $0 == "/" }) && data.contains(where: { $0 == "-" || $0 == "_" }) { out.append(.mixedAlphabets) }
        let alphabet = data.contains { $0 == "-" || $0 == "_" } ? url : standard
        if data.count % 4 == 2 || data.count % 4 == 3, let last = data.last, let v = alphabet.firstIndex(of: last),
           v & (data.count % 4 == 2 ? 15 : 3) != 0 {
            out.append(.nonCanonicalBits)
        }
        return out
    }

    /// An encoded value with garbage characters off its ends.
    static func trim(_ u: [Unicode.Scalar]) -> [Unicode.Scalar] {
        Array(u.drop { garbage.contains($0) }.reversed().drop { garbage.contains($0) }.reversed())
    }

    static func split(_ u: [Unicode.Scalar]) -> [[Unicode.Scalar]] {
        var lines: [[Unicode.Scalar]] = [[]]
        var k = 0
        while k < u.count {
            if u[k] == "\r" && k + 1 < u.count && u[k + 1] == "\n" { lines.append([]); k += 2; continue }
            if u[k] == "\n" { lines.append([]); k += 1; continue }
            lines[lines.count - 1].append(u[k])
            k += 1
        }
        return lines
    }

    /// The longest JSON string of a JSON text, unescaped (`\n`, `\r`, `\t`, `\u0000`), when it reads as an encoded value once whitespace is off.
    static func jsonStringAround(_ u: [Unicode.Scalar]) -> [Unicode.Scalar]? {
        var best: [Unicode.Scalar]? = nil
        var k = 0
        while k < u.count {
            guard u[k] == "\"" else { k += 1; continue }
            var v: [Unicode.Scalar] = []
            var j = k + 1
            while j < u.count && u[j] != "\"" {
                if u[j] == "\\", j + 1 < u.count {
                    switch u[j + 1] {
                    case "n": v.append("\n"); j += 2
                    case "r": v.append("\r"); j += 2
                    case "t": v.append("\t"); j += 2
                    case "u" where j + 5 < u.count: v.append(Unicode.Scalar(UInt32(string(Array(u[(j + 2)...(j + 5)])), radix: 16) ?? 0x3F) ?? "?"); j += 6
                    default: v.append(u[j + 1]); j += 2
                    }
                } else { v.append(u[j]); j += 1 }
            }
            let core = trim(v.filter { !whitespace.contains($0) })
            if looksEncoded(core), v.count > (best?.count ?? 0) { best = v }
            k = j + 1
        }
        return best
    }
}
