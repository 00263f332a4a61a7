import BackgroundCore
import BackgroundPushes

/// The app's notification service extension at work (`notificationService:`): each notification iOS hands
/// to it (``NotificationService/runs(for:delivery:)``) is `notificationService.launched`, then, after its
/// `work:`, `notificationService.completed` and `push.displayed` with `content` `modified`; or, when the
/// time limit comes first, `notificationService.expired` (reason `timeLimit`: `serviceExtensionTimeWillExpire()`)
/// and `push.displayed` with `content` `original`.
///
/// The extension is its own process: the app's state (suspended, terminated, force-quit) does not stop it,
/// and it needs no background mode. ``PushMode`` owns it.
package final class NotificationServiceExtension {
    private unowned var app: EmulatedApp?
    private let service: NotificationService
    /// The pushes whose extension run has not ended yet.
    private var running: Set<Int> = []

    /// The extension of `app` working `work` on each notification within `timeLimit`.
    package init(work: Duration, timeLimit: Duration, in app: EmulatedApp) {
        self.app = app
        service = NotificationService(work: work, timeLimit: timeLimit)
    }

    /// Runs the extension on push `push` from now; the notification shows when it ends.
    package func receive(_ push: Int) {
        guard let app else { return }
        app.timeline.record(.notificationServiceLaunched(push: push))
        running.insert(push)
        switch service.outcome {
        case .modified(let after):
            app.engine.schedule(after: after) { [unowned self] in
                end(push, .notificationServiceCompleted(push: push), showing: .modified)
            }
        case .expired(let after):
            app.engine.schedule(after: after) { [unowned self] in
                end(push, .notificationServiceExpired(push: push, reason: .timeLimit), showing: .original)
            }
        }
    }

    /// Settled when no extension run is under way.
    package var isSettled: Bool { running.isEmpty }

    private func end(_ push: Int, _ record: NotificationServiceRecord, showing content: NotificationService.Content) {
        guard let app, running.remove(push) != nil else { return }
        app.timeline.record(record)
        app.timeline.record(.pushDisplayed(push: push, content: content))
    }
}
