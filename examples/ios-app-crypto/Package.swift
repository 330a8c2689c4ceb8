// swift-tools-version:5.9
// Stands in for an iOS app's crypto module (CloserCrypto) and its tests, which run Concord's vectors
// through ConcordKit; the same handlers also run as a live adapter (ios-concord-adapter). An app adds
// ConcordKit the same way, from Concord's repository (here: by path, from this repository).
import PackageDescription

let package = Package(
    name: "ios-app-crypto",
    platforms: [.iOS(.v13), .macOS(.v10_15)],
    dependencies: [.package(name: "Concord", path: "../..")],
    targets: [
        // libsodium, for the app's Argon2id (an iOS app takes it from swift-sodium's Clibsodium instead).
        .systemLibrary(name: "Clibsodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"]), .brew(["libsodium"])]),
        // The app's crypto module.
        .target(name: "CloserCrypto", dependencies: ["Clibsodium"]),
        // Concord's suites, each calling CloserCrypto: shared by the tests and the live adapter.
        .target(name: "CloserCryptoConcord", dependencies: ["CloserCrypto", .product(name: "ConcordKit", package: "Concord")]),
        .executableTarget(name: "ios-concord-adapter", dependencies: ["CloserCryptoConcord"]),
        .testTarget(name: "CloserCryptoTests", dependencies: ["CloserCryptoConcord", .product(name: "ConcordKit", package: "Concord")]),
    ]
)
