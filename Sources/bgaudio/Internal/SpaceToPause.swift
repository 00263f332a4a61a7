import BackgroundAudio
import Foundation
import Glibc
import Synchronization

/// Space pauses and resumes: standard input in raw mode (no echo, no line buffering; Ctrl-C still sends
/// SIGINT), read on a thread of its own, restored by ``stop()``.
final class SpaceToPause: Sendable {
    private let original: termios
    private let running = Atomic<Bool>(true)

    /// Starts listening, or returns nil when standard input is not a terminal.
    init?(player: AudioPlayer) {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return nil }
        original = settings
        settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
        _ = tcsetattr(STDIN_FILENO, TCSANOW, &settings)
        Thread.detachNewThread { [self] in
            var poller = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            var byte: UInt8 = 0
            while running.load(ordering: .relaxed) {
                guard poll(&poller, 1, 100) > 0, read(STDIN_FILENO, &byte, 1) == 1 else { continue }
                guard byte == UInt8(ascii: " ") else { continue }
                if player.isPlaying { player.pause() } else { player.play() }
            }
        }
    }

    /// Stops listening and restores the terminal.
    func stop() {
        running.store(false, ordering: .relaxed)
        var settings = original
        _ = tcsetattr(STDIN_FILENO, TCSANOW, &settings)
    }
}
