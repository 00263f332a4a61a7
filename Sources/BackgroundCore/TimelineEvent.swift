/// One entry of the typed event log that every tool prints: what happened, and when.
///
/// The kinds and their fields are those of the event stream in CONTRACTS.md section 1;
/// ``JSONLinesRenderer`` and ``TextTimelineRenderer`` turn them into lines.
public struct TimelineEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case location(LocationFix)
        case significant(latitude: Double, longitude: Double)
        case state(region: String, state: RegionState)
        case enter(region: String, latitude: Double, longitude: Double)
        case exit(region: String, latitude: Double, longitude: Double)
        case pause
        case resume
        case error(message: String, code: String?)
        case taskSubmitted(task: String, kind: TaskKind, earliestBegin: SimTime?)
        case taskRejected(task: String, error: String)
        case taskLaunched(task: String)
        case taskExpired(task: String)
        case taskCompleted(task: String, success: Bool)
        case conditions(DeviceConditions)
        case lifecycle(state: LifecycleState, reason: String?)
        case audioStarted(file: String)
        case audioFinished(file: String, success: Bool)
        case audioPaused(file: String)
        case audioResumed(file: String)
        case audioInterrupted(file: String)

        /// The `event` name of the stream.
        public var name: String {
            switch self {
            case .location: "location"
            case .significant: "significant"
            case .state: "state"
            case .enter: "enter"
            case .exit: "exit"
            case .pause: "pause"
            case .resume: "resume"
            case .error: "error"
            case .taskSubmitted: "task.submitted"
            case .taskRejected: "task.rejected"
            case .taskLaunched: "task.launched"
            case .taskExpired: "task.expired"
            case .taskCompleted: "task.completed"
            case .conditions: "conditions"
            case .lifecycle: "lifecycle"
            case .audioStarted: "audio.started"
            case .audioFinished: "audio.finished"
            case .audioPaused: "audio.paused"
            case .audioResumed: "audio.resumed"
            case .audioInterrupted: "audio.interrupted"
            }
        }
    }

    public var time: SimTime
    public var kind: Kind

    public init(time: SimTime, kind: Kind) {
        self.time = time
        self.kind = kind
    }
}
