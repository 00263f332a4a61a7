import BackgroundAudio
import BackgroundCore
import Glibc
import Synchronization

/// The keys of `bgaudio play` on a terminal: space pauses and resumes; `i` begins an audio-session
/// interruption and, pressed again, ends it with `shouldResume`; `u` injects a route change with reason
/// `oldDeviceUnavailable` (as unplugging headphones: the player pauses; space resumes).
///
/// Standard input goes to raw mode (no echo, no line buffering; Ctrl-C still sends SIGINT) and is read on
/// a thread of its own; ``stop()`` restores it.
final class KeyControls: Sendable {
    private let original: termios
    private let running = Atomic<Bool>(true)
    private let interrupted = Atomic<Bool>(false)

    /// Starts listening, or returns nil when standard input is not a terminal.
    init?(player: AudioPlayer, session: AudioSession) {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return nil }
        original = settings
        settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
        _ = tcsetattr(STDIN_FILENO, TCSANOW, &settings)
        DedicatedThread.start { [self] in
            var poller = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            var byte: UInt8 = 0
            while running.load(ordering: .relaxed) {
                guard poll(&poller, 1, 100) > 0, read(STDIN_FILENO, &byte, 1) == 1 else { continue }
                handle(byte, player: player, session: session)
            }
        }
    }

    private func handle(_ key: UInt8, player: AudioPlayer, session: AudioSession) {
        switch key {
        case UInt8(ascii: " "):
            if player.isPlaying { player.pause() } else { player.play() }
        case UInt8(ascii: "i"):
            if interrupted.load(ordering: .relaxed) {
                interrupted.store(false, ordering: .relaxed)
                session.endInterruption(shouldResume: true)
            } else {
                interrupted.store(true, ordering: .relaxed)
                session.beginInterruption()
            }
        case UInt8(ascii: "u"):
            session.routeChange(.oldDeviceUnavailable)
        default:
            break
        }
    }

    /// Stops listening and restores the terminal.
    func stop() {
        running.store(false, ordering: .relaxed)
        var settings = original
        _ = tcsetattr(STDIN_FILENO, TCSANOW, &settings)
    }
}
