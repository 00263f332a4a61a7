public import ArgumentParser
import Glibc

/// `--format text|jsonl`: a human timeline or the JSON-lines event stream.
public enum TimelineFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case text, jsonl

    /// The default when `--format` is absent: text on a terminal, JSON lines into a pipe or file.
    public static var automatic: TimelineFormat {
        isatty(STDOUT_FILENO) == 1 ? .text : .jsonl
    }
}
