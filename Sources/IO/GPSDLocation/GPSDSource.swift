package import BackgroundCore
package import BackgroundLocation

/// A live location source: the fixes of a running gpsd, read from its socket in gpsd's JSON protocol.
///
/// gpsd is one ``LiveSource`` among others: added to a ``LiveRun`` it connects to gpsd, asks it to stream
/// its reports and reads them on a thread of its own (the socket blocks), posting each fix into the run's
/// engine as it arrives; the engine runs live, its virtual clock following the wall clock, and other
/// sources (a push socket, a transfer's thread) feed the same engine at the same time. A fix keeps gpsd's
/// own fix time. Reports without a position (no fix yet, satellites, device lists) are skipped. Alone, as a
/// ``LocationSource``, it runs that live run itself, ending at ``Configuration/duration``.
///
/// When gpsd cannot be reached at the start, `run` throws ``GPSDConnectionError``, which says how to
/// start gpsd. When gpsd goes away later, the source reports a ``LocationSourceEvent/problem(message:code:)``
/// (code `gpsd.lost`), reconnects with ``ReconnectBackoff`` (reporting each failed attempt as
/// `gpsd.reconnecting` and success as `gpsd.reconnected`) and goes on; fixes already received are all
/// delivered. It ends after ``Configuration/fixes`` fixes.
///
/// ```swift
/// // production: bgloc live
/// let run = LiveRun(engine: engine, until: engine.now + .seconds(60))
/// run.add(GPSDSource(configuration: .init(host: "localhost", port: "2947", fixes: 10))) { event in
///     manager.receive(event)
/// }
/// try await run.run()
///
/// // test: against `gpsfake -P PORT LOG.nmea`, a real gpsd fed from a log, alone on an engine
/// var events: [LocationSourceEvent] = []
/// try await GPSDSource(configuration: .init(host: "127.0.0.1", port: "\(gpsd.port)", fixes: 8))
///     .run(on: EventEngine(start: .now())) { events.append($0) }
/// ```
package final class GPSDSource: LiveSource, LocationSource {
    package let configuration: Configuration

    package init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Follows gpsd, posting every fix and problem into `input`, until ``Configuration/fixes`` is reached
    /// or the task is cancelled (``Configuration/duration`` is the run's business: its stop time).
    ///
    /// - Throws: ``GPSDConnectionError`` when gpsd cannot be reached at the start; `StopSignal.Failure` when
    ///   the reader's thread cannot get its stop pipe; `CancellationError`.
    package func run(posting input: EngineInput<LocationSourceEvent>) async throws {
        let failure = try await GPSDReader(configuration: configuration).run { event in input.post(event) }
        try Task.checkCancellation()
        if let failure { throw failure }
    }

    /// Follows gpsd alone on `engine`, live, until ``Configuration/duration`` or ``Configuration/fixes``
    /// is reached or the task is cancelled, handing every event to `deliver`.
    ///
    /// - Throws: ``GPSDConnectionError`` when gpsd cannot be reached at the start; `CancellationError`.
    package func run(on engine: EventEngine, deliver: @escaping (LocationSourceEvent) -> Void) async throws {
        let run = LiveRun(engine: engine, until: configuration.duration.map { engine.now + $0 })
        run.add(self, handle: deliver)
        try await run.run()
    }
}

extension LocationSource where Self == GPSDSource {
    /// The fixes of the gpsd at `host`:`port`.
    package static func gpsd(host: String = "localhost", port: String = "2947") -> GPSDSource {
        GPSDSource(configuration: .init(host: host, port: port))
    }
}
