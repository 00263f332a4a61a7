import BackgroundAudio
import BackgroundCore
import CommandLineSupport
import Glibc

/// The terminal side of `bgaudio play`: the timeline on standard output and a progress line on standard
/// error.
struct PlayConsole: Sendable {
    let printer: TimelinePrinter?
    let showsProgress: Bool
    private let ending = Ending()

    /// Plays and prints the player's events until the queue ends or ``stop(_:)`` is called, and returns the
    /// messages of what failed.
    ///
    /// Events are handled where the player makes them, on its writer thread; the calling thread sleeps
    /// until the end.
    func play(_ player: AudioPlayer) -> [String] {
        // Stopped before it began: nothing to play.
        guard !ending.isFinished else { return ending.wait() }
        // Weak: the player keeps its sinks, so a strong capture would be a cycle that outlives the run.
        player.addEventListener { [weak player] event in
            if let player, handle(event, player: player) { ending.finish() }
        }
        player.play()
        // Stopped while starting: that stop() may have come before play().
        if ending.isFinished { player.stop() }
        return ending.wait()
    }

    /// Stops `player` and ends ``play(_:)``; from any thread (a signal's).
    func stop(_ player: AudioPlayer) {
        player.stop()
        ending.finish()
    }

    /// Shows `event` and records a failure in `ending`; returns true when the run is over.
    private func handle(_ event: AudioPlayerEvent, player: AudioPlayer) -> Bool {
        if let record = event.timelineRecord, let printer {
            clearProgress()
            printer.print(TimelineEvent(time: .now(), kind: record))
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

/// One run's failures and its end: by the last event or by a stop, whichever comes first.
private final class Ending: @unchecked Sendable {
    // @unchecked: `state` is only touched holding `lock`.
    private struct State {
        var failures: [String] = []
        var ended = false
    }

    private let lock = ConditionLock()
    private var state = State()

    var isFinished: Bool { lock.withLock { state.ended } }

    /// Adds the message of something that could not be played.
    func record(_ failure: String) {
        lock.withLock { state.failures.append(failure) }
    }

    /// Ends the run with the failures recorded so far; later calls do nothing.
    func finish() {
        lock.withLock {
            state.ended = true
            lock.broadcast()
        }
    }

    /// Blocks until the run ends and returns its failures.
    func wait() -> [String] {
        lock.withLock {
            lock.wait { state.ended }
            return state.failures
        }
    }
}
