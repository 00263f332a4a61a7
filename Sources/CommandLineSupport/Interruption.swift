import ArgumentParser
import Dispatch
import Glibc
import Synchronization

/// Runs a command's work so that Ctrl-C (SIGINT) and SIGTERM stop it cleanly.
///
/// The signal cancels the work's task; the work unwinds (closing devices, finishing files) and the
/// command exits with 130 for SIGINT and 143 for SIGTERM, the shell's convention.
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
        let result = await task.result
        StandardOutput.flush()
        let signalNumber = received.load(ordering: .relaxed)
        if signalNumber != 0 { throw ExitCode(128 + signalNumber) }
        return try result.get()
    }
}
