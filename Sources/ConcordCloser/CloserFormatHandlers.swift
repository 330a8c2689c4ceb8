import ConcordFormats
import ConcordPrimitives
import ConcordSuites

/// The Closer syntax suites as the `swift` implementation checks them: `closer.invite-code` and
/// `closer.recovery-phrase` (the contract §4).
enum CloserFormatHandlers {
    static let inviteCode = SuiteHandler(Suites.closerInviteCode) { r in
        let code = try r.text("code")
        try CloserCodes.validateInviteCode(code)
        return ["code": .text(code)]
    }

    static let recoveryPhrase = SuiteHandler(Suites.closerRecoveryPhrase) { r in
        let list = try r.text("wordlist"), recorded = try r.bytes("wordlistSha256")
        guard recorded.count == 32 else {
            throw ContractError(.parameters, "wordlistSha256 is \(recorded.count) bytes; a SHA-256 is 32")
        }
        guard SHA256.hash(Array(list.utf8)) == recorded else {
            throw ContractError(.parameters, "the wordlist's SHA-256 is not the recorded wordlistSha256: this is another list")
        }
        let indices = try CloserCodes.validatePhrase(try r.text("phrase"), wordlist: try CloserCodes.wordlist(list))
        return ["indices": .bytes(indices)]
    }

    static let all = [inviteCode, recoveryPhrase]
}
