public import BackgroundCore
public import BackgroundLocation

/// A live location source: the fixes of a running gpsd, read through libgps.
///
/// `run` connects to gpsd, asks it to stream its reports and reads them on a thread of its own (libgps
/// blocks), handing each fix to the engine as it arrives; the engine runs live, its virtual clock
/// following the wall clock. A fix keeps gpsd's own fix time. Reports without a position (no fix yet,
/// satellites, device lists) are skipped.
///
/// When gpsd cannot be reached at the start, `run` throws ``GPSDConnectionError``, which says how to
/// start gpsd. When gpsd goes away later, the source reports a ``LocationSourceEvent/problem(message:code:)``
/// (code `gpsd.lost`), reconnects with ``ReconnectBackoff`` (reporting each failed attempt as
/// `gpsd.reconnecting` and success as `gpsd.reconnected`) and goes on; fixes already received are all
/// delivered.
///
/// ```swift
/// let engine = EventEngine(start: .now())
/// let source = GPSDSource(configuration: .init(host: "localhost", port: "2947", fixes: 10))
/// try await source.run(on: engine) { event in print(event) }
/// ```
/// A test runs it against `gpsfake -P PORT LOG.nmea`, a real gpsd fed from a log.
public final class GPSDSource: LocationSource {
    public let configuration: Configuration

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Follows gpsd until ``Configuration/duration`` or ``Configuration/fixes`` is reached or the task is
    /// cancelled.
    ///
    /// - Throws: ``GPSDConnectionError`` when gpsd cannot be reached at the start; `CancellationError`.
    public func run(on engine: EventEngine, deliver: @escaping (LocationSourceEvent) -> Void) async throws {
        let reader = GPSDReader(configuration: configuration)
        let inputs = reader.start()
        var failure: GPSDConnectionError?
        do {
            try await engine.runLive(
                clock: ContinuousClock(), inputs: inputs, until: configuration.duration.map { engine.now + $0 }
            ) { output in
                switch output {
                case .event(let event): deliver(event)
                case .failed(let error): failure = error
                }
            }
        } catch {
            await reader.stop()
            throw error
        }
        await reader.stop()
        if let failure { throw failure }
    }
}

extension LocationSource where Self == GPSDSource {
    /// The fixes of the gpsd at `host`:`port`.
    public static func gpsd(host: String = "localhost", port: String = "2947") -> GPSDSource {
        GPSDSource(configuration: .init(host: host, port: port))
    }
}
