package import BackgroundPushes

/// What the app does when a push is delivered (`onPush:`): its handler works for a while and reports a
/// result, or runs a command, and the app carries out an action (`submit:`, `upload:`, `play:`) when the
/// push arrives.
///
/// ```yaml
/// onPush: {work: 5s, result: newData, submit: com.example.refresh}
/// onPush: {run: "./sync.sh"}    # exit 0: newData, 1: failed, 3: noData
/// ```
package struct PushHandler: Hashable, Sendable {
    /// What the handler does before it calls the completion handler.
    package enum Work: Hashable, Sendable {
        /// `work: 5s, result: newData` — works this long, then reports the result.
        case simulated(Duration, result: PushFetchResult)
        /// `run: "command"` — a real command; its exit status is the result (docs/PUSH.md).
        case command(String)
    }

    /// The exit status of a `run:` command that reports `noData` (0 is `newData`, 1 `failed`; 2 is left to
    /// the shell, which exits 2 on a syntax error).
    package static let noDataStatus: Int32 = 3

    /// `work:`/`result:` (default `0s`, `newData`) or `run:`.
    package var work: Work
    /// The action keys of `onPush:`, carried out when the push is delivered; nil: none.
    package var action: ManifestAction?

    package init(work: Work = .simulated(.zero, result: .newData), action: ManifestAction? = nil) {
        self.work = work
        self.action = action
    }
}
