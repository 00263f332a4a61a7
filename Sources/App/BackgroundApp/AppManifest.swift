public import BackgroundCore

/// An emulated app, as its manifest describes it (CONTRACTS.md section 4, docs/MANIFEST.md): its
/// Info.plist lists and what the user does with it (the core, read here), and one ``ManifestSection``
/// per background mode — the tasks and device conditions (``TaskSection``), what it does on location
/// events (``LocationSection``), its audio session (``AudioSection``), its background URL session and the
/// emulated server (``TransferSection``), and whatever section another mode brings.
///
/// ```swift
/// let manifest = try AppManifest(contentsOf: "Examples/DailyRefresh/app.yaml")
/// manifest.tasks.map(\.identifier)   // ["com.example.daily.refresh", "com.example.daily.upload"]
/// manifest[LocationSection.self]?.regions
/// ```
/// Every problem is an ``InputError`` naming the file, the line and the key:
/// `app.yaml:7: tasks.com.example.refresh.kind: unknown task kind 'refesh' (expected refresh, processing or continued)`.
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
    /// `lifecycle:`.
    public var lifecycle: [ManifestLifecycleStep]
    /// The sections read, by type.
    var sections: [ObjectIdentifier: any ManifestSection] = [:]

    /// The sections of the modes bgkit brings, in the order they are read: ``AppRecipe/standard``'s.
    public static var standardSections: [any ManifestSection.Type] { AppRecipe.standard.sections }

    /// A manifest of the core alone; ``subscript(_:)`` adds sections.
    public init(
        file: String, app: String, backgroundModes: [String] = [], permittedIdentifiers: [String] = [],
        infoPlist: String? = nil, lifecycle: [ManifestLifecycleStep] = []
    ) {
        self.file = file
        self.app = app
        self.backgroundModes = backgroundModes
        self.permittedIdentifiers = permittedIdentifiers
        self.infoPlist = infoPlist
        self.lifecycle = lifecycle
    }

    /// Reads and checks the manifest at `path` with `sections`; relative paths in it resolve against its
    /// folder.
    public init(contentsOf path: String, sections: [any ManifestSection.Type] = standardSections) throws(InputError) {
        self = try ManifestParser(file: path, sections: sections).parse(ManifestParser.read(path))
    }

    /// Parses manifest text; `file` names it in errors and its folder resolves relative paths.
    public init(yaml: String, file: String, sections: [any ManifestSection.Type] = standardSections) throws(InputError) {
        self = try ManifestParser(file: file, sections: sections).parse(yaml)
    }

    /// The section of type `S`, when the manifest was read with it (or given it).
    public subscript<S: ManifestSection>(_ type: S.Type) -> S? {
        get { sections[ObjectIdentifier(type)] as? S }
        set { sections[ObjectIdentifier(type)] = newValue }
    }

    public static func == (a: AppManifest, b: AppManifest) -> Bool {
        a.file == b.file && a.app == b.app && a.backgroundModes == b.backgroundModes
            && a.permittedIdentifiers == b.permittedIdentifiers && a.infoPlist == b.infoPlist && a.lifecycle == b.lifecycle
            && a.sections.count == b.sections.count
            && a.sections.allSatisfy { key, section in
                b.sections[key].map { AnyHashable(section) == AnyHashable($0) } ?? false
            }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(file)
        hasher.combine(app)
        hasher.combine(backgroundModes)
        hasher.combine(permittedIdentifiers)
        hasher.combine(lifecycle)
    }
}
