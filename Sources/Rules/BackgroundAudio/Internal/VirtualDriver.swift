import BackgroundCore

/// Drives a ``PlaybackDriver`` on an engine's virtual time: each write is an action on the engine, due
/// when what was written before has played out (a chunk of n frames lasts n / rate seconds), so
/// `audio.finished` comes exactly one file-length after `audio.started`.
///
/// - Warning: Not thread-safe: like the engine, use it on the engine's owner only.
final class VirtualDriver {
    private let playback: PlaybackDriver
    private let engine: EventEngine
    /// The next write, when one is due.
    private var tick: EventID?

    init(_ playback: PlaybackDriver, engine: EventEngine) {
        self.playback = playback
        self.engine = engine
    }

    /// Applies a change at once and keeps the writes scheduled. While playing with a write due, the
    /// change waits for it (within one chunk), so nothing is written early.
    func kick() {
        let playing = playback.withMachine { $0.status == .playing }
        if playing && tick != nil { return }
        if let tick { engine.cancel(tick) }
        tick = nil
        runSteps()
    }

    private func runSteps() {
        playback.run { step in
            while true {
                switch step() {
                case .wrote(0): continue
                case .wrote:
                    // Weak: the engine's queue holds this closure, so a strong capture is a cycle that keeps a
                    // player stopped mid-file, its engine and everything on it alive (LeakSanitizer).
                    tick = engine.schedule(at: playback.nextWriteTime ?? engine.now) { [weak self] in
                        guard let self else { return }
                        tick = nil
                        runSteps()
                    }
                    return
                case .idle, .finished:
                    return
                }
            }
        }
    }
}
