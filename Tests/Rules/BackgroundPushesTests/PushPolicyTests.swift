import BackgroundCore
import BackgroundPushes
import Testing

/// Each rule of the system's discretion on virtual time: minutes after `SimTime.defaultStart`.
@Suite struct PushPolicyTests {
    static let t0 = SimTime.defaultStart
    static func at(_ minutes: Double) -> SimTime { t0 + .seconds(minutes * 60) }
    let at = PushPolicyTests.at

    /// Sends pushes 1...n at minutes 0, 1, 2, … and expects each delivered.
    func spend(_ n: Int, on policy: inout PushPolicy) {
        for push in 1...n { #expect(policy.handle(.sent(push), at: at(Double(push - 1))) == [.deliver(push)]) }
    }

    // MARK: Budget

    @Test func deliversThreePerRollingHourAndThrottlesTheFourthUntilTheFirstLeavesTheWindow() {
        var policy = PushPolicy()
        spend(3, on: &policy)
        #expect(policy.handle(.sent(4), at: at(10)) == [.throttle(4, until: at(60))])
        #expect(policy.pendingPush == 4)
        #expect(policy.nextDeadline == at(60))
        #expect(policy.advance(to: at(59.99)) == [])
        #expect(policy.advance(to: at(60)) == [.deliver(4)])
        #expect(policy.pendingPush == nil)
        #expect(policy.nextDeadline == nil)
        // The window rolls: 2, 3 and 4 (at 1, 2 and 60 minutes) fill it until minute 61.
        #expect(policy.handle(.sent(5), at: at(60.5)) == [.throttle(5, until: at(61))])
        #expect(policy.advance(to: at(200)) == [.deliver(5)])
    }

    @Test func theBudgetIsConfigurable() {
        var configuration = PushPolicy.Configuration()
        configuration.budget = 1
        configuration.budgetWindow = .seconds(600)
        var policy = PushPolicy(configuration: configuration)
        #expect(policy.handle(.sent(1), at: at(0)) == [.deliver(1)])
        #expect(policy.handle(.sent(2), at: at(1)) == [.throttle(2, until: at(10))])
        #expect(policy.handle(.sent(3), at: at(10)) == [.deliver(2), .throttle(3, until: at(20))])
    }

    @Test func pushesSpreadOverTheHourAreAllDelivered() {
        var policy = PushPolicy()
        for push in 1...10 { #expect(policy.handle(.sent(push), at: at(Double(push) * 20)) == [.deliver(push)]) }
    }

    // MARK: Coalescing

    @Test func aNewerPushReplacesThePendingOne() {
        var policy = PushPolicy()
        spend(3, on: &policy)
        #expect(policy.handle(.sent(4), at: at(5)) == [.throttle(4, until: at(60))])
        #expect(policy.handle(.sent(5), at: at(6)) == [.coalesce(4, by: 5), .throttle(5, until: at(60))])
        #expect(policy.handle(.sent(6), at: at(7)) == [.coalesce(5, by: 6), .throttle(6, until: at(60))])
        #expect(policy.advance(to: at(60)) == [.deliver(6)])
    }

    @Test func openingTheAppDeliversTheHeldPushAtOnce() {
        var policy = PushPolicy()
        spend(3, on: &policy)
        #expect(policy.handle(.sent(4), at: at(5)) == [.throttle(4, until: at(60))])
        #expect(policy.handle(.opened, at: at(6)) == [.deliver(4)])
        #expect(policy.nextDeadline == nil)
        // It counts against the budget: the next one waits for push 2 (minute 1) to leave the window.
        #expect(policy.handle(.sent(5), at: at(7)) == [.throttle(5, until: at(61))])
    }

    @Test func theSystemEndingTheAppDiscardsTheHeldPushButNotOneApnsStores() {
        var policy = PushPolicy()
        spend(3, on: &policy)
        _ = policy.handle(.sent(4), at: at(5))
        #expect(policy.handle(.terminated, at: at(6)) == [.drop(4, reason: .terminated)])
        _ = policy.handle(.deviceOffline, at: at(7))
        #expect(policy.handle(.sent(5), at: at(8)) == [.hold(5, reason: .offline)])
        #expect(policy.handle(.terminated, at: at(9)) == [])
        #expect(policy.handle(.opened, at: at(10)) == [])
        #expect(policy.handle(.deviceOnline, at: at(61)) == [.deliver(5)])
    }

    // MARK: Offline: APNs stores only the latest, until its expiration

    @Test func apnsKeepsOnlyTheLatestPushWhileTheDeviceIsOffline() {
        var policy = PushPolicy()
        #expect(policy.handle(.deviceOffline, at: at(0)) == [])
        #expect(policy.handle(.sent(1), at: at(1)) == [.hold(1, reason: .offline)])
        #expect(policy.handle(.sent(2), at: at(2)) == [.coalesce(1, by: 2), .hold(2, reason: .offline)])
        #expect(policy.handle(.deviceOnline, at: at(30)) == [.deliver(2)])
        #expect(policy.handle(.sent(3), at: at(31)) == [.deliver(3)])
    }

    @Test func aStoredPushExpiresAtItsApnsExpiration() {
        var policy = PushPolicy()
        _ = policy.handle(.deviceOffline, at: at(0))
        #expect(policy.handle(.sent(1, expiration: .at(at(10))), at: at(1)) == [.hold(1, reason: .offline)])
        #expect(policy.nextDeadline == at(10))
        #expect(policy.advance(to: at(10)) == [.drop(1, reason: .expired)])
        #expect(policy.handle(.deviceOnline, at: at(11)) == [])
    }

    @Test func anExpirationOfZeroIsNeverStored() {
        var policy = PushPolicy()
        _ = policy.handle(.deviceOffline, at: at(0))
        #expect(policy.handle(.sent(1), at: at(1)) == [.hold(1, reason: .offline)])
        // Not stored, so it does not replace the stored one either.
        #expect(policy.handle(.sent(2, expiration: .immediately), at: at(2)) == [.drop(2, reason: .expired)])
        #expect(policy.handle(.deviceOnline, at: at(3)) == [.deliver(1)])
        // Online and within the budget it is delivered at once.
        #expect(policy.handle(.sent(3, expiration: .immediately), at: at(4)) == [.deliver(3)])
    }

    @Test func aPushAlreadyExpiredWhenSentIsDropped() {
        var policy = PushPolicy()
        #expect(policy.handle(.sent(1, expiration: .at(at(0))), at: at(1)) == [.drop(1, reason: .expired)])
    }

    @Test func withoutAnExpirationApnsStoresAPushForThirtyDays() {
        var policy = PushPolicy()
        _ = policy.handle(.deviceOffline, at: at(0))
        _ = policy.handle(.sent(1), at: at(0))
        #expect(policy.nextDeadline == at(0) + .seconds(30 * 86_400))
        #expect(policy.advance(to: at(0) + .seconds(30 * 86_400 - 1)) == [])
        #expect(policy.advance(to: at(0) + .seconds(30 * 86_400)) == [.drop(1, reason: .expired)])
    }

    @Test func aThrottledPushStillExpires() {
        var policy = PushPolicy()
        spend(3, on: &policy)
        #expect(policy.handle(.sent(4, expiration: .at(at(30))), at: at(5)) == [.throttle(4, until: at(60))])
        #expect(policy.nextDeadline == at(30))
        #expect(policy.advance(to: at(90)) == [.drop(4, reason: .expired)])
    }

    // MARK: Force quit

    @Test func nothingReachesAForceQuitAppUntilTheUserOpensIt() {
        var policy = PushPolicy()
        #expect(policy.handle(.forceQuit, at: at(0)) == [])
        #expect(policy.handle(.sent(1), at: at(1)) == [.drop(1, reason: .forceQuit)])
        #expect(policy.handle(.sent(2), at: at(2)) == [.drop(2, reason: .forceQuit)])
        #expect(policy.handle(.opened, at: at(3)) == [])
        #expect(policy.handle(.sent(3), at: at(4)) == [.deliver(3)])
    }

    @Test func aForceQuitDropsThePendingPush() {
        var policy = PushPolicy()
        spend(3, on: &policy)
        _ = policy.handle(.sent(4), at: at(5))
        #expect(policy.handle(.forceQuit, at: at(6)) == [.drop(4, reason: .forceQuit)])
        #expect(policy.pendingPush == nil)
    }

    @Test func aPushStoredForAnOfflineDeviceIsDroppedWhenItArrivesAtAForceQuitApp() {
        var policy = PushPolicy()
        _ = policy.handle(.deviceOffline, at: at(0))
        _ = policy.handle(.forceQuit, at: at(1))
        #expect(policy.handle(.sent(1), at: at(2)) == [.hold(1, reason: .offline)])
        #expect(policy.handle(.deviceOnline, at: at(3)) == [.drop(1, reason: .forceQuit)])
    }

    @Test(arguments: [true, false]) func aRestartKeepsAForceQuitUnlessConfiguredOtherwise(_ clears: Bool) {
        #expect(!PushPolicy.Configuration().rebootClearsForceQuit, "the flag persists across restarts (DTS)")
        var configuration = PushPolicy.Configuration()
        configuration.rebootClearsForceQuit = clears
        var policy = PushPolicy(configuration: configuration)
        for (event, minute) in [(PushPolicy.Event.forceQuit, 0.0), (.reboot, 1), (.unlock, 2)] {
            #expect(policy.handle(event, at: at(minute)) == [])
        }
        #expect(policy.handle(.sent(1), at: at(3)) == (clears ? [.deliver(1)] : [.drop(1, reason: .forceQuit)]))
    }

    // MARK: Restart and first unlock

    @Test func afterARestartPushesWaitForTheFirstUnlock() {
        var policy = PushPolicy()
        _ = policy.handle(.reboot, at: at(0))
        #expect(policy.handle(.sent(1), at: at(1)) == [.hold(1, reason: .beforeFirstUnlock)])
        #expect(policy.handle(.sent(2), at: at(2)) == [.coalesce(1, by: 2), .hold(2, reason: .beforeFirstUnlock)])
        #expect(policy.nextDeadline == at(2) + .seconds(30 * 86_400))
        #expect(policy.handle(.unlock, at: at(5)) == [.deliver(2)])
        // Later locks are not first unlocks: nothing waits for them.
        #expect(policy.handle(.sent(3), at: at(6)) == [.deliver(3)])
    }

    @Test func aRestartDiscardsThePushTheDeviceHeldButNotTheOneApnsStores() {
        var policy = PushPolicy()
        spend(3, on: &policy)
        _ = policy.handle(.sent(4), at: at(5))
        #expect(policy.handle(.reboot, at: at(6)) == [.drop(4, reason: .reboot)])
        #expect(policy.handle(.sent(5), at: at(7)) == [.hold(5, reason: .beforeFirstUnlock)])
        #expect(policy.handle(.reboot, at: at(8)) == [.drop(5, reason: .reboot)])
        _ = policy.handle(.deviceOffline, at: at(9))
        #expect(policy.handle(.sent(6), at: at(10)) == [.hold(6, reason: .offline)])
        #expect(policy.handle(.reboot, at: at(11)) == [])
        #expect(policy.pendingPush == 6)
    }

    @Test func theHoldAfterARestartCanBeTurnedOff() {
        var configuration = PushPolicy.Configuration()
        configuration.holdUntilFirstUnlock = false
        var policy = PushPolicy(configuration: configuration)
        _ = policy.handle(.reboot, at: at(0))
        #expect(policy.handle(.sent(1), at: at(1)) == [.deliver(1)])
    }

    @Test func aPushHeldForTheUnlockIsThrottledIfTheBudgetIsSpentByThen() {
        var policy = PushPolicy()
        spend(3, on: &policy)
        _ = policy.handle(.reboot, at: at(10))
        #expect(policy.handle(.sent(4), at: at(11)) == [.hold(4, reason: .beforeFirstUnlock)])
        #expect(policy.handle(.unlock, at: at(12)) == [.throttle(4, until: at(60))])
        #expect(policy.advance(to: at(60)) == [.deliver(4)])
    }

    // MARK: Determinism

    @Test func theSameInputsGiveTheSameDecisions() {
        func run() -> [PushDecision] {
            var configuration = PushPolicy.Configuration()
            configuration.rebootClearsForceQuit = true   // so that the pushes after the restart are decided
            var policy = PushPolicy(configuration: configuration)
            let events: [(PushPolicy.Event, Double)] = [
                (.sent(1), 0), (.sent(2), 1), (.deviceOffline, 2), (.sent(3), 3), (.sent(4), 4), (.deviceOnline, 5),
                (.sent(5), 6), (.forceQuit, 7), (.sent(6), 8), (.reboot, 9), (.sent(7), 10), (.unlock, 11), (.sent(8), 12),
            ]
            var decisions: [PushDecision] = []
            for (event, minute) in events { decisions += policy.handle(event, at: at(minute)) }
            return decisions + policy.advance(to: at(1_000))
        }
        let first = run()
        #expect(first == run())
        #expect(first == [
            .deliver(1), .deliver(2), .hold(3, reason: .offline), .coalesce(3, by: 4), .hold(4, reason: .offline),
            .deliver(4), .throttle(5, until: at(60)), .drop(5, reason: .forceQuit), .drop(6, reason: .forceQuit),
            .hold(7, reason: .beforeFirstUnlock), .throttle(7, until: at(60)), .coalesce(7, by: 8), .throttle(8, until: at(60)),
            .deliver(8),
        ])
    }
}
