public import BackgroundCore
public import BackgroundTasks

/// An emulated app, as its manifest describes it (CONTRACTS.md section 4, docs/MANIFEST.md): its
/// Info.plist lists, its background tasks, the device conditions over time and, for `bgloc --app`, what
/// it does on location events.
///
/// ```swift
/// let manifest = try AppManifest(contentsOf: "Examples/DailyRefresh/app.yaml")
/// manifest.tasks.map(\.identifier)   // ["com.example.daily.refresh", "com.example.daily.upload"]
/// ```
/// Every problem is an ``InputError`` naming the file, the line and the key:
/// `app.yaml:7: tasks.com.example.refresh.kind: unknown task kind 'refesh' (expected refresh or processing)`.
public struct AppManifest: Hashable, Sendable {
    /// The manifest file, as given.
    public var file: String
    /// `app:`, the app's identifier.
    public var app: String
    /// `UIBackgroundModes`, from `backgroundModes:` or the Info.plist.
    public var backgroundModes: [String]
    /// `BGTaskSchedulerPermittedIdentifiers`, from `permittedIdentifiers:` or the Info.plist.
    public var permittedIdentifiers: [String]
    /// `infoPlist:`, resolved against the manifest's folder, when the lists come from there.
    public var infoPlist: String?
    /// `tasks:`, in the order declared.
    public var tasks: [ManifestTask]
    /// `submitAtLaunch:`, identifiers of declared tasks.
    public var submitAtLaunch: [String]
    /// `conditions:`, the device-state timeline.
    public var conditions: [ScriptedConditions.Entry]
    /// `regions:`.
    public var regions: [ManifestRegion]
    /// `significantChange:`.
    public var significantChange: ManifestAction?
    /// `audio:`.
    public var audio: ManifestAudio?
    /// `lifecycle:`.
    public var lifecycle: [ManifestLifecycleStep]

    public init(
        file: String, app: String, backgroundModes: [String] = [], permittedIdentifiers: [String] = [],
        infoPlist: String? = nil, tasks: [ManifestTask] = [], submitAtLaunch: [String] = [],
        conditions: [ScriptedConditions.Entry] = [], regions: [ManifestRegion] = [],
        significantChange: ManifestAction? = nil, audio: ManifestAudio? = nil, lifecycle: [ManifestLifecycleStep] = []
    ) {
        self.file = file
        self.app = app
        self.backgroundModes = backgroundModes
        self.permittedIdentifiers = permittedIdentifiers
        self.infoPlist = infoPlist
        self.tasks = tasks
        self.submitAtLaunch = submitAtLaunch
        self.conditions = conditions
        self.regions = regions
        self.significantChange = significantChange
        self.audio = audio
        self.lifecycle = lifecycle
    }

    /// Reads and checks the manifest at `path`; relative paths in it resolve against its folder.
    public init(contentsOf path: String) throws(InputError) {
        self = try ManifestParser(file: path).parse(ManifestParser.read(path))
    }

    /// Parses manifest text; `file` names it in errors and its folder resolves relative paths.
    public init(yaml: String, file: String) throws(InputError) {
        self = try ManifestParser(file: file).parse(yaml)
    }

    /// The declared task with `identifier`.
    public func task(_ identifier: String) -> ManifestTask? {
        tasks.first { $0.identifier == identifier }
    }
}
