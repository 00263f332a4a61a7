import BackgroundScheduler
import EmulatedFoundation

/// A continued task's `Progress` whose counts, when the app's code sets them, are reported to the emulated
/// task (``BackgroundScheduler/TaskProgress``) on the main queue: what KVO does for iOS's system.
final class ReportedProgress: Progress, @unchecked Sendable {
    private let reported: TaskProgress?

    init(reportingTo reported: TaskProgress?) {
        self.reported = reported
        super.init(parent: nil, userInfo: nil)
    }

    override var totalUnitCount: Int64 {
        didSet { report() }
    }

    override var completedUnitCount: Int64 {
        didSet { report() }
    }

    private func report() {
        guard let reported else { return }
        let total = totalUnitCount, completed = completedUnitCount
        EmulatedSystem.sync {
            if reported.totalUnitCount != total { reported.totalUnitCount = total }
            if reported.completedUnitCount != completed { reported.completedUnitCount = completed }
        }
    }
}
