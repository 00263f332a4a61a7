/// A repeating schedule made of one-shot ones (Dispatch's `asyncAfter`, so that it runs on the emulated
/// device's clock as that does): each run schedules the next, at the next multiple of the interval, until
/// cancelled.
// @unchecked Sendable: the flag is set and read under the lock.
final class RepeatingSchedule: Cancellable, @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false

    /// Starts: `scheduleOnce(n, run)` must run `run` at the n-th date (0 for the first).
    init(action: @escaping () -> Void, scheduleOnce: @escaping (Int, @escaping () -> Void) -> Void) {
        let step = RepeatingStep(action: ScheduledAction(action), scheduleOnce: scheduleOnce, owner: self)
        step.run(0)
    }

    var isCancelled: Bool { lock.withLock { cancelled } }

    func cancel() {
        lock.withLock { cancelled = true }
    }
}

/// One step of a ``RepeatingSchedule``.
// @unchecked Sendable: as ScheduledAction's; the owner is only asked whether it was cancelled, under its lock.
private struct RepeatingStep: @unchecked Sendable {
    let action: ScheduledAction
    let scheduleOnce: (Int, @escaping () -> Void) -> Void
    weak var owner: RepeatingSchedule?

    func run(_ index: Int) {
        scheduleOnce(index) {
            guard let owner, !owner.isCancelled else { return }
            action.run()
            run(index + 1)
        }
    }
}
