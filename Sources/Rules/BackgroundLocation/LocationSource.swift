public import BackgroundCore

/// Where fixes come from: a replayed trace, a live gpsd, or a scripted double in a test.
///
/// A source also decides how time passes while it runs: a replay drives the engine on virtual time (or
/// paced by a real clock at N× speed); a live source (gpsd) runs it alone in real time, through a
/// ``LiveRun`` of one, and hands over each fix as it arrives. Everything else on the same engine — the
/// location manager's timers, the task scheduler, the app's lifecycle — runs in step with it. To feed one
/// live engine from several sources at once, add them to a ``LiveRun`` as ``LiveSource``s instead.
///
/// - Important: `run` returns when the source ends (the trace is over, `--fixes` or `--duration` reached)
///   and throws `CancellationError` when its task is cancelled. It calls `deliver` only from within the
///   engine's run, at the time the fix or problem happens.
public protocol LocationSource: AnyObject {
    func run(on engine: EventEngine, deliver: @escaping (LocationSourceEvent) -> Void) async throws
}
