// swift-tools-version:6.0
// Concord: proves that implementations of the Closer end-to-end-encryption contract produce and
// accept the same bytes. Layers, each a module, none importing upward:
//   C bridges -> ConcordPrimitives / ConcordYAML -> ConcordFormats -> ConcordImplementations
//   -> ConcordRunner -> ConcordReport -> concord (executable)
import PackageDescription

let package = Package(
    name: "Concord",
    products: [
        .executable(name: "concord", targets: ["concord"]),
        .library(name: "ConcordRunner", targets: ["ConcordRunner"]),
    ],
    targets: [
        // C bridges: Debian's libraries as system library targets.
        .systemLibrary(name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"])]),
        .systemLibrary(name: "CArgon2", pkgConfig: "libargon2", providers: [.apt(["libargon2-dev"])]),
        .systemLibrary(name: "COpenSSL", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),

        // Primitives: thin value-type wrappers over the C libraries.
        .target(name: "ConcordPrimitives", dependencies: ["CSodium", "CArgon2", "COpenSSL"]),
        // A located YAML 1.2 (and JSON) node tree on libyaml.
        .target(name: "ConcordYAML", dependencies: ["CYAML"]),
        // Contract formats: pure Swift values, encodings, parameter tags.
        .target(name: "ConcordFormats", dependencies: ["ConcordPrimitives"]),
        // Suite definitions: every suite and contract pack, defined once (fields, ops, cost, limits,
        // warnings, round trip, docs sentence); the vector-file schema is derived from them.
        .target(name: "ConcordSuites", dependencies: ["ConcordFormats"]),
        // Implementations: in-process ones and external adapters behind one interface.
        .target(name: "ConcordImplementations", dependencies: ["ConcordSuites", "ConcordFormats", "ConcordPrimitives", "ConcordYAML"]),
        // Runner: loading, planning, running in parallel, comparing.
        .target(name: "ConcordRunner", dependencies: ["ConcordSuites", "ConcordImplementations", "ConcordFormats", "ConcordYAML"]),
        // Reports: JSON report and terminal summary.
        .target(name: "ConcordReport", dependencies: ["ConcordRunner", "ConcordSuites", "ConcordImplementations", "ConcordFormats", "ConcordPrimitives"]),
        // Fuzz targets: invariants over arbitrary bytes, run by libFuzzer (scripts/fuzz) and replayed
        // over the saved findings by the tests.
        .target(name: "ConcordFuzzTargets", dependencies: ["ConcordRunner", "ConcordSuites", "ConcordImplementations", "ConcordFormats", "ConcordYAML"]),
        .executableTarget(name: "concord", dependencies: ["ConcordReport", "ConcordRunner", "ConcordSuites", "ConcordImplementations", "ConcordYAML"]),

        .testTarget(
            name: "ConcordTests",
            dependencies: ["concord", "ConcordReport", "ConcordFuzzTargets", "ConcordRunner", "ConcordSuites", "ConcordImplementations",
                           "ConcordFormats", "ConcordYAML", "ConcordPrimitives"]
        ),
    ]
)
