import BackgroundCore
import BackgroundScheduler
import EmulatedFoundation

/// A request to launch the app in the background, as Apple's `BGTaskRequest`: submit a copy with
/// `BGTaskScheduler.shared.submit(_:)`; changing the object afterwards changes nothing.
///
/// `@unchecked Sendable` as Apple's class is: its properties are set by the app before it submits.
open class BGTaskRequest: NSObject, @unchecked Sendable {
    /// The identifier of the task, one of the app's `BGTaskSchedulerPermittedIdentifiers`.
    public let identifier: String
    /// The earliest time the task may launch; nil: no delay.
    open var earliestBeginDate: Date?

    init(identifier: String) {
        self.identifier = identifier
    }

    open override var description: String {
        "<\(type(of: self)): \(identifier), earliestBeginDate: \(earliestBeginDate.map { "\($0)" } ?? "(null)")>"
    }

    /// What the request's kind adds, as the scheduler's request has it: each subclass gives its own.
    var parameters: TaskRequest.Parameters { .refresh }

    /// The scheduler's request for this one, as it is now.
    final var taskRequest: TaskRequest {
        TaskRequest(identifier: identifier, earliestBeginDate: earliestBeginDate.map(SimTime.init), parameters: parameters)
    }

    /// The request for one the scheduler holds: the subclass of its kind.
    static func pending(_ request: TaskRequest) -> BGTaskRequest {
        let pending: BGTaskRequest = switch request.parameters {
        case .refresh: BGAppRefreshTaskRequest(identifier: request.identifier)
        case .processing(let processing): BGProcessingTaskRequest(identifier: request.identifier, processing)
        case .continued(let continued): BGContinuedProcessingTaskRequest(identifier: request.identifier, continued)
        }
        pending.earliestBeginDate = request.earliestBeginDate?.date
        return pending
    }
}
