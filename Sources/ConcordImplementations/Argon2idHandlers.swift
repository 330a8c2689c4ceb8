import ConcordFormats
import ConcordSuites
import ConcordPrimitives

/// The `argon2id` suite: the contract's checks, shared by every in-process implementation, then
/// the library call. Adapters run the same checks on their side.
struct Argon2idCall {
    var password: [UInt8]
    var salt: [UInt8]
    var params: KdfParams
    var length: Int
    var secret: [UInt8]?
    var associatedData: [UInt8]?

    static let lengthRange: ClosedRange<Int64> = 4...1024
    static let minimumSalt = 8

    init(_ r: Request) throws(ContractError) {
        password = try r.bytes("password")
        salt = try r.bytes("salt")
        params = try KdfParams.parse(try r.text("params"))
        let len = try r.optionalInteger("length") ?? 32
        guard Self.lengthRange.contains(len) else {
            throw ContractError(.parameters, "output length \(len) is outside \(Self.lengthRange.lowerBound)...\(Self.lengthRange.upperBound) bytes")
        }
        length = Int(len)
        guard salt.count >= Self.minimumSalt else {
            throw ContractError(.parameters, "salt of \(salt.count) bytes is shorter than Argon2's minimum of \(Self.minimumSalt)")
        }
        secret = try r.optionalBytes("secret")
        associatedData = try r.optionalBytes("associatedData")
    }

    var primitiveParameters: Argon2idParameters {
        Argon2idParameters(memoryKiB: params.memoryKiB, iterations: params.iterations,
                           parallelism: params.parallelism, version: 0x13, length: length)
    }
}

enum Argon2idHandlers {
    static let libsodium = SuiteHandler(Suites.argon2id) { r in
        let c = try Argon2idCall(r)
        do {
            let key = try SodiumArgon2id.hash(password: c.password, salt: c.salt, parameters: c.primitiveParameters,
                                              secret: c.secret, associatedData: c.associatedData)
            return ["key": .bytes(key)]
        } catch let e as CryptoError { throw PrimitiveRefusal.map(e) }
    }

    static let libargon2 = SuiteHandler(Suites.argon2id) { r in
        let c = try Argon2idCall(r)
        do {
            let key = try ReferenceArgon2id.hash(password: c.password, salt: c.salt, parameters: c.primitiveParameters,
                                                 secret: c.secret, associatedData: c.associatedData)
            return ["key": .bytes(key)]
        } catch let e as CryptoError { throw PrimitiveRefusal.map(e) }
    }
}
