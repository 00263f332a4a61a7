/// What the app's push handler reports when it calls its completion handler: `UIBackgroundFetchResult`
/// (`push.completed`'s `result`, CONTRACTS.md section 6).
public enum PushFetchResult: String, Hashable, Sendable, CaseIterable {
    /// New data was downloaded.
    case newData
    /// There was nothing new.
    case noData
    /// The attempt to fetch data failed.
    case failed
}
