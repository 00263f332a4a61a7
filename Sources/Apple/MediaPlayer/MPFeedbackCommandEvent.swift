/// A like, dislike or bookmark, as Apple's `MPFeedbackCommandEvent`.
open class MPFeedbackCommandEvent: MPRemoteCommandEvent, @unchecked Sendable {
    /// Whether the user takes the feedback back (an unlike) rather than giving it.
    open private(set) var isNegative: Bool

    init(command: MPRemoteCommand, timestamp: TimeInterval, isNegative: Bool) {
        self.isNegative = isNegative
        super.init(command: command, timestamp: timestamp)
    }
}
