import ConcordSuites

extension Suites {
    public static let askKeyPairingCode = Suite(
        name: "askkey.pairing-code", contract: "askkey",
        summary: "The pairing code's display rule: six ASCII digits shown as two groups of three (`123 456`); anything else is refused.",
        ops: [OpSpec(nil,
                     inputs: [FieldSpec("code", .text, "The code as generated: exactly six ASCII digits `0`–`9` (anything else is `format`).")],
                     expects: [FieldSpec("display", .text, "The first three digits, one space, the last three.")])],
        implementations: ["swift", "jvm"])
}
