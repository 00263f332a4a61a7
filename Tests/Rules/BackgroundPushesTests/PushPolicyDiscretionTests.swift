import BackgroundCore
import BackgroundDevice
import BackgroundPushes
import Testing

/// The realistic policy's rules (the device's `SystemDiscretion`, whose `pushes` value `PushPolicy` is handed with each
/// event) on virtual time, minutes after `SimTime.defaultStart` (2026-01-01T00:00:00Z, a budget reset).
@Suite struct PushPolicyDiscretionTests {
    let at = PushPolicyTests.at

    /// The policy with the device's discretion, carried out as the push mode and the device do: the device tells the
    /// discretion of each open before the policy hears of it, and each delivery the policy decides is told to it.
    struct Device {
        var policy = PushPolicy()
        let discretion: SystemDiscretion

        mutating func handle(_ event: PushPolicy.Event, at time: SimTime) -> [PushDecision] {
            if event == .opened { discretion.appWasOpened(at: time) }
            return delivered(policy.handle(event, at: time, discretion: discretion.pushes), at: time)
        }

        mutating func advance(to time: SimTime) -> [PushDecision] {
            delivered(policy.advance(to: time, discretion: discretion.pushes), at: time)
        }

        private func delivered(_ decisions: [PushDecision], at time: SimTime) -> [PushDecision] {
            for case .deliver in decisions { discretion.pushWasDelivered(at: time) }
            return decisions
        }
    }

    static func realistic(_ change: (inout SystemDiscretion.Configuration) -> Void = { _ in }) -> Device {
        var configuration = SystemDiscretion.Configuration()
        change(&configuration)
        return Device(discretion: SystemDiscretion(policy: .realistic(seed: 0), configuration: configuration))
    }

    @Test func thePolicyCountsItsOwnDeliveriesWithinACallAndChangesNothingOfTheDevice() {
        var device = Self.realistic { $0.dailyPushBudget = 1 }
        #expect(device.handle(.sent(1), at: at(60)) == [.deliver(1)])
        #expect(device.handle(.sent(2), at: at(1380)) == [.throttle(2, until: at(1440))])
        // At the reset the throttled push goes; the one sent then finds the new day's budget spent by it, though
        // the device has not been told of that delivery yet when the policy decides.
        let midnight = at(1440)
        let pushes = device.discretion.pushes
        var policy = device.policy
        #expect(policy.handle(.sent(3), at: midnight, discretion: pushes) == [.deliver(2), .throttle(3, until: at(2880))])
        let free = { device.discretion.pushes.decide(at: midnight, usedSince: midnight, backgroundRefreshOff: false,
                                                      batteryCriticallyLow: false, lowPowerMode: false) }
        #expect(free() == SystemDiscretion.Decision(.push, .at(midnight)), "the policy told the device nothing")
        device.discretion.pushWasDelivered(at: midnight)
        #expect(free() == SystemDiscretion.Decision(.push, .at(at(2880)), .budget))
    }

    @Test func theDailyBudgetThrottlesUntilTheNextResetAndOpeningTheAppDeliversAtOnce() {
        var policy = Self.realistic { $0.dailyPushBudget = 4 }
        // One an hour: the hourly budget never bites, the daily one after four.
        for push in 1...4 { #expect(policy.handle(.sent(push), at: at(Double(push) * 60)) == [.deliver(push)]) }
        #expect(policy.handle(.sent(5), at: at(300)) == [.throttle(5, until: at(1440))])
        #expect(policy.advance(to: at(1439)) == [])
        #expect(policy.advance(to: at(1440)) == [.deliver(5)])
        for push in 6...8 { #expect(policy.handle(.sent(push), at: at(1440 + Double(push) * 60)) == [.deliver(push)]) }
        #expect(policy.handle(.sent(9), at: at(2000)) == [.throttle(9, until: at(2880))])
        #expect(policy.handle(.opened, at: at(2010)) == [.deliver(9)])
        // Counted: the day's budget is spent.
        #expect(policy.handle(.sent(10), at: at(2100)) == [.throttle(10, until: at(2880))])
    }

    @Test func theResetTimeIsSettable() {
        var policy = Self.realistic {
            $0.dailyPushBudget = 1
            $0.dailyPushReset = .seconds(4 * 3600)
        }
        #expect(policy.handle(.sent(1), at: at(60)) == [.deliver(1)])
        #expect(policy.handle(.sent(2), at: at(120)) == [.throttle(2, until: at(240))])
        #expect(policy.advance(to: at(240)) == [.deliver(2)])
    }

    @Test func anAppUnusedForAWeekGetsNoneUntilTheUserOpensIt() {
        var policy = Self.realistic()
        #expect(policy.handle(.sent(1), at: at(0)) == [.deliver(1)])
        let week = 7.0 * 1440
        #expect(policy.handle(.sent(2), at: at(week)) == [.deliver(2)])
        #expect(policy.handle(.sent(3), at: at(week + 1)) == [.drop(3, reason: .appUnused)])
        _ = policy.handle(.opened, at: at(week + 2))
        #expect(policy.handle(.sent(4), at: at(week + 3)) == [.deliver(4)])
    }

    @Test func aCriticallyLowBatteryAndLowPowerModeHoldAndLiftingThemDelivers() {
        var policy = Self.realistic()
        _ = policy.handle(.batteryCriticallyLow(true), at: at(0))
        #expect(policy.handle(.sent(1), at: at(1)) == [.hold(1, reason: .lowBattery)])
        _ = policy.handle(.lowPowerMode(true), at: at(2))
        #expect(policy.handle(.batteryCriticallyLow(false), at: at(3)) == [.hold(1, reason: .lowPowerMode)])
        #expect(policy.handle(.lowPowerMode(false), at: at(4)) == [.deliver(1)])
        // A newer push replaces the held one; opening the app delivers it at once.
        _ = policy.handle(.batteryCriticallyLow(true), at: at(5))
        #expect(policy.handle(.sent(2), at: at(6)) == [.hold(2, reason: .lowBattery)])
        #expect(policy.handle(.sent(3), at: at(7)) == [.coalesce(2, by: 3), .hold(3, reason: .lowBattery)])
        #expect(policy.handle(.opened, at: at(8)) == [.deliver(3)])
    }

    @Test func backgroundAppRefreshOffDropsBackgroundPushes() {
        var policy = Self.realistic()
        _ = policy.handle(.backgroundRefresh(false), at: at(0))
        #expect(policy.handle(.sent(1), at: at(1)) == [.drop(1, reason: .backgroundRefreshOff)])
        _ = policy.handle(.backgroundRefresh(true), at: at(2))
        #expect(policy.handle(.sent(2), at: at(3)) == [.deliver(2)])
    }

    @Test func withoutDiscretionTheDeviceStateChangesNothing() {
        var policy = PushPolicy()
        _ = policy.handle(.batteryCriticallyLow(true), at: at(0))
        _ = policy.handle(.lowPowerMode(true), at: at(0))
        _ = policy.handle(.backgroundRefresh(false), at: at(0))
        #expect(policy.handle(.sent(1), at: at(1)) == [.deliver(1)])
        #expect(policy.handle(.sent(2), at: at(20_000)) == [.deliver(2)])
    }
}
