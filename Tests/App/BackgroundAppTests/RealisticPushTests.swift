import BackgroundApp
import BackgroundCore
import BackgroundDevice
import BackgroundPushes
import BackgroundScheduler
import Testing

/// Background pushes in the emulated app under `--policy realistic` (docs/PUSH.md, "Under the realistic
/// policy"), against the same manifests under eager.
@Suite struct RealisticPushTests {
    typealias Run = PushModeTests.Run
    static let push = PushModeTests.push
    static func realistic(_ configuration: inout EmulatedApp.Configuration) { configuration.scheduler.policy = .realistic(seed: 1) }

    /// The battery drains 60 %/h from 25 % at 00:00: below 20 % at 00:06, plugged in at 00:30 (charging).
    static let draining = """
        conditions:
          - {at: 0s, battery: 25, drain: 60%/h}
          - {at: 30m, power: charging}
        pushes: [{at: 10m, payload: \(push)}, {at: 12m, payload: \(push)}]
        """

    @Test func aCriticallyLowBatteryHoldsPushesUntilTheDeviceCharges() throws {
        let events = try Run(Self.draining, configure: Self.realistic).events()
        #expect(events.contains("600s push.held 1 lowBattery"))
        #expect(events.contains("720s push.coalesced 1 by 2"))
        #expect(events.contains("720s push.held 2 lowBattery"))
        #expect(events.filter { $0.contains("push.received") } == ["1800s push.received 2"])
    }

    @Test func underEagerTheSameBatteryHoldsNothing() throws {
        let events = try Run(Self.draining).events()
        #expect(events.filter { $0.contains("push.received") } == ["600s push.received 1", "720s push.received 2"])
        #expect(!events.contains { $0.contains("push.held") })
    }

    @Test func lowPowerModeHoldsAndBackgroundAppRefreshOffDrops() throws {
        let events = try Run("""
            conditions:
              - {at: 5m, lowPower: true}
              - {at: 20m, lowPower: false, backgroundRefresh: off}
            pushes: [{at: 10m, payload: \(Self.push)}, {at: 25m, payload: \(Self.push)}]
            """, configure: Self.realistic).events()
        #expect(events.contains("600s push.held 1 lowPowerMode"))
        #expect(events.contains("1200s push.received 1"))
        #expect(events.contains("1500s push.dropped 2 backgroundRefreshOff"))
    }

    @Test func theDailyBudgetAndItsSettingReachTheApp() throws {
        let pushes = (1...3).map { "  - {at: \($0)h, payload: \(Self.push)}" }.joined(separator: "\n")
        let events = try Run("pushes:\n\(pushes)") { configuration in
            Self.realistic(&configuration)
            configuration.discretion.dailyPushBudget = 2
        }.events(for: .seconds(86_400 + 60))
        #expect(events.filter { $0.contains("push.received") || $0.contains("push.throttled") } == [
            "3600s push.received 1", "7200s push.received 2", "10800s push.throttled 3", "86400s push.received 3",
        ])
    }
}
