/// Something of the outside world that feeds a live run: gpsd, a transfer's thread, a push socket, a
/// terminal's keys.
///
/// A ``LiveRun`` starts every source it was given, each in a task of its own, and hands it an
/// ``EngineInput`` bound to the handler that was given with it; the source posts what it reads, from any
/// thread, and the handler gets each value on the engine's owner at the live time it is taken.
///
/// - Important: `run` stays running until the source has nothing more to give (gpsd's `--fixes` reached)
///   and then returns, or throws to end the whole run with its error. It must return promptly, throwing
///   `CancellationError` or returning, when its task is cancelled: the run cancels every source when it
///   ends (its stop time, another source's end or error, Ctrl-C). Everything it posted before returning
///   reaches the handler before the run learns that it ended.
///
/// ```swift
/// // production (bgloc live --app): gpsd's fixes and the control socket on one engine
/// let run = LiveRun(engine: engine, until: engine.now + .seconds(600))
/// run.add(GPSDSource(configuration: gpsd)) { event in manager.receive(event) }
/// control.add(to: run, app: app)      // ControlServer: a source that keeps running, each request to its verb
/// try await run.run()
///
/// // test: a source that posts a tick every 50 ms of real time, until cancelled
/// struct Ticker: LiveSource {
///     func run(posting input: EngineInput<Int>) async throws {
///         for tick in 0... { input.post(tick); try await ContinuousClock().sleep(for: .milliseconds(50)) }
///     }
/// }
/// ```
public protocol LiveSource<Input>: Sendable {
    /// What the source posts.
    associatedtype Input: Sendable

    /// Reads the outside world and posts into `input` until the source is done or its task is cancelled.
    func run(posting input: EngineInput<Input>) async throws
}
