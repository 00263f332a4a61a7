import BackgroundTasks
import UIKit

/// The feed app's delegate, as an iOS app has it: it registers its background tasks before launching
/// finishes, asks for a refresh whenever it leaves the foreground (each refresh asks for the next), cleans its
/// store up on power at night (each cleanup asks for the next, at least 12 hours on),
/// refreshes on a silent push, and hands its background session's events back to the uploader.
///
/// Nothing here knows of Linux or of an emulator: on iOS this file is the app target's `AppDelegate`
/// (with `@main`), on Linux the same file runs on bgkit's emulated device. It is public, as background code
/// in a package is for the app target that launches it.
public final class AppDelegate: UIResponder, UIApplicationDelegate {
    static let refreshIdentifier = "com.example.feed.refresh"
    static let cleanupIdentifier = "com.example.feed.cleanup"

    /// Whether the refresh's expiration handler cancels its work (the right thing); false is the classic bug.
    static var cancelsOnExpiration = true

    let store = FeedStore()
    let visits = VisitTracker()
    let tour = TourGuide()
    /// What `handleEventsForBackgroundURLSession` gave, until the session has delivered its events.
    var backgroundSessionCompletionHandler: (() -> Void)?

    public func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: Self.refreshIdentifier, using: nil) { task in
            self.handleAppRefresh(task: task as! BGAppRefreshTask)
        }
        BGTaskScheduler.shared.register(forTaskWithIdentifier: Self.cleanupIdentifier, using: nil) { task in
            self.handleCleanup(task: task as! BGProcessingTask)
        }
        visits.onEnter = { [tour] _ in tour.play() }
        visits.start()
        application.registerForRemoteNotifications()
        return true
    }

    public func applicationDidEnterBackground(_ application: UIApplication) {
        scheduleAppRefresh()
        scheduleCleanup()
    }

    // MARK: Background tasks

    func scheduleAppRefresh() {
        let request = BGAppRefreshTaskRequest(identifier: Self.refreshIdentifier)
        request.earliestBeginDate = Date(timeIntervalSinceNow: 15 * 60)
        do {
            try BGTaskScheduler.shared.submit(request)
        } catch {
            print("Could not schedule app refresh: \(error)")
        }
    }

    func scheduleCleanup() {
        let request = BGProcessingTaskRequest(identifier: Self.cleanupIdentifier)
        request.requiresExternalPower = true
        request.requiresNetworkConnectivity = false
        request.earliestBeginDate = Date(timeIntervalSinceNow: 12 * 3600)   // at most twice a day
        do {
            try BGTaskScheduler.shared.submit(request)
        } catch {
            print("Could not schedule the cleanup: \(error)")
        }
    }

    func handleAppRefresh(task: BGAppRefreshTask) {
        scheduleAppRefresh()
        let store = store
        let work = Task {
            let fetched = await store.refresh()
            task.setTaskCompleted(success: fetched)
        }
        task.expirationHandler = {
            if Self.cancelsOnExpiration { work.cancel() }
        }
    }

    func handleCleanup(task: BGProcessingTask) {
        scheduleCleanup()
        let store = store
        let work = Task {
            await store.compact()
            task.setTaskCompleted(success: !Task.isCancelled)
        }
        task.expirationHandler = { work.cancel() }
    }

    // MARK: Silent pushes

    public func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
        let store = store
        Task {
            let fetched = await store.refresh()
            completionHandler(fetched ? .newData : .failed)
        }
    }

    // MARK: Background transfers

    public func application(
        _ application: UIApplication, handleEventsForBackgroundURLSession identifier: String,
        completionHandler: @escaping () -> Void
    ) {
        backgroundSessionCompletionHandler = completionHandler
        visits.uploader.reconnect { [weak self] in
            self?.backgroundSessionCompletionHandler?()
            self?.backgroundSessionCompletionHandler = nil
        }
    }
}
