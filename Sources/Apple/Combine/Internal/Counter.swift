/// A thread-safe counter for identifiers that are not an object's.
// @unchecked Sendable: the value is read and moved under the lock only.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value: UInt64 = 1 << 63

    func next() -> UInt64 {
        lock.withLock {
            value += 1
            return value
        }
    }
}
