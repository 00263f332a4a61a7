public import BackgroundCore

extension SystemDiscretion {
    /// What the discretion decides background pushes by, as a value: the policy, the time after which an
    /// unused app gets none, the usage history and the day's deliveries (the device's daily push budget).
    /// It holds only those numbers of the ``Configuration`` (a push policy is handed one at each event).
    ///
    /// The device's discretion hands it out (``SystemDiscretion/pushes``) and the push policy decides on
    /// it (`PushPolicy`, handed one with each event), counting in it the deliveries it decides
    /// (``delivered(at:)``) so that its next decisions see them; the side that delivers the pushes tells
    /// the device's discretion of each (``SystemDiscretion/pushWasDelivered(at:)``). The value changes
    /// nothing of the device.
    ///
    /// ```swift
    /// var pushes = discretion.pushes
    /// pushes.decide(at: now, usedSince: start, backgroundRefreshOff: false, batteryCriticallyLow: true, lowPowerMode: false)
    /// // Decision(work: .push, outcome: .held, reason: .lowBattery)
    /// ```
    public struct Pushes: Sendable {
        public let policy: LaunchPolicy
        /// ``Configuration/unusedAfter``.
        public let unusedAfter: Duration
        /// The usage history: the opens seen, in time order (``SystemDiscretion/opens``).
        public let opens: [SimTime]
        var budget: DailyPushBudget

        /// What the eager policy decides by: every push goes.
        public static let eager = Pushes(
            policy: .eager, unusedAfter: Configuration().unusedAfter, opens: [], budget: DailyPushBudget(Configuration()))

        init(policy: LaunchPolicy, unusedAfter: Duration, opens: [SimTime], budget: DailyPushBudget) {
            self.policy = policy
            self.unusedAfter = unusedAfter
            self.opens = opens
            self.budget = budget
        }

        /// Whether a background push may be delivered at `time` under the realistic policy, in the order
        /// of docs/PUSH.md: never to an app the user has not opened for ``Configuration/unusedAfter`` (the
        /// last open in the usage history, or `usedSince` when later: a run starts with an app the user has
        /// used) nor with Background App Refresh off (``Decision/Outcome/never``); held while the battery is
        /// critically low or Low Power Mode is on; at the next reset when the day's
        /// ``Configuration/dailyPushBudget`` is spent (``Reason/budget``). At `time`, with no reason, when
        /// none applies or under the eager policy.
        public func decide(
            at time: SimTime, usedSince: SimTime, backgroundRefreshOff: Bool, batteryCriticallyLow: Bool, lowPowerMode: Bool
        ) -> Decision {
            guard policy.isRealistic else { return Decision(.push, .at(time)) }
            let lastOpened = max(usedSince, opens.last { $0 <= time } ?? usedSince)
            if time - lastOpened > unusedAfter { return Decision(.push, .never, .appUnused) }
            if backgroundRefreshOff { return Decision(.push, .never, .backgroundRefreshOff) }
            if batteryCriticallyLow { return Decision(.push, .held, .lowBattery) }
            if lowPowerMode { return Decision(.push, .held, .lowPowerMode) }
            let next = budget.nextDelivery(at: time)
            return Decision(.push, .at(next), next == time ? nil : .budget)
        }

        /// A background push is delivered at `time`: under the realistic policy it counts against the day's
        /// push budget of this value.
        public mutating func delivered(at time: SimTime) {
            guard policy.isRealistic else { return }
            budget.count(at: time)
        }
    }
}
