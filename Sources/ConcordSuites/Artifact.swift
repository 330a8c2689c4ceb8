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
    }

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

    public init(write writeOp: String?, open openOp: String?, artifact: String,
                inputs: [(field: String, from: Source)], expects: [(field: String, from: Source)]) {
        self.writeOp = writeOp
        self.openOp = openOp
        self.artifact = artifact
        self.inputs = inputs
        self.expects = expects
    }

    /// The usual case: the same-named inputs held by the reader, the artifact stored, and the opened
    /// value the writer's input of that name.
    public static func opening(write: String, open: String, artifact: String, held: [String], stored: [String] = [],
                               expects: [String]) -> ArtifactSpec {
        ArtifactSpec(write: write, open: open, artifact: artifact,
                     inputs: held.map { ($0, .held($0)) } + ([artifact] + stored).map { ($0, .stored($0)) },
                     expects: expects.map { ($0, .held($0)) })
    }
}
