public import BackgroundCore
public import BackgroundPushes

/// The legacy background fetch's part of the manifest: `backgroundFetch:`, UIApplication's
/// `setMinimumBackgroundFetchInterval(_:)` and `application(_:performFetchWithCompletionHandler:)` before
/// iOS 13 (CONTRACTS.md §9, docs/SCHEDULER.md).
///
/// ```yaml
/// backgroundModes: [fetch]
/// backgroundFetch: {minimumInterval: 1h, work: 10s, result: newData}
/// ```
public struct FetchSection: ManifestSection {
    public static let keys = ["backgroundFetch"]

    /// Whether the manifest asks for background fetch at all.
    public var isRequested = false
    /// `minimumInterval:` (default 1 h): the shortest time between two fetches.
    public var minimumInterval = Duration.seconds(3600)
    /// `work:` (default 0 s): how long the handler works before it calls the completion handler.
    public var work = Duration.zero
    /// `result:` (default `newData`): what it reports.
    public var result = PushFetchResult.newData

    public init() {}

    public init(_ manifest: ManifestMapping, in partial: AppManifest) throws(InputError) {
        guard let node = manifest["backgroundFetch"] else { return }
        isRequested = true
        let fields = try node.mapping(allowed: ["minimumInterval", "work", "result"])
        if let value = fields["minimumInterval"] {
            minimumInterval = try value.duration()
            guard minimumInterval > .zero else { throw value.error("minimumInterval must be longer than 0s") }
        }
        if let value = fields["work"] { work = try value.duration() }
        if let value = fields["result"] { result = try value.choice(PushFetchResult.allCases, "fetch result") }
    }
}
