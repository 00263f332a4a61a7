package import BackgroundCore
package import Foundation

extension SimTime {
    /// The time of `date`, to the nanosecond.
    package init(_ date: Date) {
        self.init(nanosecondsSinceEpoch: Int64((date.timeIntervalSince1970 * 1e9).rounded()))
    }

    /// This time as a `Date`.
    package var date: Date { Date(timeIntervalSince1970: Double(nanosecondsSinceEpoch) / 1e9) }
}

extension Duration {
    /// A `TimeInterval`'s length.
    package init(timeInterval: TimeInterval) {
        self = .nanoseconds(Int64((timeInterval * 1e9).rounded()))
    }

    /// This length in seconds, as Foundation counts them.
    package var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
