import BackgroundTasks
import UIKit

/// Apple's canonical refresh code ("Using background tasks to update your app"), as an iOS app has it:
/// nothing here knows of Linux or of the emulator.
final class RefreshApp: UIResponder, UIApplicationDelegate {
    static let refreshIdentifier = "com.example.feed.refresh"

    var launchedAt: Date?
    var refreshes: [Date] = []
    var expirations = 0
    /// What the refresh handler does.
    var behaviour = Behaviour.completes

    enum Behaviour {
        case completes
        /// Works longer than the task's time and cancels its work when the expiration handler runs.
        case overrunsAndCancels
        /// Works longer than the task's time and ignores its expiration handler.
        case ignoresExpiration
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        launchedAt = Date()
        BGTaskScheduler.shared.register(forTaskWithIdentifier: Self.refreshIdentifier, using: nil) { task in
            self.handleAppRefresh(task: task as! BGAppRefreshTask)
        }
        return true
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        scheduleAppRefresh()
    }

    func scheduleAppRefresh() {
        let request = BGAppRefreshTaskRequest(identifier: Self.refreshIdentifier)
        request.earliestBeginDate = Date(timeIntervalSinceNow: 15 * 60)
        do {
            try BGTaskScheduler.shared.submit(request)
        } catch {
            print("Could not schedule app refresh: \(error)")
        }
    }

    func handleAppRefresh(task: BGAppRefreshTask) {
        scheduleAppRefresh()
        refreshes.append(Date())
        let behaviour = behaviour
        let work = Task {
            switch behaviour {
            case .completes: try await Task.sleep(for: .seconds(2))
            case .overrunsAndCancels, .ignoresExpiration: try await Task.sleep(for: .seconds(60))
            }
            task.setTaskCompleted(success: true)
        }
        task.expirationHandler = {
            Task { @MainActor in self.expirations += 1 }
            if behaviour == .overrunsAndCancels {
                work.cancel()
                task.setTaskCompleted(success: false)
            }
        }
    }
}
