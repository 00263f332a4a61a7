import Glibc
import Synchronization

/// A line of progress on standard error for a run that takes longer than a second, redrawn in place at most
/// ten times a second and erased at the end; nothing at all unless standard error is a terminal, so pipes,
/// files and tests never see it.
///
/// ```swift
/// let progress = ProgressLine(enabled: StandardOutput.errorIsTerminal)
/// progress.show { "\(done)/\(total) users" }      // from any thread
/// progress.finish()
/// ```
package final class ProgressLine: Sendable {
    private struct State {
        var shown = false
        var last: ContinuousClock.Instant?
    }

    private let enabled: Bool
    private let start = ContinuousClock.now
    private let state = Mutex(State())

    package init(enabled: Bool) {
        self.enabled = enabled
    }

    /// Draws the line `text` makes, when the run has taken a second and the last drawing is a tenth of a
    /// second old; `text` is called only then.
    package func show(_ text: () -> String) {
        guard enabled else { return }
        let now = ContinuousClock.now
        guard start.duration(to: now) >= .seconds(1) else { return }
        let due = state.withLock { state in
            guard state.last.map({ $0.duration(to: now) >= .milliseconds(100) }) ?? true else { return false }
            state.last = now
            state.shown = true
            return true
        }
        if due { Self.write("\r\u{1B}[K" + text()) }
    }

    /// Erases the line, if it was drawn.
    package func finish() {
        guard state.withLock({ $0.shown }) else { return }
        Self.write("\r\u{1B}[K")
    }

    private static func write(_ text: String) {
        var copy = text
        copy.withUTF8 { buffer in _ = Glibc.write(STDERR_FILENO, buffer.baseAddress, buffer.count) }
    }
}
