// swift-tools-version:5.9
// Stands in for an iOS app's crypto module (CloserCrypto) and its tests, which run Concord's vectors
// through ConcordKit. An app adds ConcordKit the same way, from Concord's repository:
//   .package(url: "https://…/concord.git", from: "…")   (here: by path, from this repository)
import PackageDescription

let package = Package(
    name: "ios-app-crypto",
    platforms: [.iOS(.v13), .macOS(.v10_15)],
    dependencies: [.package(name: "Concord", path: "../..")],
    targets: [
        .target(name: "CloserCrypto"),
        .testTarget(name: "CloserCryptoTests", dependencies: ["CloserCrypto", .product(name: "ConcordKit", package: "Concord")]),
    ]
)
