import BackgroundCore
import Glibc

/// Drives a ``PlaybackDriver`` on the device's clock: a thread of its own runs its steps, and the
/// device's blocking writes pace it (never the cooperative pool). The thread starts on the first play,
/// waits while paused and ends when playback stops or the queue ends.
final class DeviceDriver: @unchecked Sendable {
    // @unchecked: `thread` is guarded by the playback's `control` lock; the playback is thread-safe.
    private let playback: PlaybackDriver
    /// The writer thread while it runs, set by the writer itself.
    private var thread: pthread_t?

    init(_ playback: PlaybackDriver) {
        self.playback = playback
    }

    /// Starts the writer thread (when ``PlayerStateMachine/play()`` says so), keeping `owner` alive
    /// while it runs.
    ///
    /// The writer records its own id before its first step, never the thread that starts it after
    /// `pthread_create` returns: the first step may already end the run (a default device that does not
    /// open) and an event sink call ``AudioPlayer/stop()`` on the writer, and a writer that did not know
    /// itself then waited for its own end, forever (a `bgaudio play` with no sound card hung under load).
    func start(keepingAlive owner: any AnyObject & Sendable) {
        DedicatedThread.start { [self, owner] in
            playback.control.withLock { thread = pthread_self() }
            withExtendedLifetime(owner) { loop() }
        }
    }

    /// Returns once the writer thread has ended (at once on the writer thread itself: a stop from an
    /// event sink).
    func waitUntilStopped() {
        let control = playback.control
        control.withLock {
            if let thread, pthread_equal(thread, pthread_self()) != 0 { return }
            control.wait { !playback.machine.writerRunning }
        }
    }

    private func loop() {
        let control = playback.control
        while true {
            var outcome = PlaybackDriver.Outcome.finished
            var generation = 0
            playback.run { step in
                generation = playback.withMachine { $0.generation }
                outcome = step()
            }
            switch outcome {
            case .wrote: continue
            case .idle:
                control.withLock { control.wait { playback.machine.generation != generation } }
            case .finished:
                // A play() that came in meanwhile found the thread still running: keep going for it.
                let exits = control.withLock {
                    guard playback.machine.writerFinished(at: generation) else { return false }
                    thread = nil
                    control.broadcast()
                    return true
                }
                if exits { return }
            }
        }
    }
}
