import ConcordFormats
import ConcordSuites

extension Suites {
    static let justsendChunkInputs = [
        FieldSpec("shareKey", .bytes, "The share key (32 bytes); the chunk's key is the attachment key derived from it.").kind(.bytes(lengths: [32])),
        FieldSpec("assetId", .text, "The attachment's id."),
        FieldSpec("noncePrefix", .bytes, "The 4 bytes before the index in every nonce (not shown in the seed: an input).").kind(.bytes(lengths: [4])),
        FieldSpec("index", .integer, minimum: 0, "The chunk's index, 0-based (below count)."),
        FieldSpec("count", .integer, minimum: 0, "The attachment's number of chunks (at least 1)."),
    ]

    public static let justsendChunk = Suite(
        name: "justsend.chunk", contract: "justsend",
        summary: "JustSend chunked attachments (§4): chunk i of count is AES-256-GCM under the attachment key, nonce = noncePrefix(4) || uint64BE(i), AAD = UTF-8(assetId) || 0x00 || uint64BE(i) || uint64BE(count), stored as ct || tag.",
        ops: [OpSpec("seal", "Seal one chunk.",
                     inputs: justsendChunkInputs + [FieldSpec("plaintext", .bytes, "The chunk's bytes.")],
                     expects: [FieldSpec("chunk", .bytes, "`ct || tag` (the nonce is recomputed, never stored).")]),
              OpSpec("open", "Open one chunk at the position given: its bytes, or `authentication` when the chunk belongs elsewhere (another index, count, attachment or share).",
                     inputs: justsendChunkInputs + [FieldSpec("chunk", .bytes, "`ct || tag`.")],
                     expects: [FieldSpec("plaintext", .bytes, "The chunk's bytes.")])],
        implementations: justsendImplementations + ["node", "webcrypto"],
        artifacts: [ArtifactSpec.opening(write: "seal", open: "open", artifact: "chunk", held: ["shareKey", "assetId", "noncePrefix", "index", "count"], expects: ["plaintext"])])
}
