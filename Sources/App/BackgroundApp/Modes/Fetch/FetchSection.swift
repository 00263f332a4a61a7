package import BackgroundCore
package import BackgroundPushes

/// The legacy background fetch's part of the manifest: `backgroundFetch:`, UIApplication's
/// `setMinimumBackgroundFetchInterval(_:)` and `application(_:performFetchWithCompletionHandler:)` before
/// iOS 13 (CONTRACTS.md §9, docs/SCHEDULER.md).
///
/// ```yaml
/// backgroundModes: [fetch]
/// backgroundFetch: {minimumInterval: 1h, work: 10s, result: newData}
/// ```
package struct FetchSection: ManifestSection {
    package static let keys = ["backgroundFetch"]

    /// Whether the manifest asks for background fetch at all.
    package var isRequested = false
    /// `minimumInterval:` (default 1 h): the shortest time between two fetches.
    package var minimumInterval = Duration.seconds(3600)
    /// `work:` (default 0 s): how long the handler works before it calls the completion handler.
    package var work = Duration.zero
    /// `result:` (default `newData`): what it reports.
    package var result = PushFetchResult.newData

    package init() {}

    package init(_ manifest: ManifestMapping, in partial: AppManifest) throws(InputError) {
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
