public import BackgroundCore

extension SystemDiscretion {
    /// The kinds of background work the discretion decides on.
    public enum Work: String, Hashable, Sendable, CaseIterable {
        case refresh, processing, push, transfer
    }

    /// Why the discretion keeps work from going now. Each mode records it under its own event with the same
    /// name (`task.waiting`, `push.held`, `push.dropped`, `push.throttled`, `transfer.waiting`).
    public enum Reason: String, Hashable, Sendable, CaseIterable {
        /// The user's usage: a refresh waits for the next predicted open, a push is dropped for an app unused.
        case appUsage
        /// The user has not opened the app for ``Configuration/unusedAfter``: background pushes are dropped.
        case appUnused
        /// The Background App Refresh switch is off: background pushes are dropped.
        case backgroundRefreshOff
        /// The battery is critically low on battery power (``holdsForLowBattery(_:)``).
        case lowBattery
        /// Low Power Mode is on.
        case lowPowerMode
        /// A budget of the device is spent: the energy budget, the daily pushes, the cellular data.
        case budget
        /// The last launch of the app is less than ``Configuration/minimumLaunchSpacing`` ago.
        case rateLimited
    }

    /// What the discretion decided for one piece of work, and why it does not go now.
    ///
    /// ```swift
    /// discretion.pushes.decide(at: now, usedSince: start, backgroundRefreshOff: false, batteryCriticallyLow: true, lowPowerMode: false)
    /// // Decision(work: .push, outcome: .held, reason: .lowBattery)
    /// ```
    public struct Decision: Hashable, Sendable, CustomStringConvertible {
        /// When the work goes.
        public enum Outcome: Hashable, Sendable {
            /// At this time (now, or a known moment later).
            case at(SimTime)
            /// Not until the device or the user changes something (the battery, Low Power Mode).
            case held
            /// Never as things stand: the work is dropped, or no time can be predicted for it.
            case never
        }

        public var work: Work
        public var outcome: Outcome
        /// Why it does not go at once; nil when nothing of the discretion holds it.
        public var reason: Reason?

        public init(_ work: Work, _ outcome: Outcome, _ reason: Reason? = nil) {
            self.work = work
            self.outcome = outcome
            self.reason = reason
        }

        /// The time it goes at, if one is known.
        public var time: SimTime? {
            if case .at(let time) = outcome { time } else { nil }
        }

        /// `push held (lowBattery)`, `refresh at 2026-01-01T07:30:00Z (appUsage)`.
        public var description: String {
            let when = switch outcome {
            case .at(let time): "at \(time)"
            case .held: "held"
            case .never: "never"
            }
            return "\(work.rawValue) \(when)" + (reason.map { " (\($0.rawValue))" } ?? "")
        }
    }
}
