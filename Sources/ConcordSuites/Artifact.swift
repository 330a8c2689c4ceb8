import ConcordFormats

/// What of a suite's outputs an app writes and keeps for years (a wire string, a wrapped key, a
/// sealed answer), and how a later release opens it: the suite's own statement, read by `concord
/// archive add` (docs/archive.md). Declared beside the suite, never in the archive's code: the
/// archive knows no pack.
///
/// An opening vector is made from one captured answer of `writeOp`: each input of `openOp` comes
/// from where `inputs` says, and the expected value from where `expects` says. Nothing expected
/// comes from the app's answer: the app's outputs are what is opened, and the expected value is
/// what the app was given to write.
public struct ArtifactSpec: Sendable {
    /// Where an opening input or expected value comes from.
    public enum Source: Sendable, Equatable {
        /// An output of the writing op, as the app stores it beside (or as) the artifact: it must be
        /// in the capture's answer, or the artifact could never be opened.
        case stored(String)
        /// An input of the writing op that the reader holds without the artifact (a key, a
        /// password, the couple id, a constant of the contract): taken from the writing vector.
        case held(String)
        /// The reader's own private key whose public half is the writing op's input named here (a
        /// keybox sealed to `recipientPublicKey` opens with the recipient's private keyset): neither
        /// an input nor an output of the writing op, so it is found among the key pairs the project
        /// gives (docs/archive.md, "The recipient's private key"), matched by `keyPair`.
        case privateHalf(of: String)
    }

    /// Whether a private key (the value of an opening input taken `privateHalf(of:)`) is the private
    /// half of a public key (the writing op's input): the pack's own code derives the public key
    /// from the private one and compares them exactly. The key material that matched (a scalar, the
    /// 32 bytes of an X25519 key: two candidates with other material are two different keys, while
    /// two spellings of one keyset are one key), or nil for a value that is not its private half.
    public typealias KeyPair = @Sendable (_ privateKey: Value, _ publicKey: Value) -> [UInt8]?

    /// The op whose captured outputs are the artifact (`encrypt`).
    public var writeOp: String?
    /// The op that opens it (`decrypt`).
    public var openOp: String?
    /// The artifact's main output, for messages (`wire`).
    public var artifact: String
    /// Every input of `openOp` the opening vector gives, and from where.
    public var inputs: [(field: String, from: Source)]
    /// Every output of `openOp` the opening vector expects, and from where (a `held` input of the
    /// writer: what it was asked to seal).
    public var expects: [(field: String, from: Source)]
    /// How a `privateHalf(of:)` input is matched to its public half (nil: the spec has none).
    public var keyPair: KeyPair?

    public init(write writeOp: String?, open openOp: String?, artifact: String,
                inputs: [(field: String, from: Source)], expects: [(field: String, from: Source)], keyPair: KeyPair? = nil) {
        self.writeOp = writeOp
        self.openOp = openOp
        self.artifact = artifact
        self.inputs = inputs
        self.expects = expects
        self.keyPair = keyPair
    }

    /// The usual case: the same-named inputs held by the reader, the artifact stored, and the opened
    /// value the writer's input of that name.
    public static func opening(write: String, open: String, artifact: String, held: [String], stored: [String] = [],
                               expects: [String]) -> ArtifactSpec {
        ArtifactSpec(write: write, open: open, artifact: artifact,
                     inputs: held.map { ($0, .held($0)) } + ([artifact] + stored).map { ($0, .stored($0)) },
                     expects: expects.map { ($0, .held($0)) })
    }

    /// An artifact sealed to the reader's public key (`publicInput` of the writing op) and opened
    /// with its private half (`privateInput` of the opening op), found by `keyPair`; the other
    /// `held` inputs as `opening` takes them.
    public static func sealedToReader(write: String, open: String, artifact: String, publicInput: String, privateInput: String,
                                      held: [String] = [], expects: [String], keyPair: @escaping KeyPair) -> ArtifactSpec {
        var spec = opening(write: write, open: open, artifact: artifact, held: held, expects: expects)
        spec.inputs.insert((privateInput, .privateHalf(of: publicInput)), at: 0)
        spec.keyPair = keyPair
        return spec
    }
}
