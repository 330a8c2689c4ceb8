import ConcordFormats
import ConcordGeneration

/// The kinds of fresh value Closer's scenarios draw (docs/scenarios.md, "Fresh values"), registered
/// with the pack (`CloserPack.pack.freshKinds`).
public enum CloserFreshKinds {
    /// Ten words of the stand-in list (`CloserStandInWordlist`, `vectors/closer/recovery-phrase`).
    public static let recoveryPhrase = FreshKind(name: "recovery-phrase", parts: [("value", .text)]) { _, _, rng throws(FreshValues.Failure) in
        ["value": .text((0..<10).map { _ in rng.pick(CloserStandInWordlist.words) }.joined(separator: " "))]
    }

    /// Six characters of the invite code's alphabet (`A-H J-N P-Z 2-9`: no `I`, `O`, `0`, `1`).
    public static let inviteCode = FreshKind(name: "invite-code", parts: [("value", .text)]) { _, _, rng throws(FreshValues.Failure) in
        let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
        return ["value": .text(String((0..<6).map { _ in rng.pick(alphabet) }))]
    }

    /// An answer (§7): a selection of `options` (default `a`, `b`, `c`) in the canonical order, a
    /// scale value (at the 32-bit limits on its edge) and a written text (every tricky character on
    /// its edge); `empty` gives nulls.
    public static let answer = FreshKind(
        name: "answer", parts: [("value", .record(Answer.type))], lists: ["options"],
        edges: { _ in ["tricky-text", "scale-limits", "empty"] }
    ) { d, edge, rng throws(FreshValues.Failure) in
        let written: Value = edge == "empty" ? .null
            : .text(FreshValues.text(FreshOptions(), edge: edge == "tricky-text" ? "tricky-only" : nil, rng: &rng))
        // In the canonical order (UTF-16 code units, the Closer contract §7), as an answer is stored.
        let chosen = (d.options.lists["options"] ?? ["a", "b", "c"]).filter { _ in rng.chance(1, in: 2) }.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) }
        let scale: Value = edge == "empty" ? .null
            : edge == "scale-limits" ? .integer(rng.chance(1, in: 2) ? Int64(Int32.max) : Int64(Int32.min)) : .integer(Int64(rng.int(-2...10)))
        return ["value": .map(["scaleValue": scale, "selectedOptionIds": .list(chosen.map { .text($0) }), "writtenText": written])]
    }

    public static let all = [recoveryPhrase, inviteCode, answer]
}
