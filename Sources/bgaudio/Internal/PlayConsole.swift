import BackgroundAudio
import BackgroundCore
import CommandLineSupport
import Glibc

/// The terminal side of `bgaudio play`: the timeline on standard output and a progress line on standard
/// error.
struct PlayConsole: Sendable {
    let printer: TimelinePrinter?
    let showsProgress: Bool

    /// Prints the player's events until the queue ends (or the task is cancelled) and returns the
    /// messages of what failed.
    func follow(_ player: AudioPlayer) async -> [String] {
        var failures: [String] = []
        for await event in player.events {
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
                failures.append(message)
            case .outputError(let message):
                // A device that went away pauses the player; on the command line that ends the run.
                failures.append(message)
                player.stop()
                return failures
            case .endOfQueue:
                return failures
            default:
                break
            }
        }
        return failures
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
