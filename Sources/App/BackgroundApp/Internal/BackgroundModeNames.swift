import BackgroundCore

/// The values `UIBackgroundModes` takes (Apple's Information Property List reference), and the check that
/// names a misspelt one: a typo such as `fecth` would otherwise load and leave every refresh rejected
/// `notPermitted` without a word on why.
enum BackgroundModeNames {
    static let known = [
        "audio", "location", "voip", "external-accessory", "bluetooth-central", "bluetooth-peripheral", "fetch",
        "remote-notification", "processing", "push-to-talk", "nearby-interaction", "network-authentication",
    ]

    /// Why `mode` is not a `UIBackgroundModes` value, with the nearest one as a suggestion; nil when it is one.
    static func problem(_ mode: String) -> String? {
        guard !known.contains(mode) else { return nil }
        let hint = EditDistance.nearest(to: mode, in: known).map { "did you mean '\($0)'? " } ?? ""
        return "unknown background mode '\(ManifestValue.shown(mode))' (\(hint)UIBackgroundModes takes "
            + known.joined(separator: ", ") + ")"
    }

    /// The manifest's `backgroundModes:` list, each value checked where it stands.
    static func read(_ value: ManifestValue?) throws(InputError) -> [String] {
        var modes: [String] = []
        for item in try value?.list() ?? [] {
            let mode = try item.string()
            if let problem = problem(mode) { throw item.error(problem) }
            modes.append(mode)
        }
        return modes
    }

    /// The Info.plist's `UIBackgroundModes`, each value checked (the error names the plist and the index).
    static func check(_ modes: [String], plist: String) throws(InputError) {
        for (index, mode) in modes.enumerated() {
            if let problem = problem(mode) {
                throw InputError(file: plist, place: .key("UIBackgroundModes[\(index)]"), message: problem)
            }
        }
    }
}
