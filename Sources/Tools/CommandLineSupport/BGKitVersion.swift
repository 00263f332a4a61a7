/// The toolkit's version, which `bgloc --version`, `bgaudio --version` and `bgtask --version` print.
///
/// ```swift
/// static let configuration = CommandConfiguration(commandName: "bgloc", version: BGKitVersion.current)
/// ```
package enum BGKitVersion {
    /// The version of this build, as `MAJOR.MINOR.PATCH`.
    package static let current = "0.1.0"
}
