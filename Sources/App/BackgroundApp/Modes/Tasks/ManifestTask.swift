package import BackgroundScheduler

/// One task declared under the manifest's `tasks:`.
///
/// ```yaml
/// tasks:
///   com.example.tour.refresh:
///     kind: refresh
///     earliestBegin: 15m
///     work: 4s
///     resubmit: true
///     onLaunch: {upload: {file: visits.log, to: "https://example.org/visits/log"}}
///   com.example.tour.export.all:          # permitted by com.example.tour.export.*
///     kind: continued
///     title: Exporting the tour
///     work: 5m
///     progressEvery: 10s
///   com.example.tour.cleanup:
///     kind: refresh
///     work: 45s
///     onExpiration: ignore     # the app never completes it: killed when its time is up
///     register: afterLaunch    # crashes the app: registered after it finished launching
/// ```
package struct ManifestTask: Hashable, Sendable {
    /// What the task does when it launches.
    package enum Work: Hashable, Sendable {
        /// `work: 4s` — the task works for this long, then completes successfully.
        case simulated(Duration)
        /// `run: "command"` — a real command (parsed and kept; running it comes later).
        case command(String)
    }

    /// What the task's expiration handler does (`onExpiration:`).
    package enum ExpirationResponse: String, Hashable, Sendable, CaseIterable {
        /// It stops the work and calls `setTaskCompleted(success: false)` (the default).
        case complete
        /// It does nothing: the task runs on, and the app is killed if it is still running when its time is up.
        case ignore
    }

    /// When the app registers the task's launch handler (`register:`).
    package enum Registration: String, Hashable, Sendable, CaseIterable {
        /// In `application(_:didFinishLaunchingWithOptions:)`, as Apple requires (the default).
        case atLaunch
        /// After the app finished launching: iOS raises an exception and the app crashes.
        case afterLaunch
        /// Never: a launch of the task crashes the app (no launch handler registered).
        case never
    }

    /// The task's identifier (its key under `tasks:`).
    package var identifier: String
    package var kind: TaskKind
    /// Delay from submission to the earliest begin date; nil submits without one.
    package var earliestBegin: Duration?
    /// `work:` (default `0s`) or `run:`.
    package var work: Work
    /// The handler submits the task again when it launches.
    package var resubmit: Bool
    /// `requiresNetwork:` of a processing task.
    package var requiresNetwork: Bool
    /// `requiresExternalPower:` of a processing task.
    package var requiresExternalPower: Bool
    /// `title:` of a continued task (default: its identifier).
    package var title: String?
    /// `strategy:` of a continued task (`queue`, the default, or `fail`).
    package var strategy: TaskRequest.Continued.SubmissionStrategy
    /// `resources: gpu` of a continued task.
    package var requiresGPU: Bool
    /// `progressEvery:` of a continued task: how often its handler reports progress during its `work:`;
    /// nil: never.
    package var progressEvery: Duration?
    /// `onLaunch:`, an action the app carries out when the task launches, before its work (the transfer
    /// of an `upload:` is created then, as an app's handler creates it); nil: none.
    package var onLaunch: ManifestAction?
    /// `onExpiration:` (default ``ExpirationResponse/complete``).
    package var onExpiration: ExpirationResponse = .complete
    /// `register:` (default ``Registration/atLaunch``).
    package var register: Registration = .atLaunch
    /// The manifest line that declares the task.
    package var line: Int

    package init(
        identifier: String, kind: TaskKind, earliestBegin: Duration? = nil, work: Work = .simulated(.zero),
        resubmit: Bool = false, requiresNetwork: Bool = false, requiresExternalPower: Bool = false,
        title: String? = nil, strategy: TaskRequest.Continued.SubmissionStrategy = .queue,
        requiresGPU: Bool = false, progressEvery: Duration? = nil, onLaunch: ManifestAction? = nil, line: Int = 0
    ) {
        self.identifier = identifier
        self.kind = kind
        self.earliestBegin = earliestBegin
        self.work = work
        self.resubmit = resubmit
        self.requiresNetwork = requiresNetwork
        self.requiresExternalPower = requiresExternalPower
        self.title = title
        self.strategy = strategy
        self.requiresGPU = requiresGPU
        self.progressEvery = progressEvery
        self.onLaunch = onLaunch
        self.line = line
    }
}
