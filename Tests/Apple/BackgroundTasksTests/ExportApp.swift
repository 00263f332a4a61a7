import BackgroundTasks
import UIKit

/// A continued processing task as iOS 26 apps write it: the user taps Export, the app submits the request
/// and its handler reports progress as each part is done.
final class ExportApp: UIResponder, UIApplicationDelegate {
    static let identifier = "com.example.feed.export.1"
    /// Seconds between parts, and whether the handler reports progress at all.
    var secondsPerPart: UInt64 = 20
    var reportsProgress = true
    var expired = false

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.feed.export.*", using: nil) { task in
            self.export(task as! BGContinuedProcessingTask)
        }
        return true
    }

    func applicationDidBecomeActive(_ application: UIApplication) {
        let request = BGContinuedProcessingTaskRequest(identifier: Self.identifier, title: "Exporting", subtitle: "3 videos")
        try? BGTaskScheduler.shared.submit(request)
    }

    func export(_ task: BGContinuedProcessingTask) {
        task.expirationHandler = { self.expired = true }
        task.progress.totalUnitCount = 3
        Task {
            for _ in 1...3 {
                try await Task.sleep(nanoseconds: secondsPerPart * 1_000_000_000)
                if expired { return }
                if reportsProgress { task.progress.completedUnitCount += 1 }
            }
            task.setTaskCompleted(success: true)
        }
    }
}
