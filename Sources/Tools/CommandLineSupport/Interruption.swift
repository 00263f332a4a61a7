import ArgumentParser
import BackgroundCore
import Glibc
import Synchronization

/// Runs a command's work so that Ctrl-C (SIGINT) and SIGTERM stop it cleanly.
///
/// The signal stops the work; the work unwinds (closing devices, finishing files) and the command exits
/// with 130 for SIGINT and 143 for SIGTERM, the shell's convention. Async work is stopped by cancelling its
/// task; blocking work on the calling thread (``runBlocking(onSignal:_:)``) by a closure of its own.
///
/// ```swift
/// func run() async throws {
///     try await Interruption.run { try await player.play() }
/// }
/// ```
package enum Interruption {
    /// Runs `work` in a task that a SIGINT or SIGTERM cancels, from a thread of its own waiting in
    /// `sigwait`: no libdispatch signal source, so no libdispatch thread pool.
    ///
    /// The signals are blocked on the calling thread before the task starts, so threads that `work` starts
    /// inherit the block and only the waiting thread takes them. Call it on the program's one thread
    /// (``SingleThreadExecutor``), before any thread of the command's: a thread started earlier, or a
    /// pool thread of libdispatch, would take the signal and die of it.
    package static func run<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws -> T {
        // On the one-thread executor the task starts only when this function awaits, after the block.
        let task = Task { try await work() }
        let waiter = SignalWaiter { task.cancel() }
        let result = await task.result
        return try outcome(result, signal: waiter.stop())
    }

    /// Runs `work` on the calling thread; a SIGINT or SIGTERM calls `onSignal` (from a thread of its own),
    /// which must make `work` return. For commands that stay outside Swift concurrency, as `bgaudio play`:
    /// no task, no thread pool and no libdispatch timer waking the process while it plays.
    ///
    /// The signals are blocked on the calling thread, so threads that `work` starts inherit the block and
    /// only the waiting thread takes them; call it before starting any thread of the command's.
    package static func runBlocking<T>(onSignal: @escaping @Sendable () -> Void, _ work: () throws -> T) throws -> T {
        let waiter = SignalWaiter(onSignal: onSignal)
        let result = Result { try work() }
        return try outcome(result, signal: waiter.stop())
    }

    /// A thread waiting in `sigwait` for SIGINT and SIGTERM, blocked on the thread that starts it.
    private struct SignalWaiter {
        private let state = WaiterState()
        private let thread: pthread_t
        private var previous = sigset_t()

        init(onSignal: @escaping @Sendable () -> Void) {
            var signals = sigset_t()
            sigemptyset(&signals)
            sigaddset(&signals, SIGINT)
            sigaddset(&signals, SIGTERM)
            pthread_sigmask(SIG_BLOCK, &signals, &previous)
            thread = DedicatedThread.start(detached: false) { [signals, state] in
                var set = signals
                var number: Int32 = 0
                while sigwait(&set, &number) == 0, !state.finished.load(ordering: .acquiring) {
                    guard state.received.load(ordering: .relaxed) == 0 else { continue }
                    state.received.store(number, ordering: .relaxed)
                    onSignal()
                }
            }
        }

        /// Ends the waiter (it sees `finished` and returns), then ignores the signals, so one that comes as
        /// the command exits is not a second, different exit; returns the signal received, or 0.
        func stop() -> Int32 {
            state.finished.store(true, ordering: .releasing)
            pthread_kill(thread, SIGINT)
            pthread_join(thread, nil)
            signal(SIGINT, SIG_IGN)
            signal(SIGTERM, SIG_IGN)
            var mask = previous
            pthread_sigmask(SIG_SETMASK, &mask, nil)
            return state.received.load(ordering: .relaxed)
        }
    }

    /// What the signal-waiting thread and ``runBlocking(onSignal:_:)`` share. A class, not two atomics
    /// captured by the closure: freeing a closure's box of atomics instantiated `Atomic`'s generic
    /// metadata, a scan of every protocol conformance in the program (0.3 M instructions, 7% of a short
    /// `bgaudio play`).
    private final class WaiterState: Sendable {
        let received = Atomic<Int32>(0)
        let finished = Atomic<Bool>(false)
    }

    /// The work's result once output is flushed, or the shell's exit status for the signal that stopped it
    /// (128 + the signal's number: 130 for SIGINT, 143 for SIGTERM).
    private static func outcome<T>(_ result: Result<T, any Error>, signal: Int32) throws -> T {
        StandardOutput.flush()
        if signal != 0 { throw ExitCode(128 + signal) }
        return try result.get()
    }
}
