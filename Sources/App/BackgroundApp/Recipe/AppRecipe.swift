public import BackgroundCore

/// How an app is made from its manifest and a run's options: the manifest sections to read, in order, and
/// the background modes to host, in order, each made with its own configuration from the run's
/// ``Options``. `bgloc replay --app`, `bgloc live --app` and `bgtask simulate` all make their app with
/// ``standard``; a new mode is one ``Mode`` value given to ``adding(_:)``.
///
/// ```swift
/// let recipe = AppRecipe.standard.adding(AppRecipe.Mode(sections: [BeaconSection.self]) { _ in BeaconMode() })
/// let manifest = try recipe.manifest(contentsOf: "app.yaml")
/// var options = AppRecipe.Options()
/// options.location = manager                     // nil: no location mode (no trace, no gpsd)
/// let app = try recipe.app(manifest, engine: engine, timeline: timeline, options: options)
/// app.start()
/// ```
public struct AppRecipe: Sendable {
    /// One background mode as the recipe makes it: the manifest sections it reads, and how it is made
    /// from the run's options (nil: the run does without it, as a run with no location manager does
    /// without the location mode).
    public struct Mode: Sendable {
        /// The mode's manifest sections, read in the recipe's section order.
        public var sections: [any ManifestSection.Type]
        /// Makes the mode for one app.
        public var make: @Sendable (Options) -> (any BackgroundMode)?

        public init(sections: [any ManifestSection.Type], make: @escaping @Sendable (Options) -> (any BackgroundMode)?) {
            self.sections = sections
            self.make = make
        }
    }

    /// What one run gives the modes: every choice the command line makes — the app's and the device's
    /// configuration, and each mode's own options, keyed by type (``RunOption``): the recipe lists no mode.
    public struct Options {
        /// The app's and the device's configuration (lifecycle, scheduler, commands, pushes, conditions).
        public var configuration = EmulatedApp.Configuration()
        private var values: [ObjectIdentifier: Any] = [:]

        public init() {}

        /// The option `key`: its value in this run, or its default.
        public subscript<Key: RunOption>(_ key: Key.Type) -> Key.Value {
            get { values[ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue }
            set { values[ObjectIdentifier(key)] = newValue }
        }
    }

    /// The manifest sections, in the order they are read: a section reads those before it.
    public private(set) var sections: [any ManifestSection.Type]
    /// The modes, in the order the app calls them.
    public private(set) var modes: [Mode]

    /// A recipe of `modes`, whose sections are read in the order `sections` gives (each mode's sections
    /// not listed there follow, in the modes' order).
    public init(sections: [any ManifestSection.Type] = [], modes: [Mode]) {
        var all = sections
        for type in modes.flatMap(\.sections) where !all.contains(where: { $0 == type }) { all.append(type) }
        self.sections = all
        self.modes = modes
    }

    /// The modes bgkit brings. Sections: tasks (whose declarations the others' `submit` names), location,
    /// visits (which name its regions), audio, transfers, pushes, VoIP, the notification service extension,
    /// fetch, and the user's usage (no mode: the device reads it). Modes, in the order the app calls them: location (with a manager), visits
    /// (without one), tasks, audio, pushes, fetch, transfers.
    public static let standard = AppRecipe(
        sections: [
            TaskSection.self, LocationSection.self, VisitsSection.self, AudioSection.self, TransferSection.self, PushSection.self,
            VoIPSection.self, NotificationServiceSection.self, FetchSection.self, UsageSection.self,
        ],
        modes: [
            Mode(sections: [LocationSection.self]) { options in options.location.map(LocationMode.init(manager:)) },
            // Without a location source, the visits move a location manager of the mode's own.
            Mode(sections: [VisitsSection.self]) { options in options.location == nil ? VisitsMode() : nil },
            Mode(sections: [TaskSection.self]) { _ in TaskMode() },
            Mode(sections: [AudioSection.self]) { options in AudioMode(audio: options.audio) },
            Mode(sections: [PushSection.self, VoIPSection.self, NotificationServiceSection.self]) { _ in PushMode() },
            Mode(sections: [FetchSection.self]) { _ in FetchMode() },
            Mode(sections: [TransferSection.self]) { options in
                TransferMode(attempts: options.transferAttempts, store: options.transferStore)
            },
        ])

    /// This recipe with `mode` added after the others (its sections read after theirs).
    public func adding(_ mode: Mode) -> AppRecipe {
        AppRecipe(sections: sections, modes: modes + [mode])
    }

    /// Reads and checks the manifest at `path` with the recipe's sections.
    ///
    /// - Throws: ``InputError`` naming the file, the line and the key.
    public func manifest(contentsOf path: String) throws(InputError) -> AppManifest {
        try AppManifest(contentsOf: path, sections: sections)
    }

    /// Parses manifest text with the recipe's sections; `file` names it in errors.
    public func manifest(yaml: String, file: String) throws(InputError) -> AppManifest {
        try AppManifest(yaml: yaml, file: file, sections: sections)
    }

    /// The modes for one app made with `options`.
    public func makeModes(_ options: Options) -> [any BackgroundMode] {
        modes.compactMap { $0.make(options) }
    }

    /// The app of `manifest` on `engine` and `timeline`, hosting the recipe's modes made with `options` and
    /// running `code` (nil: the manifest's handlers); nothing happens before ``EmulatedApp/start()``.
    ///
    /// - Throws: ``InputError`` when a mode cannot be attached (the state database cannot be restored, the
    ///   commands' log cannot be opened).
    public func app(
        _ manifest: AppManifest, engine: EventEngine, timeline: Timeline, options: Options = Options(), code: (any AppCode)? = nil
    ) throws(InputError) -> EmulatedApp {
        try EmulatedApp(
            manifest: manifest, engine: engine, timeline: timeline, modes: makeModes(options), configuration: options.configuration, code: code)
    }
}
