import ConcordSuites

extension Suites {
    public static let closerRecoveryPhrase = Suite(
        name: "closer.recovery-phrase", contract: "closer",
        summary: "The recovery phrase's syntax (§4): ten lower-case words of the 248-word list, separated by single spaces.",
        ops: [OpSpec("validate", "Accept the phrase and give each word's index in the list, or refuse it (`format`); a list whose SHA-256 differs is `parameters`.",
                     inputs: [FieldSpec("phrase", .text, "The recovery phrase as typed or stored."),
                              FieldSpec("wordlist", .text, "The word list: 248 distinct lower-case words, one per line, LF line ends (a final LF allowed)."),
                              FieldSpec("wordlistSha256", .bytes, "The SHA-256 of the word list's UTF-8 bytes, as recorded with the list; a list that does not hash to it is refused.")],
                     expects: [FieldSpec("indices", .bytes, "Each word's position in the list (0 to 247), one byte per word.")])],
        implementations: closerImplementations)
}
