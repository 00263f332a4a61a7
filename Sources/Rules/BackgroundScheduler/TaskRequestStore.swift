public import BackgroundCore

/// Keeps the scheduler's pending task requests across runs of the process: the scheduler restores them
/// when it is created and saves them after every change (a submission, a cancellation, a launch).
///
/// The real store is the app's state database (`AppStateDatabase` in BackgroundState, `--state PATH`);
/// tests may keep requests in memory or make saves fail.
///
/// ```swift
/// var configuration = TaskScheduler.Configuration()
/// configuration.taskRequestStore = try AppStateDatabase(path: "/var/lib/app/state.db")
/// ```
public protocol TaskRequestStore: AnyObject, Sendable {
    /// The requests an earlier run left pending, in submission order; none when nothing was saved.
    func loadTaskRequests() throws(InputError) -> [TaskRequest]
    /// Replaces the saved requests with `requests` (in submission order), durably.
    func saveTaskRequests(_ requests: [TaskRequest]) throws(InputError)
}
