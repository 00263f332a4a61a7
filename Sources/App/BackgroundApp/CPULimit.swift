import BackgroundCore

/// The CPU limit of an app working in the background, as iOS's crash reports state it: a share of one
/// CPU over a window of time ("exceeding limit of 80% cpu over 60 seconds"), written `80%/60s`
/// (`--cpu-limit`, docs/DEVICE.md).
///
/// A `run:` command that uses more than ``fraction`` × ``window`` of CPU time within any ``window`` of
/// wall-clock time is over the limit: the system kills the app (`resource.exceeded`, then `lifecycle`
/// `terminated`).
///
/// ```swift
/// CPULimit.default                       // 80%/60s
/// CPULimit(parsing: "50%/2s")?.window    // 2 s
/// ```
package struct CPULimit: Hashable, Sendable, CustomStringConvertible {
    /// The share of one CPU allowed on average over the window, in (0, 1].
    package var fraction: Double
    /// The window of wall-clock time the share is measured over.
    package var window: Duration

    /// iOS's usual limit in its crash reports: 80 % over 60 s.
    package static let `default` = CPULimit(fraction: 0.8, window: .seconds(60))

    package init(fraction: Double, window: Duration) {
        precondition(fraction > 0 && fraction <= 1 && window > .zero, "CPULimit: a share in (0, 1] over a window longer than zero")
        self.fraction = fraction
        self.window = window
    }

    /// `PERCENT%/DURATION` (`80%/60s`, `50%/2s`): a whole or decimal percentage above 0 and at most 100,
    /// and a duration above zero; nil for anything else.
    package init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].hasSuffix("%"), let percent = Double(parts[0].dropLast()), percent.isFinite,
              percent > 0, percent <= 100, let window = DurationSyntax.parse(String(parts[1])), window > .zero
        else { return nil }
        self.init(fraction: percent / 100, window: window)
    }

    /// The CPU time the limit allows within one window.
    package var allowance: Duration { window * fraction }

    /// `80%/60s`: the window in whole seconds, as crash reports give it.
    package var description: String { "\(Self.percent(fraction))/\(Self.seconds(window))" }

    /// A window in whole seconds (`60s`), or as ``DurationSyntax`` writes it when it has a fraction.
    static func seconds(_ window: Duration) -> String {
        let whole = window.components.seconds
        return window == .seconds(whole) ? "\(whole)s" : DurationSyntax.format(window)
    }

    /// A share as a percentage with at most one decimal (`80%`, `12.5%`).
    static func percent(_ fraction: Double) -> String {
        let tenths = (fraction * 1000).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? "\(Int(tenths / 10))%" : "\(tenths / 10)%"
    }
}
