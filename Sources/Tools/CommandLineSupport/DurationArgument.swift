package import ArgumentParser
import BackgroundCore
import BackgroundDevice

/// The one type of every duration option of the three tools (`--for`, `--linger`, `--dwell`, `--duration`,
/// `--timeout`, the app options' `--background-grace`, `--wake-window`, `--command-timeout`, `--kill-after`,
/// `bgaudio play --start`): the units of CONTRACTS.md §4 (`10s`, `2m`, `1h30m`, `1d`) or a bare number of
/// seconds (`600`, `1.5`), from zero to 100 years, so that every duration option takes the same forms
/// (CONTRACTS.md §10). A value it does not take is ArgumentParser's `The value '…' is invalid for
/// '--linger <duration>'`; an option that needs more than zero says so with ``requirePositive(_:)``.
///
/// ```swift
/// @Option(help: ArgumentHelp("Stop after this long.", valueName: "duration")) var duration: DurationArgument?
/// duration?.value   // .seconds(10) for `--duration 10s` or `--duration 10`
/// duration?.text    // "10s" or "10": as given, for messages that quote it
/// ```
package struct DurationArgument: ExpressibleByArgument, Hashable, Sendable {
    /// The longest duration accepted: 100 years, as the clock's durations hold it.
    package static let limit = SimCalendar.longest

    package var value: Duration
    /// The value as given on the command line (a default's: its §4 spelling).
    package var text: String

    package init(_ value: Duration) {
        self.value = value
        text = DurationSyntax.format(value)
    }

    package init?(argument: String) {
        if let duration = DurationSyntax.parse(argument) {
            value = duration
        } else if let seconds = Double(argument), seconds.isFinite, seconds >= 0, seconds <= Self.limit.seconds {
            value = .nanoseconds(Int64((seconds * 1e9).rounded()))
        } else {
            return nil
        }
        guard value <= Self.limit else { return nil }
        text = argument
    }

    package var seconds: Double { value.seconds }

    package var defaultValueDescription: String { text }

    /// Refuses zero for `option` (`--for`), which needs a duration greater than zero.
    package func requirePositive(_ option: String) throws(ValidationError) {
        guard value <= .zero else { return }
        throw ValidationError("\(option) '\(text)': expected a duration greater than 0")
    }
}
