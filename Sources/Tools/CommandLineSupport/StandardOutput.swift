@preconcurrency import Glibc

// The C streams are process globals; stdio locks them internally.
nonisolated(unsafe) private let outputStream = Glibc.stdout
nonisolated(unsafe) private let errorStream = Glibc.stderr

/// Buffered writes to standard output and standard error, without Foundation.
///
/// Standard output carries only the result (a timeline, a report); diagnostics go to standard error.
package enum StandardOutput {
    /// Writes `line` and a newline to standard output (buffered; see ``flush()``).
    package static func writeLine(_ line: String) {
        var copy = line
        copy.append("\n")
        copy.withUTF8 { buffer in _ = fwrite(buffer.baseAddress, 1, buffer.count, outputStream) }
    }

    /// Flushes standard output.
    package static func flush() {
        fflush(outputStream)
    }

    /// Writes `line` and a newline to standard error, unbuffered.
    package static func writeError(_ line: String) {
        var copy = line
        copy.append("\n")
        copy.withUTF8 { buffer in _ = fwrite(buffer.baseAddress, 1, buffer.count, errorStream) }
    }

    /// True when standard error is a terminal (progress may be shown there).
    package static var errorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// True when standard output is a terminal (a timeline printed there shows the run's progress itself).
    package static var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
}
