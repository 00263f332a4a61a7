import ArgumentParser
import BackgroundCore
import Dispatch
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
public enum Interruption {
    public static func run<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws -> T {
        let received = Atomic<Int32>(0)
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        // The work starts only once both signal sources are registered: libdispatch arms them
        // asynchronously, and a signal that came before would be ignored while the work runs on.
        let (registered, registration) = AsyncStream<Void>.makeStream()
        let task = Task {
            var sources = registered.makeAsyncIterator()
            _ = await sources.next()
            _ = await sources.next()
            return try await work()
        }
        let sources = [SIGINT, SIGTERM].map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                received.store(number, ordering: .relaxed)
                task.cancel()
            }
            source.setRegistrationHandler { registration.yield() }
            source.resume()
            return source
        }
        defer { sources.forEach { $0.cancel() } }
        return try outcome(await task.result, signal: received.load(ordering: .relaxed))
    }

    /// Runs `work` on the calling thread; a SIGINT or SIGTERM calls `onSignal` (from a thread of its own),
    /// which must make `work` return. For commands that stay outside Swift concurrency, as `bgaudio play`:
    /// no task, no thread pool and no libdispatch timer waking the process while it plays.
    ///
    /// The signals are blocked on the calling thread, so threads that `work` starts inherit the block and
    /// only the waiting thread takes them; call it before starting any thread of the command's.
    public static func runBlocking<T>(onSignal: @escaping @Sendable () -> Void, _ work: () throws -> T) throws -> T {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &signals, &previous)
        let state = WaiterState()
        let waiter = DedicatedThread.start(detached: false) { [signals] in
            var set = signals
            var number: Int32 = 0
            while sigwait(&set, &number) == 0, !state.finished.load(ordering: .acquiring) {
                guard state.received.load(ordering: .relaxed) == 0 else { continue }
                state.received.store(number, ordering: .relaxed)
                onSignal()
            }
        }
        // Ends the waiter (it sees `finished` and returns), then ignores the signals as ``run(_:)`` does, so
        // one that comes as the command exits is not a second, different exit.
        defer {
            state.finished.store(true, ordering: .releasing)
            pthread_kill(waiter, SIGINT)
            pthread_join(waiter, nil)
            signal(SIGINT, SIG_IGN)
            signal(SIGTERM, SIG_IGN)
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        return try outcome(Result { try work() }, signal: state.received.load(ordering: .relaxed))
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
