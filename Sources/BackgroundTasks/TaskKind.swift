/// The two kinds of background task: `BGAppRefreshTask` and `BGProcessingTask`.
public enum TaskKind: String, Hashable, Sendable, CaseIterable {
    case refresh, processing
}
