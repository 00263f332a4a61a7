package import BackgroundCore
import BackgroundDevice
import BackgroundPushes
import BackgroundScheduler

/// The legacy background fetch (`backgroundFetch:`): before iOS 13 the system ran an app with the `fetch`
/// background mode now and then, at most every `minimumInterval`, calling
/// `application(_:performFetchWithCompletionHandler:)`, which has 30 s to call its completion handler.
///
/// - Apple ("Using background tasks to update your app"): adding `BGTaskSchedulerPermittedIdentifiers`
///   disables `performFetchWithCompletionHandler` and `setMinimumBackgroundFetchInterval`: with permitted
///   identifiers it never runs, and an `error` event (code `backgroundFetchDisabled`) says so at launch.
/// - Without the `fetch` background mode it never runs either (an `error`, code `notPermitted`).
/// - Otherwise, every `minimumInterval` from the first launch, while the app is not in the foreground and
///   the system allows discretionary work (Background App Refresh on, no Low Power Mode, not force-quit
///   since the user last opened it, the device unlocked since its restart), it wakes or relaunches the app:
///   `fetch.launched`, the handler works `work:`, `fetch.completed` with `result:`. A handler still
///   working after 30 s gets the app terminated.
///
/// ```swift
/// let app = try EmulatedApp(manifest: manifest, engine: engine, timeline: timeline, modes: [FetchMode()])
/// app.start()    // fetch.launched at 01:00:00 with minimumInterval: 1h, if the app is in the background
/// ```
package final class FetchMode: BackgroundMode {
    /// How long the handler has to call its completion handler: 30 s ("Your app has up to 30 seconds of
    /// wall-clock time to perform the download operation and call the specified completion handler
    /// block", `application(_:performFetchWithCompletionHandler:)`).
    package static let completionWindow = Duration.seconds(30)

    private weak var app: EmulatedApp?
    private var section = FetchSection()
    private var enabled = false
    private var forceQuit = false
    private var running: EventID?

    package init() {}

    package func attach(to app: EmulatedApp) throws(InputError) {
        self.app = app
        section = app.manifest[FetchSection.self] ?? FetchSection()
    }

    package func appDidLaunch(first: Bool) {
        guard first, section.isRequested, let app else { return }
        let file = app.manifest.file
        if !app.manifest.permittedIdentifiers.isEmpty {
            app.timeline.record(.error(
                message: "\(file): backgroundFetch: the app lists BGTaskSchedulerPermittedIdentifiers, which disables "
                    + "performFetchWithCompletionHandler and setMinimumBackgroundFetchInterval: use a BGAppRefreshTask",
                code: "backgroundFetchDisabled"))
        } else if !app.manifest.backgroundModes.contains("fetch") {
            app.timeline.record(.error(
                message: "\(file): backgroundFetch: needs the fetch background mode (UIBackgroundModes)", code: "notPermitted"))
        } else {
            enabled = true
            scheduleNext()
        }
    }

    package func appWasForceQuit() { forceQuit = true }

    package func appDidChange(from: LifecycleState, to: LifecycleState) {
        if to == .foreground { forceQuit = false }
    }

    /// The handler ends with the process.
    package func appDidTerminate() {
        if let running { app?.engine.cancel(running) }
        running = nil
    }

    package var isSettled: Bool { !enabled && running == nil }

    private func scheduleNext() {
        guard let app else { return }
        app.engine.schedule(after: section.minimumInterval) { [weak self] in
            self?.fetchIfAllowed()
            self?.scheduleNext()
        }
    }

    private func fetchIfAllowed() {
        guard let app, running == nil, app.lifecycle.state != .foreground, !forceQuit,
              app.device.isUnlockedSinceRestart, app.device.conditions.backgroundRefresh, !app.device.conditions.lowPower
        else { return }
        app.timeline.record(.fetchLaunched)
        app.lifecycle.begin(.backgroundFetch, reason: "background fetch")
        let ends = min(section.work, Self.completionWindow)
        running = app.engine.schedule(after: ends) { [weak self] in
            guard let self, let app = self.app else { return }
            running = nil
            if section.work > Self.completionWindow {
                app.lifecycle.terminate(reason: "background fetch: the app did not call the completion handler within 30s")
            } else {
                app.timeline.record(.fetchCompleted(result: section.result))
                app.lifecycle.end(.backgroundFetch, reason: "background fetch: the app called the completion handler")
            }
        }
    }
}

extension AppLifecycle.Activity {
    /// The legacy background fetch, until its handler calls the completion handler.
    package static let backgroundFetch = Self("fetch", description: "background fetch")
}
