// swift-tools-version:6.0
// Concord: proves that implementations of end-to-end-encryption contracts produce and accept the
// same bytes. Layers, each a module with one job (its Module.swift says which), none importing upward:
//   ConcordPlatform (what differs between Linux and macOS), ConcordSync (the shared-memory machinery), ConcordFormats (pure Swift), ConcordFiles (file I/O), C bridges
//   -> ConcordPrimitives (C) / ConcordYAML (libyaml; JSON through ConcordFormats' reader)
//   -> ConcordSuites (the kernel: Suite, Contract, Pack, the primitive suites), ConcordGeneration
//   -> the contract packs, a module each, side by side (ConcordCloser, ConcordSinew, ConcordJustSend, ConcordSophaxChat, ConcordAskKey)
//   -> ConcordPacks (the one registration, Packs.all) -> ConcordImplementations -> ConcordLoading -> ConcordScheduling -> ConcordJudging
//   -> ConcordArchive, ConcordExploration, ConcordScenarioFormat -> ConcordScenarios, ConcordReportFormat -> ConcordReport -> ConcordWorkflows -> concord (executable)
// ConcordWorkflows sits above the engines and the reports because it holds what every command does
// around them (the Session: the project file, what to run, the implementations and their
// availability, the gate and ledger, every report format); the reports need nothing of it.
// ConcordArchive holds the archive's format and rules, which need no session; `archive add`'s
// workflow (ArchiveWorkflow) is in ConcordWorkflows with the other commands'.
// Every target lists exactly the modules its sources import; LayerTests holds both rules, PackRoomTests
// that a pack is named only in its own module and its registration line.
import PackageDescription

