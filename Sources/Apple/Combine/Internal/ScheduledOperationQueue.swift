/// An operation queue handed to Dispatch's delayed work, which adds the scheduled action to it.
// @unchecked Sendable: OperationQueue's addOperation may be called from any thread.
struct ScheduledOperationQueue: @unchecked Sendable {
    private let queue: OperationQueue

    init(_ queue: OperationQueue) {
        self.queue = queue
    }

    func add(_ action: ScheduledAction) {
        queue.addOperation { action.run() }
    }
}
