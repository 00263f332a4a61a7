import BackgroundCore
import Glibc

/// Drives a ``PlaybackDriver`` on the device's clock: a thread of its own runs its steps, and the
/// device's blocking writes pace it (never the cooperative pool). The thread starts on the first play,
/// waits while paused and ends when playback stops or the queue ends.
final class DeviceDriver: @unchecked Sendable {
    // @unchecked: `thread` is guarded by the playback's `control` lock; the playback is thread-safe.
    private let playback: PlaybackDriver
    private var thread: pthread_t?

    init(_ playback: PlaybackDriver) {
        self.playback = playback
    }

    /// Starts the writer thread (when ``PlayerStateMachine/play()`` says so), keeping `owner` alive
    /// while it runs.
    func start(keepingAlive owner: any AnyObject & Sendable) {
        let thread = DedicatedThread.start { [self, owner] in
            withExtendedLifetime(owner) { loop() }
        }
        playback.control.withLock { self.thread = thread }
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
