/// The three kinds of background task: ``RefreshTask``, ``ProcessingTask`` and ``ContinuedTask`` (Apple's
/// `BGAppRefreshTask`, `BGProcessingTask` and, iOS 26, `BGContinuedProcessingTask`).
public enum TaskKind: String, Hashable, Sendable, CaseIterable {
    case refresh, processing, continued
}
