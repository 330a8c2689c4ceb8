import ConcordSuites
import ConcordFormats
import ConcordImplementations
import ConcordPacks
import Foundation

/// The known causes of two values differing, tried in order; the first that fits wins.
public enum Explanations {
    public static let noKnownCause = "no known cause"

    /// The generic rules, in the order they are tried: each pack's rules take their declared place
    /// among these (`RulePlace`).
    public static let genericRules: [ExplanationRule] = [
        ExplanationRules.encoding, ExplanationRules.wirePrefix, ExplanationRules.tinkPrefix, ExplanationRules.tinkPrefixAfterSalt,
        ExplanationRules.otherTinkPrefix, ExplanationRules.nonceMoved, ExplanationRules.differentAAD, ExplanationRules.sealedPlaintext,
        ExplanationRules.onlyTheTag, ExplanationRules.jsonForm, ExplanationRules.optionOrder, ExplanationRules.unicodeNormalization,
        ExplanationRules.ecdsaEncoding, ExplanationRules.ecPoint, ExplanationRules.signedKeyId, ExplanationRules.argon2Parameters,
    ]

    /// Every rule, in the order tried: the generic ones with every pack's placed among them.
    public static let rules: [ExplanationRule] = ordered(generic: genericRules, packs: Packs.all)

    /// The generic rules with each pack's rules at its place: before or after the generic rule it
    /// names; rules with the same place in the order of `packs`, then of each pack's list. A rule
    /// whose place names no generic rule comes last (`unplaced` says which; a test holds it empty).
    public static func ordered(generic: [ExplanationRule], packs: [Pack]) -> [ExplanationRule] {
        let placed = packs.flatMap(\.rules)
        var out: [ExplanationRule] = []
        for g in generic {
            out += placed.filter { $0.place == .before(g.name) }.map(\.rule)
            out.append(g)
            out += placed.filter { $0.place == .after(g.name) }.map(\.rule)
        }
        return out + unplaced(generic: generic, packs: packs).map(\.rule)
    }

    /// The pack rules whose place names no generic rule.
    public static func unplaced(generic: [ExplanationRule], packs: [Pack]) -> [PlacedRule] {
        let names = Set(generic.map(\.name))
        return packs.flatMap(\.rules).filter {
            switch $0.place {
            case .before(let n), .after(let n): return !names.contains(n)
            }
        }
    }

    /// The first rule that fits: its name and its sentence.
    /// A costly rule (ExplanationBudget) runs only when it fits the budget; when none fits and a
    /// costly one was skipped, the answer is "no known cause" saying what was not tried.
    public static func match(expected: Value, actual: Value, context: Fields = [:],
                             budget: ExplanationBudget = ExplanationBudget()) -> (rule: String, text: String)? {
        guard expected != actual else { return nil }   // Value compares text by its bytes

        var skipped: [String] = []
        for r in rules {
            if let cost = r.cost?(context), let why = budget.spend(r.name, cost) {
                skipped.append(why)
                continue
            }
            if let t = r.explain(expected, actual, context) { return (r.name, t) }
        }
        return skipped.isEmpty ? nil : (skippedRule, "\(noKnownCause) (\(skipped.joined(separator: "; ")))")
    }

    /// The `rule` of a match that is no cause: costly rules were skipped and none of the others fit.
    public static let skippedRule = "skipped"

