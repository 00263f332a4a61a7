public import BackgroundCore

/// The part of an app manifest one background mode reads: its top-level keys, the action keys it
/// provides to every action (`onEnter:`, `significantChange:`…), the kinds of `lifecycle:` step it brings,
/// and how it reads and checks them.
///
/// The core of the manifest (`app`, `backgroundModes`, `permittedIdentifiers`, `infoPlist`, `buildSettings`,
/// `lifecycle`) belongs to ``AppManifest``; each mode brings its section, and
/// ``AppManifest/init(contentsOf:sections:)`` reads the sections it is given, in order — an unknown
/// top-level key gets the nearest key of any of them. A section reads YAML only through ``ManifestValue``
/// and ``ManifestMapping``, so its errors name the file, line and key as the others do.
///
/// ```swift
/// struct BeaconSection: ManifestSection {
///     static let keys = ["beacons"]
///     var beacons: [String] = []
///     init() {}
///     init(_ manifest: ManifestMapping, in partial: AppManifest) throws(InputError) {
///         beacons = try manifest["beacons"]?.strings() ?? []
///     }
/// }
/// let recipe = AppRecipe.standard.adding(AppRecipe.Mode(sections: [BeaconSection.self]) { _ in BeaconMode() })
/// let manifest = try recipe.manifest(contentsOf: path)
/// manifest[BeaconSection.self]?.beacons
/// ```
public protocol ManifestSection: Hashable, Sendable {
    /// The top-level keys the section reads, in the order error messages list them.
    static var keys: [String] { get }
    /// The keys the section adds to every action, with their readers (`submit`, `play`).
    static var actions: [ManifestActionKind] { get }
    /// The kinds of `lifecycle:` step the section brings (`simulateLaunch`), each under its own key.
    static var lifecycleSteps: [LifecycleStepKind] { get }
    /// Reads the section's keys from the manifest's top-level mapping (any of them may be absent).
    /// `partial` holds the core of the manifest and the sections read before this one.
    init(_ manifest: ManifestMapping, in partial: AppManifest) throws(InputError)
}

extension ManifestSection {
    /// No action keys.
    public static var actions: [ManifestActionKind] { [] }
    /// No lifecycle steps.
    public static var lifecycleSteps: [LifecycleStepKind] { [] }
}
