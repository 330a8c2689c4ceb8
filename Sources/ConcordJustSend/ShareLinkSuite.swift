import ConcordFormats
import ConcordSuites

extension Suites {
    public static let justsendShareLink = Suite(
        name: "justsend.share-link", contract: "justsend",
        summary: "JustSend share links (§4): the 32-byte share key in the URL fragment as 43 characters of b64url without padding, and the per-attachment key HKDF-SHA256(shareKey, UTF-8(assetId), \"justsend-share-attachment-v1\", 32).",
        ops: [OpSpec("encode", "The fragment of a share key.",
                     inputs: [FieldSpec("shareKey", .bytes, "The share key (32 bytes).").kind(.bytes(lengths: [32]))],
                     expects: [FieldSpec("fragment", .text, "b64url without padding, 43 characters.")]),
              OpSpec("decode", "The share key of a fragment, or a `format` refusal.",
                     inputs: [FieldSpec("fragment", .text, "The URL fragment (after `#`).")],
                     expects: [FieldSpec("shareKey", .bytes, "The share key (32 bytes).").kind(.bytes(lengths: [32]))]),
              OpSpec("attachment-key", "The key of one attachment.",
                     inputs: [FieldSpec("shareKey", .bytes, "The share key (32 bytes).").kind(.bytes(lengths: [32])),
                              FieldSpec("assetId", .text, "The attachment's id: its UTF-8 bytes are the HKDF salt.")],
                     expects: [FieldSpec("attachmentKey", .bytes, "The attachment key (32 bytes).")])],
        implementations: justsendImplementations + ["node", "webcrypto"])
}