    /// An explanation in the words of a comparison where neither side is "the expected one" (two
    /// captured files, a captured value against a live implementation, a diff's A and B): the
    /// rules' "expected" and "actual" become the two sides' names.
    public static func naming(_ e: String, expected: String, actual: String) -> String {
        var out = e.replacingOccurrences(of: #"\bexpected\b"#, with: expected, options: .regularExpression)
        out = out.replacingOccurrences(of: #"\bactual\b"#, with: actual, options: .regularExpression)
        out = out.replacingOccurrences(of: #"\bExpected\b"#, with: expected, options: .regularExpression)
        return out.replacingOccurrences(of: #"\bActual\b"#, with: actual, options: .regularExpression)
    }

    /// The sentence of the first rule that fits, or "no known cause".
    public static func explain(expected: Value, actual: Value, context: Fields = [:]) -> String {
        match(expected: expected, actual: actual, context: context)?.text ?? noKnownCause
    }
}

extension ExplanationRules {
    // MARK: wire strings

    /// The packs' wire forms (`Packs.wireForms`): a text behind one of their prefixes has its blob
    /// compared as bytes (a padded or unpadded commitment or public key is the encoding rule's, not
    /// "no known cause").
    package static let wireForms = Packs.wireForms

    /// Splits a wire string into its form's prefix and its blob, with the form.
    package static func wire(_ s: String) -> (prefix: String, blob: String, form: WireForm)? {
        guard let f = wireForms.form(of: s) else { return nil }
        return (f.prefix, String(s.dropFirst(f.prefix.count)), f)
    }

    /// The bytes a value stands for: raw bytes, a wire string's decoded blob, or a base64/hex text.
    package static func blob(_ v: Value) -> [UInt8]? {
        switch v {
        case .bytes(let b): return b
        case .text(let s):
            if let w = wire(s) { return decodings(w.blob).last }
            return decodings(s).last
        default: return nil
        }
    }

    // MARK: rules

    /// The same bytes in another encoding: base64 alphabet, padding, line breaks, hex case.
    public static let encoding = ExplanationRule(name: "encoding") { expected, actual, _ in
        func strip(_ v: Value) -> (prefix: String?, body: String)? {
            guard case .text(let s) = v else { return nil }
            if let w = wire(s) { return (w.prefix, w.blob) }
            return (nil, s)
        }
        switch (expected, actual) {
        case (.bytes(let b), .text(let s)), (.text(let s), .bytes(let b)):
            guard decodings(s).contains(b) else { return nil }
            let side = expected.bytes == nil ? "expected" : "actual"
            return "same bytes in another encoding: \(side) is the text \(form(s)) of the bytes the other side has"
        default:
            guard let e = strip(expected), let a = strip(actual), e.prefix == a.prefix, e.body != a.body else { return nil }
            let de = decodings(e.body), da = decodings(a.body)
            guard de.contains(where: { da.contains($0) }) else { return nil }
            let fe = form(e.body), fa = form(a.body)
            let inside = e.prefix.map { " after \"\($0)\"" } ?? ""
            if fe == fa { return "same bytes in another encoding\(inside): both \(fe), written differently" }
            return "same bytes in another encoding\(inside): expected is \(fe), actual is \(fa)"
        }
    }

    /// The AADs the contracts have used, named, from what the vector's input tells: every pack's
    /// (`Pack.aads`), in the order of `Packs.all`.
    public static func contractAADs(_ context: Fields) -> [ContractAAD] {
        Packs.all.flatMap { $0.aads(context) }
    }

    /// Which named AAD opens `nonce(12) || ct || tag16` under `key`, if any.
    static func openingAAD(_ blob: [UInt8], key: [UInt8], _ aads: [ContractAAD]) -> String? {
        guard blob.count >= 28, [16, 24, 32].contains(key.count) else { return nil }
        return aads.first { crypto.aesGcmOpens(key: key, aad: $0.bytes, blob: blob) }?.name
    }

    /// Both sides are sealed under the vector's key, but with different AADs among the ones the
    /// contract has used (needs the key in the vector's input: coupleKey or oneTimeKey).
    public static let differentAAD = ExplanationRule(name: "different-aad") { expected, actual, context in
        guard let key = context["coupleKey"]?.bytes ?? context["oneTimeKey"]?.bytes else { return nil }
        func blobs(_ v: Value) -> [[UInt8]] {
            switch v {
            case .bytes(let b): return [b]
            case .text(let s): return decodings(wire(s)?.blob ?? s)
            default: return []
            }
        }
        let aads = contractAADs(context)
        guard let a = blobs(actual).lazy.compactMap({ openingAAD($0, key: key, aads) }).first else { return nil }
        if let e = blobs(expected).lazy.compactMap({ openingAAD($0, key: key, aads) }).first {
            return e == a ? nil : "sealed with another AAD: actual opens with \(a), expected with \(e)"
        }
        // Not "another AAD": expected opens with none of them under this key (issue 28 item 3).
        return "actual opens with \(a); expected opens under the vector's key with none of the contract's AADs "
            + "(\(aads.map(\.name).joined(separator: ", "))): the expected value is corrupt (changed after sealing) or was sealed under another key"
    }

    /// `nonce(12) || ciphertext || tag(16)` on both sides (a wire of an AES-GCM form: Closer's
    /// `enc:v1:` field or `sealed:v1:` answer) with the same nonce and ciphertext and only
    /// the tag different. With AES-GCM one key and nonce give one keystream, so the same ciphertext
    /// means the same key, nonce and plaintext (another key giving the same ciphertext is a 2^-128
    /// event); the tag is GHASH over the AAD and the ciphertext under that key: only the AAD can
    /// differ. Tried after `different-aad` (which, with the key at hand, names the AAD each side opens
    /// with); this one needs no key, and names the AADs the contract has used that it could not try
    /// or that opened neither side.
    /// Only on wire strings whose form is AES-GCM's combined form (`WireForm.Blob.aesGcm`), whose
    /// blob is known to be that layout: on any other value (an Argon2id key one byte off, say) the
    /// last 16 bytes are no tag.
    public static let onlyTheTag = ExplanationRule(name: "only-the-tag") { expected, actual, context in
        func gcmBlob(_ v: Value) -> (prefix: String, bytes: [UInt8])? {
            guard case .text(let s) = v, let w = wire(s), w.form.blob == .aesGcm,
                  let b = decodings(w.blob).last else { return nil }
            return (w.prefix, b)
        }
        guard let we = gcmBlob(expected), let wa = gcmBlob(actual), we.prefix == wa.prefix else { return nil }
        let e = we.bytes, a = wa.bytes
        guard e.count == a.count, e.count >= 12 + 16 else { return nil }
        let cut = e.count - 16
        guard e[..<cut] == a[..<cut], e[cut...] != a[cut...] else { return nil }
        let offset = cut + zip(e[cut...], a[cut...]).prefixCount(while: { $0 == $1 })
        let names = contractAADs(context).map(\.name)
        let tried = context["coupleKey"]?.bytes ?? context["oneTimeKey"]?.bytes
        let candidates = names.isEmpty ? "" : (tried == nil
            ? "; not tried without the key in the input (coupleKey or oneTimeKey): " + names.joined(separator: ", ")
            : "; none of the contract's AADs opened either side with the vector's key: " + names.joined(separator: ", "))
        return "the same nonce and ciphertext with another tag (from byte \(offset)): one key and nonce give one keystream, so the AAD differs\(candidates)"
    }

    /// A Tink output prefix (0x01 or 0x00, then a 4-byte key id) on one side only. Five zero bytes
    /// are not taken for one (a LEGACY prefix of key id 0): they are a fixed-width value padded
    /// with zeros far more often (an ECDSA integer, a coordinate), which the later rules name.
    public static let tinkPrefix = ExplanationRule(name: "tink-prefix") { expected, actual, _ in
        guard let e = blob(expected), let a = blob(actual) else { return nil }
        func prefixed(_ long: [UInt8], _ short: [UInt8]) -> String? {
            guard long.count == short.count + TinkOutputPrefix.length, let p = TinkOutputPrefix.find(in: long),
                  !(p.marker == 0 && p.keyId == 0),
                  Array(long[TinkOutputPrefix.length...]) == short else { return nil }
            return "a Tink output prefix (\(p.kind): 0x0\(p.marker) ‖ key id 0x\(p.keyIdHex))"
        }
        if let p = prefixed(a, e) { return "actual carries \(p) that expected does not" }
        if let p = prefixed(e, a) { return "expected carries \(p) that actual does not" }
        return nil
    }

    /// The same bytes with the 12-byte nonce at the other end.
    public static let nonceMoved = ExplanationRule(name: "nonce-moved") { expected, actual, _ in
        guard let e = blob(expected), let a = blob(actual), e.count == a.count, e.count > 12, e != a else { return nil }
        if Array(e[12...] + e[..<12]) == a { return "the 12-byte nonce is at the end in actual, at the front in expected (same bytes otherwise)" }
        if Array(e[(e.count - 12)...] + e[..<(e.count - 12)]) == a {
            return "the 12-byte nonce is at the front in actual, at the end in expected (same bytes otherwise)"
        }
        return nil
    }

    /// JSON documents equal but for `\/` escaping, whitespace, key order or Unicode normalization.
    public static let jsonForm = ExplanationRule(name: "json-form") { expected, actual, _ in
        guard let es = text(expected), let as_ = text(actual), !same(es, as_) else { return nil }
        // Before parsing: the contract's canonical JSON keeps raw control characters, which a strict parser refuses.
        if es.hasPrefix("{"), as_.hasPrefix("{"),
           same(es.replacingOccurrences(of: "\\/", with: "/"), as_.replacingOccurrences(of: "\\/", with: "/")) {
            let side = es.contains("\\/") ? "expected" : "actual"
            return "the same JSON but for escaping: \(side) writes \"/\" as \"\\/\""
        }
        // Also before parsing: `\uXXXX` for a character the canonical form writes raw (U+2028, a
        // control character: CONTRACT.md §7's trap).
        if es.hasPrefix("{"), as_.hasPrefix("{") {
            let ue = unicodeUnescaped(es), ua = unicodeUnescaped(as_)
            if same(ue.text, ua.text), ue.escapes != ua.escapes {
                let (side, list) = ue.escapes.count > ua.escapes.count ? ("expected", ue.escapes) : ("actual", ua.escapes)
                let shown = list.prefix(3).map { String(format: "U+%04X", $0) }.joined(separator: ", ") + (list.count > 3 ? ", …" : "")
                return "the same JSON but for escaping: \(side) writes \(shown) as \\uXXXX where the other side writes the character itself"
            }
        }
        guard let ej = try? JSON.parse(es), let aj = try? JSON.parse(as_) else { return nil }
        guard case .object = ej else { return nil }
        if same(ej.serialized(), aj.serialized()) { return "the same JSON but for whitespace or escaping" }
        if same(sortedKeys(ej).serialized(), sortedKeys(aj).serialized()) {
            return "the same JSON but for key order: expected \(keyOrder(ej)), actual \(keyOrder(aj))"
        }
        if same(nfc(sortedKeys(ej)).serialized(), nfc(sortedKeys(aj)).serialized()) {
            let side = same(es.precomposedStringWithCanonicalMapping, es) ? "actual" : "expected"
            return "the same JSON but for Unicode normalization: \(side) has decomposed (NFD) text where the other has NFC"
        }
        return nil
    }

    /// A text with its JSON `\uXXXX` escapes (surrogate pairs too) replaced by the characters, and
    /// the code points that were escaped; other escapes (`\\`, `\"`, …) are kept as written.
    static func unicodeUnescaped(_ s: String) -> (text: String, escapes: [UInt32]) {
        let u = Array(s.unicodeScalars)
        var out = String.UnicodeScalarView(), escapes: [UInt32] = [], i = 0
        func hex4(_ at: Int) -> UInt32? {
            guard at + 6 <= u.count, u[at] == "\\", u[at + 1] == "u" else { return nil }
            let digits = u[(at + 2)..<(at + 6)]
            guard digits.allSatisfy({ $0.properties.isASCIIHexDigit }) else { return nil }
            return UInt32(String(String.UnicodeScalarView(digits)), radix: 16)
        }
        while i < u.count {
            if u[i] == "\\", i + 1 < u.count {
                if let v = hex4(i) {
                    var scalar = Unicode.Scalar(v), width = 6
                    if (0xD800..<0xDC00).contains(v), let lo = hex4(i + 6), (0xDC00..<0xE000).contains(lo) {
                        scalar = Unicode.Scalar(0x10000 + ((v - 0xD800) << 10) + (lo - 0xDC00)); width = 12
                    }
                    if let c = scalar { out.append(c); escapes.append(c.value); i += width; continue }
                }
                out.append(u[i]); out.append(u[i + 1]); i += 2; continue
            }
            out.append(u[i]); i += 1
        }
        return (String(out), escapes)
    }

    static func sortedKeys(_ j: JSON) -> JSON {
        switch j {
        case .object(let p): return .object(p.map { ($0.key, sortedKeys($0.value)) }.sorted { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) })
        case .array(let a): return .array(a.map(sortedKeys))
        default: return j
        }
    }

    static func nfc(_ j: JSON) -> JSON {
        switch j {
        case .object(let p): return .object(p.map { ($0.key.precomposedStringWithCanonicalMapping, nfc($0.value)) })
        case .array(let a): return .array(a.map(nfc))
        case .string(let s): return .string(s.precomposedStringWithCanonicalMapping)
        default: return j
        }
    }

    static func keyOrder(_ j: JSON) -> String {
        guard case .object(let p) = j else { return "" }
        return p.map(\.key).joined(separator: ",")
    }

    static func utf16Less(_ a: String, _ b: String) -> Bool { a.utf16.lexicographicallyPrecedes(b.utf16) }
    static func codePointLess(_ a: String, _ b: String) -> Bool {
        a.unicodeScalars.map(\.value).lexicographicallyPrecedes(b.unicodeScalars.map(\.value))
    }

    /// Lists of ids (`selectedOptionIds`) sorted by code point on one side, by UTF-16 on the other.
    public static let optionOrder = ExplanationRule(name: "option-order") { expected, actual, _ in
        // Every list of strings, in document order, with the JSON rebuilt with those lists UTF-16 sorted.
        func lists(_ v: Value) -> (lists: [[String]], normalized: String)? {
            var found: [[String]] = []
            func walk(_ j: JSON) -> JSON {
                switch j {
                case .object(let p): return .object(p.map { ($0.key, walk($0.value)) })
                case .array(let a):
                    let strings = a.compactMap(\.stringValue)
                    if !a.isEmpty && strings.count == a.count {
                        found.append(strings)
                        return .array(strings.sorted(by: utf16Less).map { .string($0) })
                    }
                    return .array(a.map(walk))
                default: return j
                }
            }
            let j: JSON
            if case .list(let l) = v, l.allSatisfy({ $0.text != nil }) { j = .array(l.map { .string($0.text!) }) }
            else if let s = text(v), let p = try? JSON.parse(s) { j = p } else { return nil }
            let n = walk(j).serialized()
            return (found, n)
        }
        guard let e = lists(expected), let a = lists(actual), same(e.normalized, a.normalized), e.lists.count == a.lists.count else { return nil }
        for (x, y) in zip(e.lists, a.lists) where x != y {
            let xu = x == x.sorted(by: utf16Less), yc = y == y.sorted(by: codePointLess)
            let xc = x == x.sorted(by: codePointLess), yu = y == y.sorted(by: utf16Less)
            if xu && yc { return "ids sorted by code point in actual, by UTF-16 code units in expected (\(y.count) ids, same set)" }
            if xc && yu { return "ids sorted by code point in expected, by UTF-16 code units in actual (\(y.count) ids, same set)" }
        }
        return nil
    }

    /// Plain texts equal once both are NFC.
    public static let unicodeNormalization = ExplanationRule(name: "unicode-normalization") { expected, actual, _ in
        guard case .text(let e) = expected, case .text(let a) = actual, !same(e, a),
              same(e.precomposedStringWithCanonicalMapping, a.precomposedStringWithCanonicalMapping) else { return nil }
        let side = same(e.precomposedStringWithCanonicalMapping, e) ? "actual" : "expected"
        return "the same text but for Unicode normalization: \(side) is not NFC (decomposed)"
    }

    /// An EC coordinate with a leading zero byte, or a compressed point where the other side is uncompressed.
    public static let ecPoint = ExplanationRule(name: "ec-point") { expected, actual, _ in
        guard let e = blob(expected), let a = blob(actual) else { return nil }
        func zero(_ long: [UInt8], _ short: [UInt8]) -> Bool { long.count == short.count + 1 && long[0] == 0 && Array(long[1...]) == short }
        if zero(a, e) { return "actual has a leading zero byte (\(a.count) bytes where expected has \(e.count)): a sign byte on an EC coordinate" }
        if zero(e, a) { return "actual lacks the leading zero byte expected has (\(a.count) bytes where expected has \(e.count)): a coordinate stripped to its minimal length" }
        func compressed(_ c: [UInt8], _ u: [UInt8]) -> String? {
            guard c.count == 33, c[0] == 2 || c[0] == 3, u.count == 65, u[0] == 4, c[1...] == u[1..<33] else { return nil }
            let parityOK = (u[64] & 1) == (c[0] & 1)
            return parityOK ? "the same point, X identical" : "the same X but the parity byte does not match Y"
        }
        if let s = compressed(a, e) { return "actual is a compressed point (0x0\(a[0]) ‖ X), expected uncompressed (0x04 ‖ X ‖ Y): \(s)" }
        if let s = compressed(e, a) { return "expected is a compressed point (0x0\(e[0]) ‖ X), actual uncompressed (0x04 ‖ X ‖ Y): \(s)" }
        return nil
    }

    /// Largest memory an alternative Argon2id computation may use (64 MiB).
    public static let argon2MemoryCapKiB: UInt32 = 64 * 1024

    /// Argon2id outputs that match other parameters: memory in bytes instead of KiB (m·1024, and
    /// m/1024 for an API that takes bytes), version 0x10, t and p swapped.
    public static let argon2Parameters = ExplanationRule(name: "argon2-parameters", cost: argon2ParametersCost) { expected, actual, context in
        guard case .bytes(let e) = expected, case .bytes(let a) = actual,
              let password = context["password"]?.bytes, let salt = context["salt"]?.bytes,
              let tag = context["params"]?.text, let p = try? KdfParams.parse(tag) else { return nil }
        let secret = context["secret"]?.bytes, ad = context["associatedData"]?.bytes
        var alternatives: [(String, KdfParams)] = []
        func add(_ why: String, m: UInt64, t: UInt32, par: UInt32, v: UInt32) {
            guard m <= UInt64(argon2MemoryCapKiB), m >= 8 * UInt64(par), t >= 1, par >= 1 else { return }
            alternatives.append((why, KdfParams(version: v, memoryKiB: UInt32(m), iterations: t, parallelism: par)))
        }
        add("memory m·1024 = \(UInt64(p.memoryKiB) * 1024) KiB (the memory given in bytes where KiB are meant)",
            m: UInt64(p.memoryKiB) * 1024, t: p.iterations, par: p.parallelism, v: 0x13)
        add("memory m/1024 = \(p.memoryKiB / 1024) KiB (KiB given to an API that takes bytes)",
            m: UInt64(p.memoryKiB / 1024), t: p.iterations, par: p.parallelism, v: 0x13)
        add("version 0x10 instead of 0x13", m: UInt64(p.memoryKiB), t: p.iterations, par: p.parallelism, v: 0x10)
        if p.iterations != p.parallelism {
            add("t and p swapped (t=\(p.parallelism), p=\(p.iterations))", m: UInt64(p.memoryKiB), t: p.parallelism, par: p.iterations, v: 0x13)
        }
        for (why, params) in alternatives {
            for (side, target) in [("actual", a), ("expected", e)] {
                guard let h = crypto.argon2id(password: password, salt: salt, params: params, length: target.count,
                                              secret: secret, associatedData: ad), h == target else { continue }
                return "\(side) is Argon2id with \(why)"
            }
        }
        return nil
    }
}

extension ExplanationRules {
    /// What `argon2-parameters` spends on an input: the alternatives it tries (the same guard),
    /// each computed for both sides.
    static func argon2ParametersCost(_ context: Fields) -> ExplanationCost? {
        guard context["password"]?.bytes != nil, context["salt"]?.bytes != nil,
              let tag = context["params"]?.text, let p = try? KdfParams.parse(tag) else { return nil }
        var alternatives: [(m: UInt64, t: UInt64, p: UInt64)] = [
            (UInt64(p.memoryKiB) * 1024, UInt64(p.iterations), UInt64(p.parallelism)),
            (UInt64(p.memoryKiB / 1024), UInt64(p.iterations), UInt64(p.parallelism)),
            (UInt64(p.memoryKiB), UInt64(p.iterations), UInt64(p.parallelism)),
        ]
        if p.iterations != p.parallelism { alternatives.append((UInt64(p.memoryKiB), UInt64(p.parallelism), UInt64(p.iterations))) }
        alternatives.removeAll { a in
            !(a.m <= UInt64(ExplanationRules.argon2MemoryCapKiB) && a.m >= 8 * a.p && a.t >= 1 && a.p >= 1)
        }
        guard !alternatives.isEmpty else { return nil }
        // m ≤ 64 Mi and t < 2^32: no product or sum here can overflow 64 bits.
        let each = alternatives.map { $0.m * $0.t }
        return ExplanationCost(hashes: 2 * alternatives.count, work: 2 * each.reduce(0, +), largestWork: each.max() ?? 0,
                               memoryKiB: alternatives.map(\.m).max() ?? 0)
    }
}
