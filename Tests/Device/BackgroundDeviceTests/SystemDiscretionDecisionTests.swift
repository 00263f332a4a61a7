import BackgroundCore
import BackgroundDevice
import Testing

/// The device's one discretion (`SystemDiscretion`, issue 33): its decision and reason for each kind of
/// work under each policy, its one critical-battery rule and its one usage history — on virtual time from
/// `SimTime.defaultStart` (2026-01-01T00:00:00Z, a midnight).
@Suite struct SystemDiscretionDecisionTests {
    static let start = SimTime.defaultStart
    static let minute = 60
    static let hour = 3_600
    static let day = 86_400

    /// The time `seconds` after the start.
    static func at(_ seconds: Int) -> SimTime { start + .seconds(seconds) }

    static func realistic(_ change: (inout SystemDiscretion.Configuration) -> Void = { _ in }) -> SystemDiscretion {
        var configuration = SystemDiscretion.Configuration()
        change(&configuration)
        return SystemDiscretion(policy: .realistic(seed: 1), configuration: configuration)
    }

    /// One decision asked of a discretion, with what it must answer.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var policy: LaunchPolicy
        var decide: @Sendable (SystemDiscretion) -> SystemDiscretion.Decision
        var expected: SystemDiscretion.Decision
        var testDescription: String { "\(name) under \(policy.isRealistic ? "realistic" : "eager")" }
    }

    static let t = at(8 * hour)

    static let cases: [Case] = [
        // Refresh: ahead of the predicted open, the rate limit, no open predicted.
        Case(name: "refresh ahead of the open", policy: .realistic(seed: 1), decide: {
            $0.learn(history: [at(-day + 8 * hour)])
            return $0.refresh(eligibleAt: start, now: start)
        }, expected: .init(.refresh, .at(at(7 * hour + 30 * minute)), .appUsage)),
        Case(name: "refresh eligible inside the lead", policy: .realistic(seed: 1), decide: {
            $0.learn(history: [at(-day + 8 * hour)])
            return $0.refresh(eligibleAt: at(7 * hour + 45 * minute), now: at(7 * hour + 45 * minute))
        }, expected: .init(.refresh, .at(at(7 * hour + 45 * minute)))),
        Case(name: "refresh after a launch", policy: .realistic(seed: 1), decide: {
            $0.learn(history: [at(-day + 8 * hour)])
            $0.appWasLaunched(at: at(7 * hour + 40 * minute))
            return $0.refresh(eligibleAt: at(7 * hour + 45 * minute), now: at(7 * hour + 45 * minute))
        }, expected: .init(.refresh, .at(at(7 * hour + 55 * minute)), .rateLimited)),
        Case(name: "refresh of an app never opened", policy: .realistic(seed: 1), decide: {
            $0.refresh(eligibleAt: start, now: start)
        }, expected: .init(.refresh, .never, .appUsage)),
        Case(name: "refresh of an app never opened", policy: .eager, decide: {
            $0.refresh(eligibleAt: start, now: start)
        }, expected: .init(.refresh, .at(start))),
        // Processing: the rate limit and the energy budget.
        Case(name: "processing after a launch", policy: .realistic(seed: 1), decide: {
            $0.appWasLaunched(at: t - .seconds(5 * minute))
            return $0.processing(drawnAt: t)
        }, expected: .init(.processing, .at(t + .seconds(10 * minute)), .rateLimited)),
        Case(name: "processing with the energy budget spent", policy: .realistic(seed: 1), decide: {
            $0.spend(.seconds(11 * minute), at: t)   // a minute past the 10-minute budget, which refills 10 minutes a day
            return $0.processing(drawnAt: t)
        }, expected: .init(.processing, .at(t + .seconds(8_641)), .budget)),
        Case(name: "processing after a launch", policy: .eager, decide: {
            $0.appWasLaunched(at: t - .seconds(5 * minute))
            return $0.processing(drawnAt: t)
        }, expected: .init(.processing, .at(t))),
        // Pushes: app unused, the switch, the battery, Low Power Mode, the daily budget.
        Case(name: "push to an app unopened for 8 days", policy: .realistic(seed: 1), decide: {
            $0.pushes.decide(at: at(8 * day), usedSince: start, backgroundRefreshOff: false, batteryCriticallyLow: false, lowPowerMode: false)
        }, expected: .init(.push, .never, .appUnused)),
        Case(name: "push to an app opened the day before", policy: .realistic(seed: 1), decide: {
            $0.appWasOpened(at: at(7 * day))
            return $0.pushes.decide(at: at(8 * day), usedSince: start, backgroundRefreshOff: false, batteryCriticallyLow: false, lowPowerMode: false)
        }, expected: .init(.push, .at(at(8 * day)))),
        Case(name: "push with Background App Refresh off and a low battery", policy: .realistic(seed: 1), decide: {
            $0.pushes.decide(at: t, usedSince: start, backgroundRefreshOff: true, batteryCriticallyLow: true, lowPowerMode: false)
        }, expected: .init(.push, .never, .backgroundRefreshOff)),
        Case(name: "push on a critically low battery", policy: .realistic(seed: 1), decide: {
            $0.pushes.decide(at: t, usedSince: start, backgroundRefreshOff: false, batteryCriticallyLow: true, lowPowerMode: true)
        }, expected: .init(.push, .held, .lowBattery)),
        Case(name: "push in Low Power Mode", policy: .realistic(seed: 1), decide: {
            $0.pushes.decide(at: t, usedSince: start, backgroundRefreshOff: false, batteryCriticallyLow: false, lowPowerMode: true)
        }, expected: .init(.push, .held, .lowPowerMode)),
        Case(name: "push past the daily budget", policy: .realistic(seed: 1), decide: {
            for _ in 1...12 { $0.pushWasDelivered(at: t - .seconds(hour)) }
            return $0.pushes.decide(at: t, usedSince: start, backgroundRefreshOff: false, batteryCriticallyLow: false, lowPowerMode: false)
        }, expected: .init(.push, .at(at(day)), .budget)),
        Case(name: "push on a critically low battery past the daily budget, unopened for 8 days", policy: .eager, decide: {
            for _ in 1...12 { $0.pushWasDelivered(at: at(8 * day)) }
            return $0.pushes.decide(at: at(8 * day), usedSince: start, backgroundRefreshOff: true, batteryCriticallyLow: true, lowPowerMode: true)
        }, expected: .init(.push, .at(at(8 * day)))),
        // Transfers: the battery, Low Power Mode, the cellular data budget (1000 bytes a day here).
        Case(name: "transfer on Wi-Fi", policy: .realistic(seed: 1), decide: {
            $0.transfers.decide(bytes: 5_000, onCellular: false, batteryCriticallyLow: false, lowPowerMode: false, at: t)
        }, expected: .init(.transfer, .at(t))),
        Case(name: "transfer on a critically low battery", policy: .realistic(seed: 1), decide: {
            $0.transfers.decide(bytes: 10, onCellular: false, batteryCriticallyLow: true, lowPowerMode: true, at: t)
        }, expected: .init(.transfer, .held, .lowBattery)),
        Case(name: "transfer in Low Power Mode", policy: .realistic(seed: 1), decide: {
            $0.transfers.decide(bytes: 10, onCellular: true, batteryCriticallyLow: false, lowPowerMode: true, at: t)
        }, expected: .init(.transfer, .held, .lowPowerMode)),
        Case(name: "transfer larger than a day's cellular budget", policy: .realistic(seed: 1), decide: {
            $0.transfers.decide(bytes: 1_001, onCellular: true, batteryCriticallyLow: false, lowPowerMode: false, at: t)
        }, expected: .init(.transfer, .never, .budget)),
        Case(name: "transfer on cellular after 600 bytes spent", policy: .realistic(seed: 1), decide: {
            $0.spendCellular(600, at: t)
            // 200 bytes short, at 1000 a day: a fifth of a day.
            return $0.transfers.decide(bytes: 600, onCellular: true, batteryCriticallyLow: false, lowPowerMode: false, at: t)
        }, expected: .init(.transfer, .at(t + .seconds(17_280)), .budget)),
        Case(name: "transfer on cellular on a low battery after the budget spent", policy: .eager, decide: {
            $0.spendCellular(1_000, at: t)
            return $0.transfers.decide(bytes: 600, onCellular: true, batteryCriticallyLow: true, lowPowerMode: false, at: t)
        }, expected: .init(.transfer, .at(t))),
    ]

    @Test(arguments: cases)
    func eachKindOfWorkHasItsDecisionAndReason(_ c: Case) {
        var configuration = SystemDiscretion.Configuration()
        configuration.cellularBytesPerDay = 1_000
        let decision = c.decide(SystemDiscretion(policy: c.policy, configuration: configuration))
        #expect(decision == c.expected, "\(decision)")
    }

    @Test func everyKindOfWorkIsDecidedUnderBothPolicies() {
        for policy in [LaunchPolicy.eager, .realistic(seed: 1)] {
            let kinds = Set(Self.cases.filter { $0.policy == policy }.map(\.expected.work))
            #expect(kinds == Set(SystemDiscretion.Work.allCases), "\(policy)")
        }
    }

    @Test func theOneCriticalBatteryRuleHoldsOnlyOnBatteryBelowTwentyPercentUnderTheRealisticPolicy() {
        let realistic = Self.realistic()
        #expect(realistic.holdsForLowBattery(DeviceConditions(power: .battery, battery: 19)))
        #expect(!realistic.holdsForLowBattery(DeviceConditions(power: .battery, battery: 20)))
        #expect(!realistic.holdsForLowBattery(DeviceConditions(power: .charging, battery: 5)))
        #expect(!SystemDiscretion().holdsForLowBattery(DeviceConditions(power: .battery, battery: 5)))
    }

    @Test func oneUsageHistoryLearnsTheHistoryOnceAndEveryOpenItIsTold() {
        let discretion = Self.realistic()
        let history = [Self.at(-Self.day + 8 * Self.hour), Self.at(-2 * Self.day + 8 * Self.hour)]
        discretion.learn(history: history)
        discretion.learn(history: history)   // the device, then the scheduler: learnt once
        discretion.appWasOpened(at: Self.t)  // told once, by the device
        #expect(discretion.opens == history.sorted() + [Self.t])
        #expect(discretion.wasOpened(within: .seconds(Self.hour), before: Self.t + .seconds(30 * Self.minute)))
        #expect(!discretion.wasOpened(within: .seconds(Self.hour), before: Self.t + .seconds(2 * Self.hour)))
    }

    @Test func theOpensThatPredictRefreshesAreThoseThatKeepPushesComing() {
        // One history for every kind: an open told for the scheduler's sake keeps the app's pushes too.
        let discretion = Self.realistic()
        let late = Self.at(8 * Self.day)
        let unopened = discretion.pushes.decide(
            at: late, usedSince: Self.start, backgroundRefreshOff: false, batteryCriticallyLow: false, lowPowerMode: false)
        #expect(unopened.reason == .appUnused)
        discretion.appWasOpened(at: late - .seconds(Self.day))
        #expect(discretion.refresh(eligibleAt: late, now: late).time == late + .seconds(Self.day - 30 * Self.minute))
        let opened = discretion.pushes.decide(
            at: late, usedSince: Self.start, backgroundRefreshOff: false, batteryCriticallyLow: false, lowPowerMode: false)
        #expect(opened == .init(.push, .at(late)))
    }

    @Test func aDecisionSaysWhatWhenAndWhy() {
        #expect(SystemDiscretion.Decision(.push, .held, .lowBattery).description == "push held (lowBattery)")
        #expect(SystemDiscretion.Decision(.refresh, .at(Self.start)).description == "refresh at 2026-01-01T00:00:00Z")
        #expect(SystemDiscretion.Decision(.transfer, .never, .budget).description == "transfer never (budget)")
    }
}
