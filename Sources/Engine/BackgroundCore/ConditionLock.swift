import Glibc

/// A mutex with a condition variable, for threads that block outside Swift concurrency and so cannot
/// await: the audio player's writer thread, and `bgaudio play`'s main thread waiting for the end.
///
/// - Warning: Not reentrant. Lock order in the player: the driver lock before the control lock.
package final class ConditionLock: @unchecked Sendable {
    // @unchecked: the pthread objects live at stable heap addresses and pthreads makes them thread-safe.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    package init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    package func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Waits until `done()` is true; call while holding the lock (inside `withLock`).
    package func wait(until done: () -> Bool) {
        while !done() { pthread_cond_wait(condition, mutex) }
    }

    /// Wakes every waiter; call while holding the lock.
    package func broadcast() {
        pthread_cond_broadcast(condition)
    }
}
