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
///   `fetch.launched`, the app's code is called
///   (``AppCode/application(_:performFetchWithCompletionHandler:)``; the manifest's `work:` and `result:`
///   in ``ManifestApp``), and its completion handler is `fetch.completed` with its result. One not called
///   within 30 s gets the app terminated.
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

    private unowned var app: EmulatedApp?
    private var section = FetchSection()
    private var enabled = false
    private var forceQuit = false
    /// Whether the app's handler runs, and the end of its window.
    private var running = false
    private var window: EventID?

    package init() {}

    package func attach(to app: EmulatedApp) throws(InputError) {
        self.app = app
        section = app.manifest[FetchSection.self] ?? FetchSection()
    }

    package func appDidFinishLaunching(first: Bool) {
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
        if let window { app?.engine.cancel(window) }
        window = nil
        running = false
    }

    package var isSettled: Bool { !enabled && !running }

    private func scheduleNext() {
        guard let app else { return }
        app.engine.schedule(after: section.minimumInterval) { [unowned self] in
            fetchIfAllowed()
            scheduleNext()
        }
    }

    private func fetchIfAllowed() {
        guard let app, !running, app.lifecycle.state != .foreground, !forceQuit,
              app.device.isUnlockedSinceRestart, app.device.conditions.backgroundRefresh, !app.device.conditions.lowPower
        else { return }
        app.timeline.record(.fetchLaunched)
        app.lifecycle.begin(.backgroundFetch, reason: "background fetch")
        running = true
        app.code.application(app, performFetchWithCompletionHandler: { [unowned self] result in complete(result) })
        guard running else { return }
        // After the work the code scheduled, so that a handler of exactly the window completes in time.
        window = app.engine.schedule(after: Self.completionWindow) { [unowned self] in
            guard running, let app = self.app else { return }
            running = false
            window = nil
            app.lifecycle.terminate(reason: "background fetch: the app did not call the completion handler within 30s")
        }
    }

    private func complete(_ result: PushFetchResult) {
        guard running, let app else { return }
        running = false
        if let window { app.engine.cancel(window) }
        window = nil
        app.timeline.record(.fetchCompleted(result: result))
        app.lifecycle.end(.backgroundFetch, reason: "background fetch: the app called the completion handler")
    }
}

extension AppLifecycle.Activity {
    /// The legacy background fetch, until its handler calls the completion handler.
    package static let backgroundFetch = Self("fetch", description: "background fetch")
}
