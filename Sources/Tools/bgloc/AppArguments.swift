import ArgumentParser
import BGTaskCommand

/// `--app MANIFEST` and the app options (``AppOptions``), as `replay` and `live` take them; `bgtask
/// simulate` takes the manifest as its argument and the same options.
struct AppArguments: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Run inside an emulated app described by a manifest: region and significant-change events drive its actions and tasks.",
        valueName: "manifest"))
    var app: String?

    @OptionGroup(title: "App options (with --app)") var options: AppOptions

    /// Throws when an app option, or `extra` (the command's own option of the app, given), comes without `--app`.
    func requireApp(or extra: String?) throws {
        if app == nil, let first = options.given.first ?? extra { throw ValidationError("\(first) needs --app MANIFEST") }
    }

    /// The manifest and the options as plain values; nil without `--app`.
    ///
    /// - Throws: ``InputError`` when the state database cannot be opened.
    func resolved() throws -> (manifest: String, options: AppOptions.Resolved)? {
        try app.map { ($0, try options.resolved()) }
    }
}
