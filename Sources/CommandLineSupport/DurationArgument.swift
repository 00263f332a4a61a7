public import ArgumentParser
public import BackgroundCore
import BackgroundDevice

/// A duration option's value in the units of CONTRACTS.md §4 (`10s`, `2m`, `1h30m`, `1d`), or a bare
/// number of seconds as the option took before (`600`): every duration option reads the same
/// (CONTRACTS.md §10).
///
/// ```swift
/// @Option(help: ArgumentHelp("Stop after this long.", valueName: "duration")) var duration: DurationArgument?
/// duration?.value   // .seconds(10) for `--duration 10s` or `--duration 10`
/// ```
public struct DurationArgument: ExpressibleByArgument, Hashable, Sendable {
    /// The longest duration accepted: 100 years, as the clock's durations hold it.
    public static let limit = SimCalendar.longest

    public var value: Duration

    public init(_ value: Duration) {
        self.value = value
    }

    public init?(argument: String) {
        if let duration = DurationSyntax.parse(argument) {
            value = duration
        } else if let seconds = Double(argument), seconds.isFinite, seconds >= 0, seconds <= Self.limit.seconds {
            value = .nanoseconds(Int64((seconds * 1e9).rounded()))
        } else {
            return nil
        }
        guard value <= Self.limit else { return nil }
    }

    public var seconds: Double { value.seconds }

    public var defaultValueDescription: String { DurationSyntax.format(value) }
}
