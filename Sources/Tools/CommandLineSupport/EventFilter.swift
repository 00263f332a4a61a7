package import ArgumentParser

/// `--events PATTERN[,PATTERN...]`: the events a timeline command prints, by name, with `*` and `?` globs
/// (`enter,exit,task.*`), in text and JSON lines alike (CONTRACTS.md §10).
///
/// ```swift
/// EventFilter(argument: "enter,exit,task.*")!.matches("task.launched")   // true
/// ```
package struct EventFilter: ExpressibleByArgument, Hashable, Sendable {
    package var patterns: [String]

    package init?(argument: String) {
        patterns = argument.split(separator: ",").map { String($0.filter { $0 != " " }) }.filter { !$0.isEmpty }
        guard !patterns.isEmpty else { return nil }
    }

    /// Whether the event named `name` is kept.
    package func matches(_ name: String) -> Bool {
        patterns.contains { Self.glob(Array($0.utf8)[...], Array(name.utf8)[...]) }
    }

    private static func glob(_ pattern: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        if first == UInt8(ascii: "*") {
            var rest = text
            while true {
                if glob(pattern.dropFirst(), rest) { return true }
                guard !rest.isEmpty else { return false }
                rest = rest.dropFirst()
            }
        }
        guard let character = text.first, first == UInt8(ascii: "?") || first == character else { return false }
        return glob(pattern.dropFirst(), text.dropFirst())
    }
}

/// The `--events` option, for every command that prints a timeline.
package struct EventFilterOptions: ParsableArguments, Sendable {
    @Option(
        name: .customLong("events"),
        help: ArgumentHelp(
            "Print only the events whose names match these globs, such as enter,exit,task.* (text hides location updates unless asked).",
            valueName: "patterns"))
    package var filter: EventFilter?

    package init() {}
}
