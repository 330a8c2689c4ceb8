import ConcordSuites

/// What the JustSend suites share: their implementations (the iOS reference on `swift`, the Android
/// side on `jvm`).
extension Suites {
    static let justsendImplementations = ["swift", "jvm"]
}
