#if DEBUG
import Glibc
import Synchronization

/// Scripts the system-call wrappers of the gpsd connection in tests: each call takes the next scripted outcome of its function.
///
/// The driver is a task-local, so it reaches only the calls made synchronously by the test's own task
/// (never the reader thread of a concurrently running real test). An unscripted call succeeds with 0.
///
/// ```swift
/// let driver = MockingDriver([.read: [.failure(errno: EINTR), .success(42)]])
/// let result = driver.run { connection.read() }
/// #expect(driver.calls == [.read, .read])
/// ```
package final class MockingDriver: Sendable {
    /// The wrapped C functions.
    package enum Function: Hashable, Sendable {
        case open, close, send, recv
    }

    /// What one call returns, and the errno it leaves.
    package struct Outcome: Hashable, Sendable {
        package var returnCode: CInt
        package var errno: CInt

        package static func success(_ returnCode: CInt = 0) -> Outcome { Outcome(returnCode: returnCode, errno: 0) }
        package static func failure(errno: CInt) -> Outcome { Outcome(returnCode: -1, errno: errno) }
    }

    @TaskLocal static var current: MockingDriver?

    private struct State {
        var script: [Function: [Outcome]]
        var calls: [Function] = []
    }

    private let state: Mutex<State>

    package init(_ script: [Function: [Outcome]] = [:]) {
        state = Mutex(State(script: script))
    }

    /// Every call made so far, in order.
    package var calls: [Function] { state.withLock { $0.calls } }

    /// Runs `body` with this driver standing in for the system calls.
    package func run<R>(_ body: () throws -> R) rethrows -> R {
        try MockingDriver.$current.withValue(self) { try body() }
    }

    /// Takes the next outcome of `function`, sets errno to it and returns its return code.
    func mock(_ function: Function) -> CInt {
        let outcome = state.withLock { state in
            state.calls.append(function)
            return state.script[function]?.isEmpty == false ? state.script[function]!.removeFirst() : .success()
        }
        Glibc.errno = outcome.errno
        return outcome.returnCode
    }
}
#endif
