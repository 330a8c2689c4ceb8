// swift-tools-version:6.0
// Concord: proves that implementations of the Closer end-to-end-encryption contract produce and
// accept the same bytes. Layers, each a module, none importing upward:
//   ConcordSync (the shared-memory machinery, no dependency), ConcordFormats (pure Swift), ConcordFiles (file I/O), C bridges
//   -> ConcordPrimitives (C) / ConcordYAML (libyaml; JSON through ConcordFormats' reader)
//   -> ConcordSuites -> ConcordImplementations -> ConcordRunner -> ConcordReport -> concord (executable)
// Every target lists exactly the modules its sources import.
import PackageDescription

let package = Package(
    name: "Concord",
    products: [
        .executable(name: "concord", targets: ["concord"]),
        .library(name: "ConcordRunner", targets: ["ConcordRunner"]),
        // The platform kit an app's own tests add (docs/platforms.md): Foundation only, no other module.
        .library(name: "ConcordKit", targets: ["ConcordKit"]),
    ],
    targets: [
        // C bridges: Debian's libraries as system library targets.
        .systemLibrary(name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"])]),
        .systemLibrary(name: "CArgon2", pkgConfig: "libargon2", providers: [.apt(["libargon2-dev"])]),
        .systemLibrary(name: "COpenSSL", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        // prctl(2) (variadic, so not imported by Swift) for the child subreaper: a header only.
        .systemLibrary(name: "CProcessControl"),

        // Sync: the one module where threads share memory by hand (locks, monitors, atomics, the worker
        // pool, write-once slots, interning, thread-local values); its rules are at the top of Rules.swift.
        .target(name: "ConcordSync"),
        // Contract formats: pure Swift values, encodings, layouts and parsing; no C library, no file I/O.
        .target(name: "ConcordFormats", dependencies: ["ConcordSync"]),
        // Files: bounded reads, durable replacing writes.
        .target(name: "ConcordFiles"),
        // Primitives: thin value-type wrappers over the C libraries.
        .target(name: "ConcordPrimitives", dependencies: ["ConcordFormats", "ConcordSync", "CSodium", "CArgon2", "COpenSSL"]),
        // A located YAML 1.2 (and JSON) node tree on libyaml.
        .target(name: "ConcordYAML", dependencies: ["ConcordFormats", "CYAML"]),
        // Suite definitions: every suite and contract pack, defined once (fields, ops, cost, limits,
        // warnings, round trip, docs sentence); the vector-file schema is derived from them.
        .target(name: "ConcordSuites", dependencies: ["ConcordFormats"]),
        // Implementations: the Swift compositions, in-process ones and external adapters behind one interface.
        .target(name: "ConcordImplementations", dependencies: ["CProcessControl", "ConcordFiles", "ConcordFormats", "ConcordPrimitives", "ConcordSuites", "ConcordSync", "ConcordYAML"]),
        // Runner: loading, planning, running in parallel, comparing.
        .target(name: "ConcordRunner", dependencies: ["ConcordFiles", "ConcordFormats", "ConcordImplementations", "ConcordSuites", "ConcordSync", "ConcordYAML"]),
        // Reports: JSON report and terminal summary.
        .target(name: "ConcordReport", dependencies: ["ConcordFiles", "ConcordFormats", "ConcordImplementations", "ConcordPrimitives", "ConcordRunner",
                                                      "ConcordSuites"]),
        // The platform kit: reads concord-export/1, writes concord-outputs/1, serves the adapter protocol.
        // Depends on nothing here, so that an iOS test target can add it alone.
        .target(name: "ConcordKit"),
        // Fuzz targets: invariants over arbitrary bytes, run by libFuzzer (scripts/fuzz) and replayed
        // over the saved findings by the tests.
        .target(name: "ConcordFuzzTargets", dependencies: ["ConcordFormats", "ConcordImplementations", "ConcordRunner", "ConcordYAML"]),
        .executableTarget(name: "concord", dependencies: ["ConcordFiles", "ConcordFormats", "ConcordImplementations", "ConcordReport",
                                                          "ConcordRunner", "ConcordSuites", "ConcordSync", "ConcordYAML"]),

        // `concord` is not imported: the CLI tests run the built executable.
        .testTarget(
            name: "ConcordTests",
            dependencies: ["concord", "ConcordFiles", "ConcordFormats", "ConcordFuzzTargets", "ConcordImplementations",
                           "ConcordPrimitives", "ConcordReport", "ConcordRunner", "ConcordSuites", "ConcordSync", "ConcordYAML"]
        ),
        .testTarget(name: "ConcordKitTests", dependencies: ["ConcordKit"]),
    ]
)
