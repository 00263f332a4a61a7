import BackgroundCore
import BackgroundLocation
import Glibc

/// Reads gpsd on a dedicated thread (its socket blocks; the cooperative pool must not) and hands each fix and
/// problem it reads to its consumer, from that thread.
///
/// The thread owns the connection from open to close. It stops when told to (its task is cancelled), or
/// after the configured number of fixes. Between reports it sleeps on gpsd's socket and a ``StopSignal``
/// together, with no timeout: a report or a stop wakes it, nothing else (an idle gpsd costs no wake-ups).
///
/// One fix per epoch: until gpsd has learnt which sentence ends a receiver's reporting cycle, it reports an
/// epoch again as each of its sentences arrives (an RMC-only fix, then with GGA's altitude, then with GST's
/// error estimate). Core Location delivers a location once, and a trace's replay reads the epoch as one fix,
/// so a fix with the same time as the fix delivered before it is dropped, and not counted. A connection's
/// first report can come from a GGA before gpsd knows the date (a fix without a time, which would count at
/// its arrival), with the same epoch again once the RMC arrives: so a connection's first fix without a time
/// waits for the next fix, and when that one is at the same place with a time, it is delivered instead.
/// A receiver that never sends a time (GGA only) loses nothing: its first fix comes with the second.
final class GPSDReader: Sendable {
    let configuration: GPSDSource.Configuration
    private let stop: StopSignal

    /// - Throws: ``StopSignal/Failure`` when the thread's stop pipe cannot be made.
    init(configuration: GPSDSource.Configuration) throws(StopSignal.Failure) {
        self.configuration = configuration
        stop = try StopSignal()
    }

    /// Runs the reader thread, handing `deliver` every event it reads (from that thread), and returns once the thread has closed its
    /// connection and ended: after the configured fixes, or promptly when the task is cancelled. Returns
    /// the failure to reach gpsd at the start, if that is how it ended. Call once.
    func run(
        delivering deliver: @escaping @Sendable (LocationSourceEvent) -> Void
    ) async -> GPSDConnectionError? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                DedicatedThread.start { [self] in continuation.resume(returning: read(delivering: deliver)) }
            }
        } onCancel: {
            stop.signal()
        }
    }

    private var isStopping: Bool { stop.isSignalled }

    private var address: String { GPSDConnectionError.address(host: configuration.host, port: configuration.port) }

    /// The reader's whole life: connect, follow, and after a loss reconnect with backoff. Returns the
    /// failure to reach gpsd at the start, after which it delivers nothing.
    func read(delivering output: (LocationSourceEvent) -> Void) -> GPSDConnectionError? {
        var delivered = 0
        var lastTime: SimTime?  // the time of the last fix delivered: a repeat of its epoch is dropped
        var connectedOnce = false
        var failedAttempts = 0  // reconnection attempts failed since the last loss
        while !isStopping {
            switch GPSDConnection.open(host: configuration.host, port: configuration.port) {
            case .failure(let error):
                guard connectedOnce || waits(for: error) else {
                    return GPSDConnectionError(host: configuration.host, port: configuration.port, underlying: error)
                }
                if !connectedOnce {
                    if failedAttempts == 0 {
                        report(
                            output, "waiting for gpsd at \(address) (\(error.reason)); start it with `gpsd -N -n /dev/ttyUSB0` "
                                + "(your receiver's device), or without one `gpsfake -P \(configuration.port) LOG.nmea`",
                            code: "gpsd.waiting")
                    }
                    failedAttempts += 1
                    wait(configuration.backoff.delay(beforeAttempt: failedAttempts))
                    continue
                }
                failedAttempts += 1
                let delay = configuration.backoff.delay(beforeAttempt: failedAttempts + 1)
                report(
                    output, "cannot reconnect to gpsd at \(address) (\(error.reason)); next attempt in \(Self.format(delay))",
                    code: "gpsd.reconnecting"
                )
                wait(delay)
            case .success(let connection):
                if connectedOnce || failedAttempts > 0 {
                    report(output, "\(connectedOnce ? "reconnected" : "connected") to gpsd at \(address)", code: "gpsd.reconnected")
                }
                connectedOnce = true
                failedAttempts = 0
                guard let error = follow(connection, delivered: &delivered, lastTime: &lastTime, output: output) else { return nil }
                let delay = configuration.backoff.delay(beforeAttempt: 1)
                report(
                    output, "lost gpsd at \(address) (\(error.reason)); reconnecting in \(Self.format(delay))",
                    code: "gpsd.lost"
                )
                wait(delay)
            }
        }
        return nil
    }

    /// Whether a first connection that failed with `error` is waited for: gpsd not up yet, not an address
    /// that cannot be resolved.
    private func waits(for error: GPSDError) -> Bool {
        configuration.waitsForGPSD && error.code != .unknownHost && error.code != .unknownService
    }

    /// Streams reports from one connection and closes it. Returns the error that ended it, or nil when the
    /// reader is done (stopped, or the number of fixes reached).
    private func follow(
        _ connection: consuming GPSDConnection, delivered: inout Int, lastTime: inout SimTime?,
        output: (LocationSourceEvent) -> Void
    ) -> GPSDError? {
        do throws(GPSDError) {
            try connection.watch()
            var isFirst = true  // no fix read on this connection yet
            var held: LocationFix?  // the connection's first fix, without a time, until the next one comes
            reading: while !isStopping {
                // A report received already, else sleep until the socket has bytes or the stop comes.
                guard connection.hasReport || stop.wait(readable: [connection.descriptor]) != nil else {
                    continue
                }
                switch try connection.read() {
                case .other: continue
                case .malformed(let byte, let excerpt):
                    report(output, "gpsd sent a report that is not valid JSON (at byte \(byte)), skipped: \(excerpt)", code: "gpsd.malformed")
                case .implausible(let problem, let excerpt):
                    report(output, "gpsd sent an impossible fix (\(problem)), skipped: \(excerpt)", code: "gpsd.invalid")
                case .fix(let fix):
                    if isFirst, fix.time == nil {
                        held = fix  // perhaps the first epoch before gpsd knew the date: see the next fix
                    } else {
                        for next in Self.epochs(held, then: fix) where next.time == nil || next.time != lastTime {
                            lastTime = next.time
                            output(.fix(next))
                            delivered += 1
                            if let limit = configuration.fixes, delivered >= limit { break reading }
                        }
                        held = nil
                    }
                    isFirst = false
                }
            }
        } catch {
            connection.close()
            return error
        }
        connection.close()
        return nil
    }

    /// The fixes to deliver when `fix` follows a `held` first fix without a time: `fix` alone when it is the
    /// held fix's epoch again (the same place, now with a time), else both.
    static func epochs(_ held: LocationFix?, then fix: LocationFix) -> [LocationFix] {
        guard let held else { return [fix] }
        let again = fix.time != nil && fix.latitude == held.latitude && fix.longitude == held.longitude
        return again ? [fix] : [held, fix]
    }

    private func report(_ output: (LocationSourceEvent) -> Void, _ message: String, code: String) {
        output(.problem(message: message, code: code))
    }

    /// Waits `duration` on this thread, or less if the stop comes.
    private func wait(_ duration: Duration) {
        _ = stop.wait(timeout: duration)
    }

    /// "0.5 s", "8 s".
    private static func format(_ duration: Duration) -> String {
        let milliseconds = duration.nanoseconds / 1_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(Double(milliseconds) / 1000) s"
    }
}
