import BackgroundCore
import BackgroundLocation
import Foundation
import Glibc
import Synchronization

/// Reads gpsd on a dedicated thread (libgps blocks; the cooperative pool must not) and hands what it reads
/// to an `AsyncStream`: fixes, problems, and a failure to connect at the start.
///
/// The thread owns the connection from open to close. It stops when told to, when the stream's consumer
/// goes away, or after the configured number of fixes; it checks between reports, at least once per
/// ``GPSDSource/Configuration/pollInterval``.
final class GPSDReader: Sendable {
    /// What the reader hands over.
    enum Output: Sendable {
        case event(LocationSourceEvent)
        /// gpsd could not be reached at the start; the stream ends after this.
        case failed(GPSDConnectionError)
    }

    let configuration: GPSDSource.Configuration
    private let stopping = Atomic<Bool>(false)
    private let exited: AsyncStream<Never>
    private let exitedContinuation: AsyncStream<Never>.Continuation

    init(configuration: GPSDSource.Configuration) {
        self.configuration = configuration
        (exited, exitedContinuation) = AsyncStream<Never>.makeStream()
    }

    /// Starts the reader thread and returns what it reads; call once.
    func start() -> AsyncStream<Output> {
        let (outputs, continuation) = AsyncStream<Output>.makeStream()
        continuation.onTermination = { [self] _ in stopping.store(true, ordering: .relaxed) }
        DedicatedThread.start { [self] in
            read(into: continuation)
            exitedContinuation.finish()
        }
        return outputs
    }

    /// Tells the thread to stop and waits until it has closed its connection and ended.
    func stop() async {
        stopping.store(true, ordering: .relaxed)
        for await _ in exited {}
    }

    private var isStopping: Bool { stopping.load(ordering: .relaxed) }

    private var address: String { GPSDConnectionError.address(host: configuration.host, port: configuration.port) }

    /// The reader's whole life: connect, follow, and after a loss reconnect with backoff.
    func read(into output: AsyncStream<Output>.Continuation) {
        defer { output.finish() }
        var delivered = 0
        var connectedOnce = false
        var failedAttempts = 0  // reconnection attempts failed since the last loss
        while !isStopping {
            switch GPSDConnection.open(host: configuration.host, port: configuration.port) {
            case .failure(let error):
                guard connectedOnce else {
                    let failure = GPSDConnectionError(host: configuration.host, port: configuration.port, underlying: error)
                    output.yield(.failed(failure))
                    return
                }
                failedAttempts += 1
                let delay = configuration.backoff.delay(beforeAttempt: failedAttempts + 1)
                report(
                    output, "cannot reconnect to gpsd at \(address) (\(error.reason)); next attempt in \(Self.format(delay))",
                    code: "gpsd.reconnecting"
                )
                wait(delay)
            case .success(let connection):
                if connectedOnce { report(output, "reconnected to gpsd at \(address)", code: "gpsd.reconnected") }
                connectedOnce = true
                failedAttempts = 0
                guard let error = follow(connection, delivered: &delivered, output: output) else { return }
                let delay = configuration.backoff.delay(beforeAttempt: 1)
                report(
                    output, "lost gpsd at \(address) (\(error.reason)); reconnecting in \(Self.format(delay))",
                    code: "gpsd.lost"
                )
                wait(delay)
            }
        }
    }

    /// Streams reports from one connection and closes it. Returns the error that ended it, or nil when the
    /// reader is done (stopped, or the number of fixes reached).
    private func follow(
        _ connection: consuming GPSDConnection, delivered: inout Int, output: AsyncStream<Output>.Continuation
    ) -> GPSDError? {
        do throws(GPSDError) {
            try connection.watch()
            reading: while !isStopping {
                guard connection.waiting(timeout: configuration.pollInterval) else { continue }
                try connection.read()
                switch connection.currentReport {
                case .other: continue
                case .malformed(let byte, let excerpt):
                    report(output, "gpsd sent a report that is not valid JSON (at byte \(byte)), skipped: \(excerpt)", code: "gpsd.malformed")
                case .implausible(let problem, let excerpt):
                    report(output, "gpsd sent an impossible fix (\(problem)), skipped: \(excerpt)", code: "gpsd.invalid")
                case .fix(let fix):
                    output.yield(.event(.fix(fix)))
                    delivered += 1
                    if let limit = configuration.fixes, delivered >= limit { break reading }
                }
            }
        } catch {
            connection.close()
            return error
        }
        connection.close()
        return nil
    }

    private func report(_ output: AsyncStream<Output>.Continuation, _ message: String, code: String) {
        output.yield(.event(.problem(message: message, code: code)))
    }

    /// Waits `duration` on this thread, in short steps so that a stop is not held up.
    private func wait(_ duration: Duration) {
        let clock = ContinuousClock()
        let deadline = clock.now + duration
        while !isStopping, clock.now < deadline {
            let step = min(clock.now.duration(to: deadline), .milliseconds(20))
            usleep(UInt32(max(step.nanoseconds / 1000, 1)))
        }
    }

    /// "0.5 s", "8 s".
    private static func format(_ duration: Duration) -> String {
        let milliseconds = duration.nanoseconds / 1_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(Double(milliseconds) / 1000) s"
    }
}
