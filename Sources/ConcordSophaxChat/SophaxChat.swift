import ConcordFormats
import ConcordPrimitives
import ConcordSuites

/// The SophaxChat contract (docs/contracts/sophaxchat.md) composed on the primitives as the seed's
/// CryptoKit client would: X25519 and ChaCha20-Poly1305 on libsodium, HKDF-SHA256 (HMAC) and
/// SHA3-256 on OpenSSL. Every refusal is a `ContractError` of the contract's class.
enum SophaxChat {
    static let dh: CryptoBackend = .libsodium
    static let aead: CryptoBackend = .libsodium
    static let zero32 = [UInt8](repeating: 0, count: 32)

    /// Runs a primitive, turning its refusal into the contract's class (a field name prefixed), its
    /// `unsupported` into `Unsupported` and a library failure into an implementation failure.
    static func call<T>(_ what: String, _ body: () throws(CryptoError) -> T) throws -> T {
        try PrimitiveRefusal.call(what, body)
    }

    static func x25519(_ priv: [UInt8], _ pub: [UInt8], _ what: String) throws -> [UInt8] {
        try call(what) { () throws(CryptoError) in
            guard priv.count == 32 else { throw .parameters("an X25519 private key is 32 bytes (got \(priv.count))") }
            return try X25519.sharedSecret(privateKey: priv, publicKey: pub, backend: dh)
        }
    }

    static func publicKey(_ priv: [UInt8], _ what: String) throws -> [UInt8] {
        try call(what) { () throws(CryptoError) in
            guard priv.count == 32 else { throw .parameters("an X25519 private key is 32 bytes (got \(priv.count))") }
            return try X25519.publicKey(privateKey: priv, backend: dh)
        }
    }

    static func hkdf(_ ikm: [UInt8], salt: [UInt8] = [], _ info: String, _ size: Int) -> [UInt8] {
        HKDF.sha256(ikm: ikm, salt: salt, info: Array(info.utf8), size: size)
    }

    static func split64(_ x: [UInt8]) -> ([UInt8], [UInt8]) { (Array(x[0..<32]), Array(x[32..<64])) }

    // MARK: §1 X3DH

    static let x3dhInfo = "SophaxChat_X3DH_v1"

    /// The X3DH master secret from the DH outputs in order (DH1, DH2, DH3[, DH4]).
    static func x3dh(_ dhs: [[UInt8]]) -> (rootKey: [UInt8], chainKey: [UInt8]) {
        split64(hkdf(zero32 + dhs.joined(), salt: zero32, x3dhInfo, 64))
    }

    // MARK: §2 Double Ratchet

    static func rootStep(rootKey: [UInt8], myPrivate: [UInt8], theirPublic: [UInt8]) throws -> ([UInt8], [UInt8]) {
        try checkKey(rootKey, "rootKey")
        let shared = try x25519(myPrivate, theirPublic, "root step DH")
        return split64(hkdf(rootKey + shared, "SophaxChat_RootRatchet_v1", 64))
    }

    /// (messageKey, nextChainKey) of one chain step.
    static func chainStep(_ chainKey: [UInt8]) -> ([UInt8], [UInt8]) {
        split64(hkdf(chainKey, "SophaxChat_ChainRatchet_v1", 64))
    }

    // MARK: §3 Sender keys

    static func senderMessageKey(_ chainKey: [UInt8]) -> [UInt8] { hkdf(chainKey, "SophaxChat_SenderKey_Message_v1", 32) }
    static func senderNextChainKey(_ chainKey: [UInt8]) -> [UInt8] { hkdf(chainKey, "SophaxChat_SenderKey_Chain_v1", 32) }

    /// chain_key(i) from chain_key(0).
    static func senderChainKey(_ chainKey0: [UInt8], iteration: Int64) throws -> [UInt8] {
        try checkKey(chainKey0, "chainKey")
        try checkSteps(iteration, "iteration")
        var ck = chainKey0
        for _ in 0..<iteration { ck = senderNextChainKey(ck) }
        return ck
    }

    // MARK: §2–§4 wires

    static func sealWire(key: [UInt8], nonce: [UInt8], plaintext: [UInt8]) throws -> [UInt8] {
        let (ct, tag) = try call("seal") { () throws(CryptoError) in
            try ChaCha20Poly1305.seal(key: key, nonce: nonce, aad: [], plaintext: plaintext, backend: aead)
        }
        return nonce + ct + tag
    }

