import ArgumentParser
import Glibc

/// `--format text|jsonl`: a human timeline or the JSON-lines event stream.
package enum TimelineFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case text, jsonl

    /// The default when `--format` is absent: text on a terminal, JSON lines into a pipe or file.
    package static var automatic: TimelineFormat {
        isatty(STDOUT_FILENO) == 1 ? .text : .jsonl
    }
}
