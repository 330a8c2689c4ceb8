import ConcordFormats
import ConcordPrimitives
import ConcordSuites

/// The Closer compositions of CONTRACT.md §3–§8 as the iOS side computes them: Argon2id through
/// libsodium, AES-256-GCM through OpenSSL, the combined form `nonce(12) || ciphertext || tag(16)`.
/// When a blob does not open, the known causes are tried and named (a Tink output prefix, the
/// historical AAD), because that is what a person debugging a real break needs.
public enum Closer {
    public static let nonceLength = 12
    public static let tagLength = 16
    public static let saltLength = 16

    // MARK: AES-256-GCM, combined form

    /// The contract's AES-256-GCM key length, checked before anything else is read (a key of the
    /// wrong length is `parameters` whatever else is wrong, as in the jvm and node ports and Tink).
    public static func requireKey(_ key: [UInt8], named name: String = "the key") throws(ContractError) {
        guard key.count == 32 else { throw ContractError(.parameters, "\(name) is \(key.count) bytes; the contract's AES-256-GCM key is 32") }
    }

    public static func seal(key: [UInt8], nonce: [UInt8], aad: [UInt8], plaintext: [UInt8]) throws(ContractError) -> [UInt8] {
        try requireKey(key)
        guard nonce.count == nonceLength else { throw ContractError(.parameters, "the nonce is \(nonce.count) bytes; the contract's nonce is 12") }
        do {
            let (ct, tag) = try OpenSSLAESGCM.seal(key: key, nonce: nonce, aad: aad, plaintext: plaintext)
            return nonce + ct + tag
        } catch { throw ContractError(.parameters, "AES-GCM seal failed: \(error)") }
    }

    /// Opens `nonce || ct || tag`; on a failed tag, tries each alternative AAD and a 5-byte Tink
    /// prefix, and names the one that opens.
    public static func open(key: [UInt8], aad: [UInt8], blob: [UInt8], what: String,
                            alternativeAADs: [CloserAAD] = []) throws(ContractError) -> [UInt8] {
        try requireKey(key)
        if let pt = tryOpen(key, aad, blob) { return pt }
        if blob.count < nonceLength + tagLength {
            throw ContractError(.format, "\(what) is \(blob.count) bytes, shorter than nonce (12) + tag (16)")
        }
        if let prefix = tinkPrefix(blob), tryOpen(key, aad, Array(blob.dropFirst(TinkOutputPrefix.length))) != nil {
            throw ContractError(.format, "\(what) starts with a 5-byte Tink \(prefix) output prefix and opens after dropping it: the contract is RAW (no prefix)")
        }
        for alt in alternativeAADs where tryOpen(key, alt.bytes, blob) != nil {
            throw ContractError(.authentication, "\(what) does not open with the contract's AAD but opens with \(alt.name) (\(String(decoding: alt.bytes, as: UTF8.self)))")
        }
        var why = "\(what) does not open: the tag does not verify (wrong key, wrong AAD or altered bytes)"
        if let prefix = tinkPrefix(blob) { why += "; it starts like a Tink \(prefix) prefix but does not open without it either" }
        throw ContractError(.authentication, why)
    }

    static func tryOpen(_ key: [UInt8], _ aad: [UInt8], _ blob: [UInt8]) -> [UInt8]? {
        guard blob.count >= nonceLength + tagLength else { return nil }
        let nonce = Array(blob[0..<nonceLength])
        let ct = Array(blob[nonceLength..<(blob.count - tagLength)])
        let tag = Array(blob.suffix(tagLength))
        return try? OpenSSLAESGCM.open(key: key, nonce: nonce, aad: aad, ciphertext: ct, tag: tag)
    }

    /// The Tink output prefix a blob long enough to hold one could start with, described with its key id.
    static func tinkPrefix(_ blob: [UInt8]) -> String? {
        guard let p = TinkOutputPrefix.find(in: blob, minimumLength: TinkOutputPrefix.length + nonceLength + tagLength) else { return nil }
        return "\(p.kind) (0x0\(p.marker), key id \(p.keyId) = 0x\(p.keyIdHex))"
    }

    // MARK: Argon2id (§2)

    /// How a composition derives its KEK from a secret and a salt: `Closer.kek` (Argon2id at the
    /// contract's parameters), or a caller's memo of it (SharedDerivations, beside it).
    public typealias KeyDerivation = @Sendable (_ secret: String, _ salt: [UInt8]) throws(ContractError) -> [UInt8]

