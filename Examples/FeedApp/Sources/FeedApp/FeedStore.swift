import Foundation

/// The app's feed: what the refreshes fetched, and the nightly cleanup.
@MainActor
final class FeedStore {
    /// How long a fetch takes (a server's answer over a mobile network).
    static var fetchTime: Duration = .seconds(3)
    /// How long the cleanup takes.
    static var compactTime: Duration = .seconds(90)

    /// When each refresh finished.
    private(set) var refreshes: [Date] = []
    /// When each cleanup finished.
    private(set) var cleanups: [Date] = []

    /// Fetches the feed; false when it was cancelled.
    func refresh() async -> Bool {
        do {
            try await Task.sleep(for: Self.fetchTime)
        } catch {
            return false
        }
        refreshes.append(Date())
        return true
    }

    /// Drops what is older than a week.
    func compact() async {
        guard (try? await Task.sleep(for: Self.compactTime)) != nil else { return }
        cleanups.append(Date())
    }
}