let package = Package(
    name: "Concord",
    // Linux (Debian 12) is where Concord is built and tested. macOS 13 is declared for the iOS
    // teams' Macs and macOS runners, and is NOT built or tested here (README, docs/ci.md): what
    // differs is in Sources/ConcordPlatform/Platform.swift, its Darwin branch written from
    // Apple's documented API.
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "concord", targets: ["concord"]),
        .library(name: "ConcordRunner", targets: ["ConcordLoading", "ConcordScheduling", "ConcordJudging", "ConcordWorkflows"]),
        // The platform kit an app's own tests add (docs/platforms.md): Foundation only, no other module.
        .library(name: "ConcordKit", targets: ["ConcordKit"]),
    ],
    targets: [
        // C bridges: the system's libraries as system library targets, found through pkg-config
        // (Debian's packages; on macOS Homebrew's, openssl@3 being keg-only: PKG_CONFIG_PATH names
        // $(brew --prefix openssl@3)/lib/pkgconfig, docs/ci.md).
        .systemLibrary(name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"]), .brew(["libsodium"])]),
        .systemLibrary(name: "CArgon2", pkgConfig: "libargon2", providers: [.apt(["libargon2-dev"]), .brew(["argon2"])]),
        .systemLibrary(name: "COpenSSL", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]),
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]),
        // prctl(2) (variadic, so not imported by Swift) for the child subreaper: a header only,
        // empty off Linux.
        .systemLibrary(name: "CProcessControl"),

        // Platform: the one file where Linux (Glibc) and macOS (Darwin) differ; it re-exports the
        // system's C API, so that no other file imports Glibc or Darwin (PlatformConfinementTests).
        .target(name: "ConcordPlatform", dependencies: ["CProcessControl"]),

        // Sync: the one module where threads share memory by hand (locks, monitors, atomics, the worker
        // pool, write-once slots, interning, thread-local values); its rules are at the top of Rules.swift.
        .target(name: "ConcordSync", dependencies: ["ConcordPlatform"]),
        // Contract formats: pure Swift values, encodings, layouts and parsing; no C library, no file I/O.
        .target(name: "ConcordFormats", dependencies: ["ConcordSync"]),
        // Files: bounded reads, durable replacing writes.
        .target(name: "ConcordFiles", dependencies: ["ConcordPlatform", "ConcordSync"]),
        // Primitives: thin value-type wrappers over the C libraries.
        .target(name: "ConcordPrimitives", dependencies: ["CArgon2", "ConcordFormats", "ConcordPlatform", "ConcordSync", "COpenSSL", "CSodium"]),
        // A located YAML 1.2 (and JSON) node tree on libyaml.
        .target(name: "ConcordYAML", dependencies: ["ConcordFormats", "CYAML"]),
        // The kernel: what a suite, a contract pack, a port and an explanation rule are made of (Suite,
        // Contract, Pack, SuiteHandler, Request, ExplanationRule), and the primitive suites.
        .target(name: "ConcordSuites", dependencies: ["ConcordFormats", "ConcordGeneration", "ConcordPrimitives"]),
        // Generation: a seeded random stream every machine draws alike, exploration's field generators,
        // and the generic fresh values scenarios draw from it (bytes, texts, ids, integers, key pairs,
        // keysets, with their edges); a pack declares its own kinds (Pack.freshKinds).
        .target(name: "ConcordGeneration", dependencies: ["ConcordFormats", "ConcordPrimitives"]),
        // The contract packs, a module each (its formats, suites, Swift port and rules; docs/design.md,
        // "Adding a pack"), side by side: none imports another, and ConcordPacks registers them.
        .target(name: "ConcordCloser", dependencies: ["ConcordFormats", "ConcordGeneration", "ConcordPrimitives", "ConcordSuites", "ConcordSync"]),
        .target(name: "ConcordSinew", dependencies: ["ConcordFormats", "ConcordPrimitives", "ConcordSuites"]),
        .target(name: "ConcordJustSend", dependencies: ["ConcordFormats", "ConcordPrimitives", "ConcordSuites"]),
        .target(name: "ConcordSophaxChat", dependencies: ["ConcordFormats", "ConcordPrimitives", "ConcordSuites"]),
        .target(name: "ConcordAskKey", dependencies: ["ConcordFormats", "ConcordGeneration", "ConcordPrimitives", "ConcordSuites"]),
        // Packs: the one registration of every contract pack (`Packs.all`, one line each) and what is
        // derived from it: the suite registry, `Contracts.all`, the vector-file schema.
        .target(name: "ConcordPacks", dependencies: ["ConcordAskKey", "ConcordCloser", "ConcordFormats", "ConcordJustSend", "ConcordSinew", "ConcordSophaxChat", "ConcordSuites"]),
        // Implementations: in-process ones (the `swift` one from every pack's port) and external adapters behind one interface.
        .target(name: "ConcordImplementations", dependencies: ["ConcordFiles", "ConcordFormats", "ConcordPacks", "ConcordPlatform", "ConcordPrimitives", "ConcordSuites", "ConcordSync", "ConcordYAML"]),
        // Loading: vector files, Wycheproof layouts, fixture maps, captured files -> located vectors.
        .target(name: "ConcordLoading", dependencies: ["ConcordFiles", "ConcordFormats", "ConcordImplementations", "ConcordPacks", "ConcordSuites", "ConcordSync", "ConcordYAML"]),
        // Scheduling: plans, the job queue, workers, shards; hands each check's outcome to a judge.
        .target(name: "ConcordScheduling", dependencies: ["ConcordFiles", "ConcordFormats", "ConcordImplementations", "ConcordLoading", "ConcordPacks", "ConcordSuites", "ConcordSync"]),
        // Judging: verdicts, comparison, explanation rules, round trips; the `Runner` (scheduler + judge).
        .target(name: "ConcordJudging", dependencies: ["ConcordFormats", "ConcordImplementations", "ConcordLoading", "ConcordPacks", "ConcordScheduling", "ConcordSuites", "ConcordSync"]),
        // The archive's format and rules (docs/archive.md): a capture's artifacts as opening vectors, the
        // manifest concord-archive.json and its digests, the archive held to it, the witness rule; no session.
        .target(name: "ConcordArchive", dependencies: ["ConcordFiles", "ConcordFormats", "ConcordImplementations", "ConcordJudging", "ConcordLoading", "ConcordPacks", "ConcordPrimitives", "ConcordScheduling", "ConcordSuites"]),
        // Exploration: generated inputs on every implementation, divergences shrunk into vector drafts (docs/exploration.md).
        .target(name: "ConcordExploration", dependencies: ["ConcordFormats", "ConcordGeneration", "ConcordImplementations", "ConcordJudging", "ConcordLoading", "ConcordPacks", "ConcordSuites", "ConcordSync"]),
        // The scenario file (concord-scenario/1): the scenario and its flow as values, read with every
        // error located, drawn for a trial, its schema, and a flow written back as a file.
        .target(name: "ConcordScenarioFormat", dependencies: ["ConcordFiles", "ConcordFormats", "ConcordGeneration", "ConcordLoading", "ConcordPacks", "ConcordSuites", "ConcordYAML"]),
        // Scenarios: whole flows over every assignment of roles to implementations, seeded fresh
        // values, the first diverging step, a failing flow shrunk, and a trial recorded as vector files.
        .target(name: "ConcordScenarios", dependencies: ["ConcordFiles", "ConcordFormats", "ConcordGeneration", "ConcordImplementations", "ConcordJudging", "ConcordLoading",
                                                         "ConcordScenarioFormat", "ConcordSuites", "ConcordSync"]),
        // The report format: concord-report/1 written and read back in one place, the rules a saved
        // report is held to, and merge, diff and compare over saved reports.
        .target(name: "ConcordReportFormat", dependencies: ["ConcordExploration", "ConcordFiles", "ConcordFormats", "ConcordImplementations", "ConcordJudging", "ConcordLoading", "ConcordPacks", "ConcordPrimitives", "ConcordScheduling", "ConcordSuites"]),
        // Reports for people and CI: Markdown, HTML, JUnit, annotations, terminal summary; the ledger and the gate.
        .target(name: "ConcordReport", dependencies: ["ConcordExploration", "ConcordFiles", "ConcordFormats", "ConcordImplementations", "ConcordJudging", "ConcordLoading", "ConcordPacks", "ConcordPrimitives", "ConcordReportFormat", "ConcordScheduling", "ConcordSuites", "ConcordYAML"]),
        // Workflows: a command's session (the project file, what to run, the implementations under one
        // availability policy, the gate and ledger, every report format) and what run, explore, scenario,
        // fill, export and the archive do beyond reading their options, reporting through its Terminal.
        .target(name: "ConcordWorkflows", dependencies: ["ConcordArchive", "ConcordExploration", "ConcordFiles", "ConcordFormats", "ConcordImplementations", "ConcordJudging", "ConcordLoading", "ConcordPacks", "ConcordPlatform", "ConcordReport", "ConcordReportFormat", "ConcordScenarioFormat", "ConcordScenarios", "ConcordScheduling", "ConcordSuites", "ConcordSync", "ConcordYAML"]),
        // The platform kit: reads concord-export/1, writes concord-outputs/1, serves the adapter protocol.
        // Depends on nothing here, so that an iOS test target can add it alone.
        .target(name: "ConcordKit"),
        // Fuzz targets: invariants over arbitrary bytes, run by libFuzzer (scripts/fuzz) and replayed
        // over the saved findings by the tests.
        .target(name: "ConcordFuzzTargets", dependencies: ["ConcordCloser", "ConcordFormats", "ConcordImplementations", "ConcordLoading", "ConcordYAML"]),
        .executableTarget(name: "concord", dependencies: ["ConcordArchive", "ConcordFiles", "ConcordFormats", "ConcordImplementations", "ConcordJudging", "ConcordLoading", "ConcordPacks", "ConcordPlatform", "ConcordReport", "ConcordReportFormat", "ConcordScenarioFormat", "ConcordScenarios", "ConcordScheduling", "ConcordSuites", "ConcordSync", "ConcordWorkflows", "ConcordYAML"]),

        // What the test targets share (the repository root, running a process, the kits' output-kind round trip): linked into them only.
        .target(name: "ConcordTestSupport", dependencies: ["ConcordFormats", "ConcordImplementations", "ConcordLoading", "ConcordPacks", "ConcordPlatform", "ConcordSuites", "ConcordSync"]),
        // The pure tests: they need no JVM, Tink, Node or Chromium (scripts/test runs them with those
        // hidden). `concord` is not imported: the CLI tests run the built executable.
        .testTarget(
            name: "ConcordTests",
            dependencies: ["concord", "ConcordArchive", "ConcordCloser", "ConcordExploration", "ConcordFiles", "ConcordFormats", "ConcordFuzzTargets", "ConcordGeneration", "ConcordImplementations", "ConcordJudging", "ConcordJustSend", "ConcordLoading", "ConcordPacks", "ConcordPrimitives", "ConcordReport", "ConcordReportFormat", "ConcordScenarioFormat", "ConcordScenarios", "ConcordScheduling", "ConcordSuites", "ConcordSync", "ConcordTestSupport", "ConcordWorkflows", "ConcordYAML"]
        ),
        // The integration tests: every test that starts the jvm, tink, node or webcrypto adapter.
        .testTarget(name: "ConcordIntegrationTests", dependencies: ["concord", "ConcordCloser", "ConcordFiles", "ConcordFormats", "ConcordImplementations", "ConcordJudging", "ConcordJustSend", "ConcordLoading", "ConcordPacks", "ConcordPrimitives", "ConcordReport", "ConcordReportFormat", "ConcordSinew", "ConcordSuites", "ConcordTestSupport", "ConcordWorkflows"]),
        // The Swift kit; its round trip of every output kind reads back through Concord (ConcordTestSupport).
        .testTarget(name: "ConcordKitTests", dependencies: ["ConcordFormats", "ConcordKit", "ConcordSuites", "ConcordTestSupport"]),
    ]
)