    public static func kek(secret: String, salt: [UInt8]) throws(ContractError) -> [UInt8] {
        try kek(secret: secret, salt: salt, params: KdfParams.closer)
    }

    /// The KEK with the parameters a stored `kdfParams` tag names (§2).
    public static func kek(secret: String, salt: [UInt8], params p: KdfParams) throws(ContractError) -> [UInt8] {
        guard salt.count == saltLength else { throw ContractError(.parameters, "the salt is \(salt.count) bytes; the contract's salt is 16") }
        do {
            return try SodiumArgon2id.hash(password: Array(secret.utf8), salt: salt,
                                           parameters: Argon2idParameters(memoryKiB: p.memoryKiB, iterations: p.iterations, parallelism: p.parallelism))
        } catch { throw ContractError(.parameters, "Argon2id failed: \(error)") }
    }

    // MARK: couple key wrap (§4)

    public enum WrappedForm: String, Sendable { case raw, tinkKeyset = "tink-keyset" }

    public static func wrapCoupleKey(phrase: String, kdfSalt: [UInt8], nonce: [UInt8], plaintext: [UInt8],
                                     derive: KeyDerivation = Closer.kek(secret:salt:))
        throws(ContractError) -> (wrappedCoupleKey: String, kdfSalt: String, kdfParams: String) {
        let kek = try derive(phrase, kdfSalt)
        let blob = try seal(key: kek, nonce: nonce, aad: CloserAAD.coupleKey.bytes, plaintext: plaintext)
        return (Base64.encode(blob, .standard), Base64.encode(kdfSalt, .standard), KdfParams.closer.tag)
    }

    public static func unwrapCoupleKey(phrase: String, kdfSalt: String, wrappedCoupleKey: String,
                                       derive: KeyDerivation = Closer.kek(secret:salt:))
        throws(ContractError) -> (coupleKey: [UInt8], form: WrappedForm) {
        let salt: [UInt8]
        do { salt = try Base64.decode(kdfSalt, .standard) } catch { throw ContractError(.format, "kdfSalt: \(error.message)") }
        guard salt.count == saltLength else { throw ContractError(.format, "kdfSalt decodes to \(salt.count) bytes; the contract's salt is 16") }
        let blob: [UInt8]
        do { blob = try Base64.decode(wrappedCoupleKey, .standard) } catch { throw ContractError(.format, "wrappedCoupleKey: \(error.message)") }
        let pt = try open(key: try derive(phrase, salt), aad: CloserAAD.coupleKey.bytes, blob: blob, what: "wrappedCoupleKey")
        if pt.count == 32 { return (pt, .raw) }
        if let json = String(validating: pt, as: UTF8.self), json.first == "{" {
            // §4: option B is a keyset holding one AesGcmKey of 32 bytes; any other plaintext is `format`
            let keyset: TinkAesGcmKeyset
            do { keyset = try TinkAesGcmKeyset.parse(json) } catch {
                throw ContractError(.format, "the unwrapped plaintext is not the contract's keyset: \(error.message)")
            }
            let count = (try? TinkKeyset.parse(json))?.keyCount ?? 0
            guard count == 1 else {
                throw ContractError(.format, "the unwrapped keyset holds \(count) keys; the contract's holds exactly one AesGcmKey")
            }
            guard keyset.primaryKey.count == 32 else {
                throw ContractError(.format, "the unwrapped keyset's AesGcmKey is \(keyset.primaryKey.count) bytes; the contract's couple key is 32")
            }
            return (keyset.primaryKey, .tinkKeyset)
        }
        throw ContractError(.format, "the unwrapped plaintext is \(pt.count) bytes: neither a raw 32-byte key nor a Tink JSON keyset")
    }

    // MARK: recovery phrase sealed with the invite code (§5)

    public static func sealInvitePhrase(inviteCode: String, phrase: String, salt: [UInt8], nonce: [UInt8],
                                        derive: KeyDerivation = Closer.kek(secret:salt:)) throws(ContractError) -> String {
        let key = try derive(inviteCode, salt)
        return Base64.encode(salt + (try seal(key: key, nonce: nonce, aad: CloserAAD.invitePhrase.bytes, plaintext: Array(phrase.utf8))), .standard)
    }

