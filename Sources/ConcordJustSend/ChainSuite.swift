import ConcordFormats
import ConcordSuites

extension Suites {
    public static let justsendChain = Suite(
        name: "justsend.chain", contract: "justsend",
        summary: "JustSend's hierarchy (§2): ARK unwraps IK, IK unwraps CK, CK opens the item; all three steps.",
        ops: [OpSpec(nil, "Open the chain from the account root key: the item key, the content key and the content, or the first refusal.",
                     inputs: [FieldSpec("ark", .bytes, "The account root key (32 bytes).").kind(.bytes(lengths: [32])),
                              FieldSpec("wrappedIK", .text, "`wrap(IK, ARK)`: b64(nonce || ct || tag)."),
                              FieldSpec("wrappedCK", .text, "`wrap(CK, IK)`."),
                              FieldSpec("ciphertext", .text, "`seal(content, CK)`'s ciphertext field, b64(ct || tag)."),
                              FieldSpec("storedNonce", .text, "`seal(content, CK)`'s nonce field, b64(nonce).")],
                     expects: [FieldSpec("ik", .bytes, "The item key."), FieldSpec("ck", .bytes, "The content key."),
                               FieldSpec("content", .bytes, "The item content.")])],
        implementations: justsendImplementations)
}
