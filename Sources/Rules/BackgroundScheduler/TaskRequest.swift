public import BackgroundCore

/// A request to launch the app in the background to run a task: one value for the three kinds, whose
/// ``parameters`` carry what a processing or continued task adds — Apple's `BGAppRefreshTaskRequest`,
/// `BGProcessingTaskRequest` and `BGContinuedProcessingTaskRequest` in one type.
///
/// A request is a value: ``TaskScheduler`` keeps what was submitted, so changing a variable afterwards
/// changes nothing.
///
/// ```swift
/// var request = TaskRequest(refresh: "com.example.refresh")
/// request.earliestBeginDate = engine.now + .seconds(15 * 60)
/// try scheduler.submit(request)
/// try scheduler.submit(TaskRequest(processing: "com.example.upload", requiresNetworkConnectivity: true))
/// ```
public struct TaskRequest: Hashable, Sendable, CustomStringConvertible {
    /// What the task's kind adds to the request.
    public enum Parameters: Hashable, Sendable {
        /// A refresh task: 30 s (``TaskScheduler/Configuration/refreshBudget``), nothing to add.
        case refresh
        /// A processing task's requirements.
        case processing(Processing)
        /// A continued processing task's title, strategy and resources (iOS 26).
        case continued(Continued)
    }

    /// The task's identifier, one of the app's permitted identifiers.
    public let identifier: String
    /// The earliest time the task may launch; nil means as soon as the scheduler sees fit.
    ///
    /// Apple's property is a `Date`; on virtual time it is a ``SimTime`` (for example `engine.now + delay`).
    public var earliestBeginDate: SimTime?
    /// The kind's parameters (the kind is ``kind``).
    public var parameters: Parameters

    public init(identifier: String, earliestBeginDate: SimTime? = nil, parameters: Parameters) {
        self.identifier = identifier
        self.earliestBeginDate = earliestBeginDate
        self.parameters = parameters
    }

    /// A request to launch the app briefly in the background to refresh its content.
    public init(refresh identifier: String, earliestBeginDate: SimTime? = nil) {
        self.init(identifier: identifier, earliestBeginDate: earliestBeginDate, parameters: .refresh)
    }

    /// Which kind of task this request launches.
    public var kind: TaskKind {
        switch parameters {
        case .refresh: .refresh
        case .processing: .processing
        case .continued: .continued
        }
    }

    /// A processing request's requirements; nil for the other kinds.
    public var processing: Processing? {
        if case .processing(let processing) = parameters { processing } else { nil }
    }

    /// A continued request's title, strategy and resources; nil for the other kinds.
    public var continued: Continued? {
        if case .continued(let continued) = parameters { continued } else { nil }
    }

    public var description: String {
        let head = "\(kind.rawValue) \(identifier)" + (earliestBeginDate.map { " not before \($0.rfc3339)" } ?? "")
        return switch parameters {
        case .refresh: head
        case .processing(let processing): head + processing.description
        case .continued(let continued): head + continued.description
        }
    }
}
