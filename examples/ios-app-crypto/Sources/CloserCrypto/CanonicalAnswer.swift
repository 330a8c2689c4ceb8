/// The app's canonical answer JSON (CONTRACT.md §7): `{"scaleValue":…,"selectedOptionIds":[…],"writtenText":…}`,
/// only `" \ LF CR TAB` escaped, every other character written as itself.
///
/// THE DELIBERATE DIVERGENCE of this example: the ids are sorted by Unicode scalar value (what Swift's
/// own comparisons suggest), where the contract sorts by UTF-16 code units (Kotlin's `String.compareTo`).
/// They differ only for ids mixing characters above U+FFFF with ones in U+E000…U+FFFF; Concord's run
/// and diff name it ("ids sorted by code point").
public enum CanonicalAnswer {
    public enum Failure: Error, Equatable {
        case scaleOutOfRange(Int64)
    }

    public static func json(scaleValue: Int64?, selectedOptionIds: [String], writtenText: String?) throws -> String {
        if let s = scaleValue, s < Int64(Int32.min) || s > Int64(Int32.max) { throw Failure.scaleOutOfRange(s) }
        let ids = selectedOptionIds.sorted { $0.unicodeScalars.map(\.value).lexicographicallyPrecedes($1.unicodeScalars.map(\.value)) }
        var out = "{\"scaleValue\":" + (scaleValue.map(String.init) ?? "null") + ",\"selectedOptionIds\":["
        out += ids.map(quoted).joined(separator: ",")
        out += "],\"writtenText\":" + (writtenText.map(quoted) ?? "null") + "}"
        return out
    }

    static func quoted(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }
}
