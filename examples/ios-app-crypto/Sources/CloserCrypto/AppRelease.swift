import Clibsodium

/// The app release this source is (an iOS app reads `CFBundleShortVersionString`) and the library its crypto
/// calls: captures name both.
public enum AppRelease {
    public static let version = "2.0.0"
    public static var libraries: String { "libsodium " + String(cString: sodium_version_string()) }
}