    /// Opens nonce(12) ‖ ciphertext ‖ tag(16); shorter than 28 bytes is `format`.
    static func openWire(key: [UInt8], wire: [UInt8], what: String = "wire") throws -> [UInt8] {
        guard wire.count >= 12 + 16 else {
            throw ContractError(.format, "\(what) is \(wire.count) bytes, shorter than nonce (12) + tag (16)")
        }
        let nonce = Array(wire[0..<12]), ct = Array(wire[12..<(wire.count - 16)]), tag = Array(wire.suffix(16))
        return try call(what) { () throws(CryptoError) in
            try ChaCha20Poly1305.open(key: key, nonce: nonce, aad: [], ciphertext: ct, tag: tag, backend: aead)
        }
    }

    static let sealedSenderInfo = "SophaxChat_SealedSender_v1"

    static func sealSender(recipient: [UInt8], ephemeralPrivate: [UInt8], nonce: [UInt8], plaintext: [UInt8]) throws -> [UInt8] {
        let ephemeralPublic = try publicKey(ephemeralPrivate, "ephemeralPrivateKey")
        let shared = try x25519(ephemeralPrivate, recipient, "recipientIdentityKey")
        return ephemeralPublic + (try sealWire(key: hkdf(shared, sealedSenderInfo, 32), nonce: nonce, plaintext: plaintext))
    }

    static func openSender(recipientPrivate: [UInt8], wire: [UInt8]) throws -> [UInt8] {
        guard wire.count >= 32 + 12 + 16 else {
            throw ContractError(.format, "the sealed-sender wire is \(wire.count) bytes, shorter than the ephemeral key (32) + nonce (12) + tag (16)")
        }
        let shared = try x25519(recipientPrivate, Array(wire[0..<32]), "the wire's ephemeral key")
        return try openWire(key: hkdf(shared, sealedSenderInfo, 32), wire: Array(wire[32...]), what: "the sealed-sender wire")
    }

    // MARK: §5 Tor v3 addresses

    static func onionChecksum(_ publicKey: [UInt8]) -> [UInt8] {
        Array(SHA3_256.hash(Array(".onion checksum".utf8) + publicKey + [3]).prefix(2))
    }

    static func onionAddress(_ publicKey: [UInt8]) throws -> String {
        guard publicKey.count == 32 else { throw ContractError(.parameters, "publicKey is \(publicKey.count) bytes; an Ed25519 public key is 32") }
        return Base32.encode(publicKey + onionChecksum(publicKey) + [3]) + ".onion"
    }

    /// The public key in an address; upper case is accepted (the seed writes BASE32 in capitals).
    static func parseOnion(_ address: String) throws -> [UInt8] {
        let suffix = ".onion"
        guard address.lowercased().hasSuffix(suffix) else { throw ContractError(.format, "the address does not end in .onion") }
        let body = String(address.unicodeScalars.dropLast(suffix.count).map(Character.init))
        let n = body.unicodeScalars.count
        guard n == 56 else { throw ContractError(.format, "a v3 address has 56 base32 symbols before .onion (got \(n))") }
        let (decoded, bad) = Base32.decode(body)
        if let bad { throw ContractError(.format, "symbol \(bad + 1) of the address is not in the base32 alphabet") }
        guard let bytes = decoded, bytes.count == 35 else { throw ContractError(.format, "the address's base32 does not decode to 35 bytes") }
        let key = Array(bytes[0..<32])
        guard bytes[34] == 3 else { throw ContractError(.format, "the address's version byte is \(bytes[34]), not 3") }
        guard Array(bytes[32..<34]) == onionChecksum(key) else { throw ContractError(.format, "the address's checksum does not match its key") }
        return key
    }

    // MARK: §6 Safety numbers

    static func safetyNumber(mySig: [UInt8], theirSig: [UInt8], myDH: [UInt8], theirDH: [UInt8]) throws -> (digest: [UInt8], display: String) {
        for (k, name) in [(mySig, "mySigningKey"), (theirSig, "theirSigningKey"), (myDH, "myDHKey"), (theirDH, "theirDHKey")] {
            guard k.count == 32 else { throw ContractError(.parameters, "\(name) is \(k.count) bytes; identity public keys are 32") }
        }
        let digest = SHA256.hash(mySig + theirSig + myDH + theirDH)
        let hex = Array(Hex.encode(digest).prefix(60))
        let groups = stride(from: 0, to: 60, by: 5).map { String(hex[$0..<($0 + 5)]) }
        return (digest, groups.joined(separator: " "))
    }

    // MARK: checks

    static func checkKey(_ key: [UInt8], _ name: String) throws {
        guard key.count == 32 else { throw ContractError(.parameters, "\(name) is \(key.count) bytes; the contract's keys are 32") }
    }

    static func checkSteps(_ n: Int64, _ name: String) throws {
        guard n >= 0 else { throw ContractError(.parameters, "\(name) is negative (\(n))") }
        guard n <= Suites.sophaxChatMaxSteps else {
            throw Unsupported("\(name) \(n) is above the harness's limit of \(Suites.sophaxChatMaxSteps) chain steps")
        }
    }
}
