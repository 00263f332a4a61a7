/// What ``Publishers/Debounce`` keeps per subscriber: the latest value's generation, and the subscriber's
/// demand.
// @unchecked Sendable: both are read and changed under the lock.
final class DebounceState: @unchecked Sendable {
    private let lock = NSLock()
    private var generation = 0
    private var demand = Subscribers.Demand.none

    /// A new value came (or the stream ended): the one waiting is no longer the latest.
    func nextGeneration() -> Int {
        lock.withLock {
            generation += 1
            return generation
        }
    }

    /// Takes one of the demand if `generation` is still the latest and there is demand.
    func takeDemand(ifCurrent generation: Int) -> Bool {
        lock.withLock {
            guard generation == self.generation, demand > 0 else { return false }
            demand -= 1
            return true
        }
    }

    func add(_ demand: Subscribers.Demand) {
        lock.withLock { self.demand += demand }
    }
}
