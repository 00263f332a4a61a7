/// The toolkit's version, which `bgloc --version`, `bgaudio --version` and `bgtask --version` print.
///
/// ```swift
/// static let configuration = CommandConfiguration(commandName: "bgloc", version: BGKitVersion.current)
/// ```
public enum BGKitVersion {
    /// The version of this build, as `MAJOR.MINOR.PATCH`.
    public static let current = "0.1.0"
}
