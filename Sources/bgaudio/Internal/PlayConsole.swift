import BackgroundAudio
import BackgroundCore
import CommandLineSupport
import Glibc
import Synchronization

/// The terminal side of `bgaudio play`: the timeline on standard output and a progress line on standard
/// error.
struct PlayConsole: Sendable {
    let printer: TimelinePrinter?
    let showsProgress: Bool

    /// Plays and prints the player's events until the queue ends or the task is cancelled (which stops
    /// the player), and returns the messages of what failed.
    ///
    /// Events are handled where the player makes them, on its writer thread, so playing wakes no task
    /// per event: the calling task sleeps until the end.
    func play(_ player: AudioPlayer) async -> [String] {
        let ending = Ending()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // Cancelled before it began: nothing to play.
                guard ending.wait(continuation) else { return }
                player.addEventSink { event in
                    if handle(event, player: player, ending: ending) { ending.finish() }
                }
                player.play()
                // Cancelled while starting: the handler's stop() may have come before play().
                if Task.isCancelled { player.stop() }
            }
        } onCancel: {
            player.stop()
            ending.finish()
        }
    }

    /// Shows `event` and records a failure in `ending`; returns true when the run is over.
    private func handle(_ event: AudioPlayerEvent, player: AudioPlayer, ending: Ending) -> Bool {
        if let kind = event.timelineKind, let printer {
            clearProgress()
            printer.print(TimelineEvent(time: .now(), kind: kind))
        }
        switch event {
        case .progress(let file, let position, let duration):
            showProgress(file: file, position: position, duration: duration)
        case .paused(let file):
            showProgress(file: file, position: player.currentTime, duration: player.duration, note: "paused")
        case .decodeError(_, let message):
            ending.record(message)
        case .outputError(let message):
            // A device that went away pauses the player; on the command line that ends the run.
            ending.record(message)
            player.stop()
            return true
        case .endOfQueue:
            return true
        default:
            break
        }
        return false
    }

    func finish() {
        clearProgress()
    }

    private func clearProgress() {
        guard showsProgress else { return }
        writeError("\r\u{1B}[K")
    }

    private func showProgress(file: String, position: Duration, duration: Duration?, note: String = "") {
        guard showsProgress else { return }
        let elapsed = position.seconds
        var line = "\r\u{1B}[K\(file)  \(Self.clock(elapsed))"
        if let total = duration?.seconds, total > 0 {
            let width = 30
            let filled = min(width, Int(Double(width) * elapsed / total))
            line += " / \(Self.clock(total))  [" + String(repeating: "#", count: filled)
                + String(repeating: "-", count: width - filled) + "]"
        }
        if !note.isEmpty { line += "  \(note)" }
        writeError(line)
    }

    /// Writes to standard error without a newline (the progress line rewrites itself).
    private func writeError(_ text: String) {
        var copy = text
        copy.withUTF8 { buffer in _ = Glibc.write(STDERR_FILENO, buffer.baseAddress, buffer.count) }
    }

    private static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds)
        let minutes = whole / 60
        let rest = whole % 60
        return "\(minutes):" + (rest < 10 ? "0\(rest)" : "\(rest)")
    }
}

/// One run's failures and its end, resumed once: by the last event or by cancellation, whichever comes
/// first.
private final class Ending: Sendable {
    private struct State {
        var failures: [String] = []
        var continuation: CheckedContinuation<[String], Never>?
        var ended = false
    }

    private let state = Mutex(State())

    /// Waits with `continuation`; returns false (having resumed it) when the run has already ended.
    func wait(_ continuation: CheckedContinuation<[String], Never>) -> Bool {
        let ready: [String]? = state.withLock {
            if $0.ended { return $0.failures }
            $0.continuation = continuation
            return nil
        }
        guard let ready else { return true }
        continuation.resume(returning: ready)
        return false
    }

    /// Adds the message of something that could not be played.
    func record(_ failure: String) {
        state.withLock { $0.failures.append(failure) }
    }

    /// Ends the run with the failures recorded so far; later calls do nothing.
    func finish() {
        let ended: (CheckedContinuation<[String], Never>, [String])? = state.withLock { state in
            guard !state.ended else { return nil }
            state.ended = true
            defer { state.continuation = nil }
            return state.continuation.map { ($0, state.failures) }
        }
        if let (continuation, failures) = ended { continuation.resume(returning: failures) }
    }
}
