/// How fast the battery drains or charges, in percent per hour, to a hundredth of a percent: a scripted
/// device's battery changes by one whole percent every ``step`` (the manifest's `drain: 5%/h` and
/// `charge: 20%/h` on a `conditions:` entry).
///
/// ```swift
/// let drain = BatteryRate(parsing: "5%/h")!      // one percent every 12 minutes
/// drain.step                                       // .seconds(720)
/// BatteryRate(parsing: "0.5%/h")?.step             // .seconds(7_200)
/// ```
public struct BatteryRate: Hashable, Sendable, CustomStringConvertible {
    /// The fastest rate a manifest may give: 100 %/h (a full battery in an hour).
    public static let maximum = BatteryRate(hundredthsPerHour: 10_000)

    /// Hundredths of a percent per hour; 0 stands the battery still.
    public var hundredthsPerHour: Int

    public init(hundredthsPerHour: Int) {
        precondition(hundredthsPerHour >= 0, "BatteryRate: a rate of zero or more")
        self.hundredthsPerHour = hundredthsPerHour
    }

    /// A rate written `N%/h`, N a number with at most two decimals (`5%/h`, `0.5%/h`); nil for any other text.
    /// The range is not checked here.
    public init?(parsing text: some StringProtocol) {
        guard text.hasSuffix("%/h") else { return nil }
        let number = text.dropLast(3).split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = number.first, !whole.isEmpty, whole.count <= 9, whole.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        var hundredths = Int(whole)! * 100
        if number.count == 2 {
            let fraction = number[1]
            guard (1...2).contains(fraction.count), fraction.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            hundredths += Int(fraction)! * (fraction.count == 1 ? 10 : 1)
        }
        self.init(hundredthsPerHour: hundredths)
    }

    /// The time one whole percent takes at this rate; nil at zero (the battery stands still).
    public var step: Duration? {
        guard hundredthsPerHour > 0 else { return nil }
        // 3600 s × 100 hundredths, in nanoseconds, divided by the rate: whole nanoseconds, rounded down (at
        // least one, so that time moves on however fast a rate a program gives).
        return .nanoseconds(max(1, 360_000_000_000_000 / Int64(hundredthsPerHour)))
    }

    /// `5%/h`, `0.5%/h`, `0.25%/h`.
    public var description: String {
        let whole = hundredthsPerHour / 100, fraction = hundredthsPerHour % 100
        guard fraction > 0 else { return "\(whole)%/h" }
        return fraction % 10 == 0 ? "\(whole).\(fraction / 10)%/h" : "\(whole).\(fraction < 10 ? "0" : "")\(fraction)%/h"
    }
}
