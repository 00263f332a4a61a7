public import BackgroundCore

extension SystemDiscretion {
    /// What the discretion decides discretionary transfers by, as a value: the policy and the device's
    /// cellular data budget.
    ///
    /// The device's discretion hands it out (``SystemDiscretion/transfers``) and a background session's rules
    /// decide on it (handed one with each event), spending in it what the transfers they start and complete
    /// use (``spend(_:at:)``) so that their next decisions see it; the session pays each spend to the
    /// device's discretion (``SystemDiscretion/spendCellular(_:at:)``). The value changes nothing of the
    /// device.
    ///
    /// ```swift
    /// var transfers = discretion.transfers
    /// transfers.spend(600, at: now)
    /// transfers.decide(bytes: 600, onCellular: true, batteryCriticallyLow: false, lowPowerMode: false, at: now)
    /// // Decision(work: .transfer, outcome: .at(later), reason: .budget), with 1000 bytes a day
    /// ```
    public struct Transfers: Sendable {
        public let policy: LaunchPolicy
        var cellular: CellularBudget

        /// What the eager policy decides by: every transfer goes (its rule, Wi-Fi and power, is the session's).
        public static let eager = Transfers(policy: .eager, cellular: CellularBudget(perDay: 1))

        init(policy: LaunchPolicy, cellular: CellularBudget) {
            self.policy = policy
            self.cellular = cellular
        }

        /// Whether a discretionary transfer of `bytes` (as far as known) may start at `now` under the
        /// realistic policy: held while the battery is critically low or Low Power Mode is on; on cellular,
        /// when the cellular data budget can pay for it (``Reason/budget`` until then,
        /// ``Decision/Outcome/never`` when it never can: larger than a day's budget). At `now`, with no
        /// reason, on Wi-Fi or under the eager policy (whose rule, Wi-Fi and external power, is the session's).
        public func decide(bytes: Int64, onCellular: Bool, batteryCriticallyLow: Bool, lowPowerMode: Bool, at now: SimTime) -> Decision {
            guard policy.isRealistic else { return Decision(.transfer, .at(now)) }
            if batteryCriticallyLow { return Decision(.transfer, .held, .lowBattery) }
            if lowPowerMode { return Decision(.transfer, .held, .lowPowerMode) }
            guard onCellular else { return Decision(.transfer, .at(now)) }
            var budget = cellular
            budget.refill(to: now)
            guard let time = budget.time(toAfford: bytes, from: now) else { return Decision(.transfer, .never, .budget) }
            return Decision(.transfer, .at(time), time == now ? nil : .budget)
        }

        /// A discretionary transfer uses `bytes` of cellular data at `now` (under the realistic policy):
        /// they come out of the cellular data budget of this value.
        public mutating func spend(_ bytes: Int64, at now: SimTime) {
            guard policy.isRealistic else { return }
            cellular.spend(bytes, at: now)
        }
    }
}