    public static func openInvitePhrase(inviteCode: String, encryptedRecoveryPhrase: String,
                                        derive: KeyDerivation = Closer.kek(secret:salt:)) throws(ContractError) -> String {
        let blob: [UInt8]
        do { blob = try Base64.decode(encryptedRecoveryPhrase, .standard) } catch { throw ContractError(.format, "encryptedRecoveryPhrase: \(error.message)") }
        guard blob.count >= saltLength + nonceLength + tagLength else {
            throw ContractError(.format, "encryptedRecoveryPhrase is \(blob.count) bytes, shorter than salt (16) + nonce (12) + tag (16)")
        }
        let key = try derive(inviteCode, Array(blob.prefix(saltLength)))
        let pt = try open(key: key, aad: CloserAAD.invitePhrase.bytes, blob: Array(blob.dropFirst(saltLength)), what: "encryptedRecoveryPhrase")
        guard let phrase = String(validating: pt, as: UTF8.self) else { throw ContractError(.format, "the recovery phrase is not valid UTF-8") }
        return phrase
    }

    // MARK: field encryption (§6)

    public static func encryptField(coupleKey: [UInt8], coupleId: String, plaintext: [UInt8], nonce: [UInt8]) throws(ContractError) -> String {
        Wire.field + Base64.encode(try seal(key: coupleKey, nonce: nonce, aad: CloserAAD.field(coupleId: coupleId).bytes, plaintext: plaintext), .standard)
    }

    /// `legacy`: the user and question ids, to recognise the historical AAD `userId:questionId`.
    public static func decryptField(coupleKey: [UInt8], coupleId: String, wire: String, legacy: (userId: String, questionId: String)? = nil) throws(ContractError) -> [UInt8] {
        // The key before the wire, as jvm and Tink read them (found by concord explore: an empty key and an empty wire).
        try requireKey(coupleKey, named: "coupleKey")
        let blob = try Wire.decode(wire, prefix: Wire.field, .standard)
        let alternatives = legacy.map { [CloserAAD.historical(userId: $0.userId, questionId: $0.questionId)] } ?? []
        return try open(key: coupleKey, aad: CloserAAD.field(coupleId: coupleId).bytes, blob: blob, what: "the enc:v1 blob", alternativeAADs: alternatives)
    }

    // MARK: commitment and sealed answer (§8)

    public static func commitmentHash(coupleId: String, questionId: String, userId: String, canonical: [UInt8]) -> String {
        CloserWire.commitmentHash(coupleId: coupleId, questionId: questionId, userId: userId, canonical: canonical, sha256: SHA256.hash)
    }

    static func answerAAD(_ coupleId: String, _ questionId: String, _ userId: String) -> [UInt8] {
        CloserAAD.sealedAnswer(coupleId: coupleId, questionId: questionId, userId: userId).bytes
    }

    public static func sealAnswer(coupleId: String, questionId: String, userId: String, answer: Answer, oneTimeKey: [UInt8], nonce: [UInt8])
        throws(ContractError) -> (encryptedPayload: String, commitmentHash: String) {
        let canonical = answer.canonicalJSON
        let blob = try seal(key: oneTimeKey, nonce: nonce, aad: answerAAD(coupleId, questionId, userId), plaintext: canonical)
        return (Wire.sealed + Base64.encode(blob, .url), commitmentHash(coupleId: coupleId, questionId: questionId, userId: userId, canonical: canonical))
    }

    /// Checks the shapes (`format`), opens (`authentication`), checks that the decrypted bytes are
    /// canonical answer JSON (`format`), then verifies the commitment over them (`authentication`).
    public static func openAnswer(coupleId: String, questionId: String, userId: String, oneTimeKey: [UInt8],
                                  encryptedPayload: String, commitmentHash expected: String) throws(ContractError) -> Answer {
        // The key first, as jvm and Tink read them (found by concord explore: an empty key and payload).
        try requireKey(oneTimeKey, named: "oneTimeKey")
        if let refusal = LegacyForms.sealedRefusal(encryptedPayload) { throw refusal }
        let blob = try Wire.decode(encryptedPayload, prefix: Wire.sealed, .url)
        let digest = try Wire.decode(expected, prefix: Wire.commitment, .url)
        guard digest.count == 32 else {
            throw ContractError(.format, "commitmentHash holds \(digest.count) bytes; a SHA-256 digest is 32")
        }
        let canonical = try open(key: oneTimeKey, aad: answerAAD(coupleId, questionId, userId), blob: blob, what: "the sealed:v1 payload")
        let answer = try Answer.parseCanonical(canonical)
        let actual = commitmentHash(coupleId: coupleId, questionId: questionId, userId: userId, canonical: canonical)
        guard actual == expected else {
            throw ContractError(.authentication, "the commitment does not match the decrypted answer: expected \(expected), the answer gives \(actual)")
        }
        return answer
    }
}
