public import BackgroundCore

/// Background pushes and discretionary transfers: the discretion's rules for each, and the device's daily
/// push budget and cellular data budget they spend.
extension SystemDiscretion {
    // MARK: Pushes

    /// Whether a background push may be delivered at `time` under the realistic policy, in the order of
    /// docs/PUSH.md: never to an app the user has not opened for ``Configuration/unusedAfter`` (the last
    /// open in the usage history, or `usedSince` when later: a run starts with an app the user has used) nor
    /// with Background App Refresh off (``Decision/Outcome/never``); held while the battery is critically low
    /// or Low Power Mode is on; at the next reset when the day's ``Configuration/dailyPushBudget`` is spent
    /// (``Reason/budget``). At `time`, with no reason, when none applies or under the eager policy.
    public func push(
        at time: SimTime, usedSince: SimTime, backgroundRefreshOff: Bool, batteryCriticallyLow: Bool, lowPowerMode: Bool
    ) -> Decision {
        guard policy.isRealistic else { return Decision(.push, .at(time)) }
        let lastOpened = max(usedSince, opens.last { $0 <= time } ?? usedSince)
        if time - lastOpened > configuration.unusedAfter { return Decision(.push, .never, .appUnused) }
        if backgroundRefreshOff { return Decision(.push, .never, .backgroundRefreshOff) }
        if batteryCriticallyLow { return Decision(.push, .held, .lowBattery) }
        if lowPowerMode { return Decision(.push, .held, .lowPowerMode) }
        let day = pushBudgetDay(of: time)
        guard day == pushDay.day, pushDay.deliveries >= configuration.dailyPushBudget else { return Decision(.push, .at(time)) }
        let reset = SimCalendar.midnight(ofDay: day + 1) + configuration.dailyPushReset
        return Decision(.push, .at(reset), .budget)
    }

    /// A background push was delivered at `time`: under the realistic policy it counts against the day's
    /// push budget.
    public func pushWasDelivered(at time: SimTime) {
        guard policy.isRealistic else { return }
        let day = pushBudgetDay(of: time)
        pushDay = (day, day == pushDay.day ? pushDay.deliveries + 1 : 1)
    }

    /// The day of the push budget `time` falls in: whole days since the reset time of 1970-01-01.
    private func pushBudgetDay(of time: SimTime) -> Int64 {
        SimCalendar.day(of: time - configuration.dailyPushReset)
    }

    // MARK: Transfers

    /// Whether a discretionary transfer of `bytes` (as far as known) may start at `now` under the realistic
    /// policy: held while the battery is critically low or Low Power Mode is on; on cellular, when the
    /// device's cellular data budget can pay for it (``Reason/budget`` until then, ``Decision/Outcome/never``
    /// when it never can: larger than a day's budget). At `now`, with no reason, on Wi-Fi or under the eager
    /// policy (whose rule, Wi-Fi and external power, is the session's).
    public func transfer(bytes: Int64, onCellular: Bool, batteryCriticallyLow: Bool, lowPowerMode: Bool, at now: SimTime) -> Decision {
        guard policy.isRealistic else { return Decision(.transfer, .at(now)) }
        if batteryCriticallyLow { return Decision(.transfer, .held, .lowBattery) }
        if lowPowerMode { return Decision(.transfer, .held, .lowPowerMode) }
        guard onCellular else { return Decision(.transfer, .at(now)) }
        cellular.refill(to: now)
        guard let time = cellular.time(toAfford: bytes, from: now) else { return Decision(.transfer, .never, .budget) }
        return Decision(.transfer, .at(time), time == now ? nil : .budget)
    }

    /// A discretionary transfer used `bytes` of cellular data at `now` (under the realistic policy): they come
    /// out of the device's cellular data budget.
    public func spendCellular(_ bytes: Int64, at now: SimTime) {
        guard policy.isRealistic else { return }
        cellular.spend(bytes, at: now)
    }
}
