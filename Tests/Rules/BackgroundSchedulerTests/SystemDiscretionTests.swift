import BackgroundCore
import BackgroundDevice
import BackgroundScheduler
import Testing

/// The system's discretion under the realistic policy, one test per rule (issue 26, CONTRACTS.md §8), and
/// `task.waiting` under both policies — all on virtual time.
@Suite struct SystemDiscretionTests {
    typealias F = SchedulerFixture
    static let hour = 3_600
    static let day = 86_400

    /// A realistic scheduler whose user opened the app at `times` (seconds of the day) on each of the 14 days
    /// before the start and opens it at those times on each day of the run; its refresh resubmits itself
    /// `every` after each launch, and works `work`.
    static func user(
        opensAt times: [Int], historyDays: Int = 14, runDays: Int = 3, every: Duration = .seconds(900), work: Duration = .seconds(4),
        conditions: [ScriptedConditions.Entry] = [], initial: DeviceConditions = DeviceConditions(),
        discretion: SystemDiscretion.Configuration = SystemDiscretion.Configuration(),
        configure: (inout TaskScheduler.Configuration) -> Void = { _ in }
    ) throws -> F {
        let f = try F(conditions: conditions, initial: initial, discretion: discretion) {
            $0.policy = .realistic(seed: 7)
            configure(&$0)
        }
        let history = (1...max(1, historyDays)).flatMap { back in times.map { f.at(.seconds(-back * day + $0)) } }
        f.scheduler.learnUsage(history: historyDays == 0 ? [] : history)
        f.scheduler.isAppInForeground = false
        for day in 0..<runDays {
            for time in times {
                f.engine.schedule(at: f.at(.seconds(day * Self.day + time))) { [unowned f] in f.scheduler.appWasOpened() }
            }
        }
        f.launchApp(work: work) { [unowned f] task in
            if task is RefreshTask { _ = try? f.scheduler.submit(f.refreshRequest(after: every)) }
        }
        try f.scheduler.submit(f.refreshRequest(after: every))
        f.engine.run(until: f.at(.seconds(runDays * Self.day)))
        return f
    }

    static func waiting(_ f: F, _ reason: String) -> [String] {
        f.taskEvents.filter { $0.hasSuffix("waiting \(F.refresh) \(reason)") || $0.hasSuffix("waiting \(F.upload) \(reason)") }
    }

    @Test func launchesClusterAheadOfPredictedOpens() throws {
        let f = try Self.user(opensAt: [8 * Self.hour])
        let launches = f.launches(of: F.refresh)
        // Every refresh comes in the half hour before 08:00, once the rate limit allows: 07:30 and 07:45.
        #expect(launches.count == 6)
        #expect(launches.allSatisfy { $0 % Self.day >= 7 * Self.hour + 1800 && $0 % Self.day < 8 * Self.hour })
        #expect(!Self.waiting(f, "appUsage").isEmpty)
    }

    @Test func heavierUsageGivesMoreLaunchesThanLighter() throws {
        let light = try Self.user(opensAt: [20 * Self.hour]).launches(of: F.refresh).count
        let heavy = try Self.user(opensAt: [8 * Self.hour, 12 * Self.hour + 1800, 19 * Self.hour]).launches(of: F.refresh).count
        #expect(light > 0)
        #expect(heavy >= 3 * light)
    }

    @Test func anAppOpenedEveryOtherDayIsRefreshedEveryOtherDay() throws {
        let f = try F { $0.policy = .realistic(seed: 7) }
        // Opened at 09:00 every other day for two weeks: seen on days -14, -12, … -2.
        f.scheduler.learnUsage(history: stride(from: 14, through: 2, by: -2).map { f.at(.seconds(-$0 * Self.day + 9 * Self.hour)) })
        f.scheduler.isAppInForeground = false
        f.launchApp { [unowned f] task in
            if task is RefreshTask { _ = try? f.scheduler.submit(f.refreshRequest(after: .seconds(3600))) }
        }
        try f.scheduler.submit(f.refreshRequest(after: .seconds(3600)))
        f.engine.run(until: f.at(.seconds(6 * Self.day)))
        let days = Set(f.launches(of: F.refresh).map { $0 / Self.day })
        #expect(days == [0, 2, 4])
    }

    @Test func anUnusedAppGetsNoneUntilOpened() throws {
        // Last opened 20 days ago: past the 14-day usage window.
        let f = try F { $0.policy = .realistic(seed: 7) }
        f.scheduler.learnUsage(history: [f.at(.seconds(-20 * Self.day + 8 * Self.hour))])
        f.scheduler.isAppInForeground = false
        f.launchApp { [unowned f] task in
            if task is RefreshTask { _ = try? f.scheduler.submit(f.refreshRequest(after: .seconds(900))) }
        }
        try f.scheduler.submit(f.refreshRequest(after: .seconds(900)))
        f.engine.run(until: f.at(.seconds(3 * Self.day)))
        #expect(f.launches(of: F.refresh).isEmpty)
        #expect(Self.waiting(f, "appUsage").count == 1)
        f.scheduler.appWasOpened()   // day 3, 00:00
        f.engine.run(until: f.at(.seconds(5 * Self.day)))
        #expect(!f.launches(of: F.refresh).isEmpty)
    }

    @Test func belowTwentyPercentOnBatteryNothingOpportunisticRunsAndChargingLiftsIt() throws {
        let f = try F(
            conditions: [.init(offset: .seconds(10 * Self.hour), change: ConditionsChange(power: .charging))],
            initial: DeviceConditions(battery: 15, idle: true)
        ) { $0.policy = .realistic(seed: 7) }
        f.scheduler.appWasOpened()
        f.launchApp()
        try f.scheduler.submit(f.refreshRequest())
        try f.scheduler.submit(f.uploadRequest())
        f.engine.run(until: f.at(.seconds(Self.day)))
        #expect(Self.waiting(f, "lowBattery").count == 2)
        let refresh = f.launches(of: F.refresh)
        let upload = f.launches(of: F.upload)
        #expect(refresh.count == 1 && upload.count == 1)
        #expect((refresh + upload).allSatisfy { $0 >= 10 * Self.hour })
    }

    @Test func anAppAskingEveryMinuteIsSpacedOut() throws {
        // Opened every two hours: the system predicts an open ahead of every refresh.
        let opens = stride(from: 0, to: Self.day, by: 2 * Self.hour).map { $0 }
        let f = try Self.user(opensAt: opens, runDays: 1, every: .seconds(60))
        let launches = f.launches(of: F.refresh)
        let gaps = zip(launches.dropFirst(), launches).map { $0 - $1 }
        #expect(launches.count > 20)
        #expect(gaps.allSatisfy { $0 >= 900 })
        #expect(!Self.waiting(f, "rateLimited").isEmpty)
    }

    @Test func theEnergyBudgetHoldsLaunchesUntilItRefills() throws {
        let opens = stride(from: 0, to: Self.day, by: 2 * Self.hour).map { $0 }
        var budget = SystemDiscretion.Configuration()
        budget.energyBudget = .seconds(60)
        budget.energyRefillPerDay = .seconds(60)
        let f = try Self.user(opensAt: opens, runDays: 2, work: .seconds(25), discretion: budget)
        let launches = f.launches(of: F.refresh)
        #expect(!Self.waiting(f, "budget").isEmpty)
        // 60 s of runtime and 60 s more a day, at 25 s a launch: at most 8 launches in two days, not the 48
        // the opens ask for.
        #expect(launches.count <= 8)
        #expect(launches.count >= 4)
    }

    @Test func lowPowerModeBackgroundRefreshOffAndForceQuitAreWaitingReasons() throws {
        let f = try F(conditions: [
            .init(offset: .seconds(2 * Self.hour), change: ConditionsChange(lowPower: true)),
            .init(offset: .seconds(3 * Self.hour), change: ConditionsChange(backgroundRefresh: false)),
            .init(offset: .seconds(4 * Self.hour), change: ConditionsChange(lowPower: false, backgroundRefresh: true)),
        ]) { $0.policy = .realistic(seed: 7) }
        f.scheduler.learnUsage(history: [f.at(.seconds(-Self.day + 9 * Self.hour))])
        f.scheduler.isAppInForeground = false
        f.launchApp()
        try f.scheduler.submit(f.refreshRequest())
        f.engine.run(until: f.at(.seconds(5 * Self.hour)))
        f.scheduler.heldKinds = [.refresh]
        f.engine.run(until: f.at(.seconds(6 * Self.hour)))
        let reasons = f.taskEvents.filter { $0.contains("waiting") }
        #expect(reasons == [
            "0 waiting \(F.refresh) appUsage",
            "7200 waiting \(F.refresh) lowPowerMode",
            "10800 waiting \(F.refresh) backgroundRefreshOff",
            "14400 waiting \(F.refresh) appUsage",
            "18000 waiting \(F.refresh) forceQuit",
        ])
    }

    /// Under the eager policy too, a change from one reason that holds a request to another is recorded,
    /// and so is the reason it still waits when its earliest begin passes (issue 35), though the
    /// `conditions` event showed Low Power Mode before.
    @Test func theEagerPolicyRecordsAChangeOfReason() throws {
        let f = try F(conditions: [
            .init(offset: .seconds(600), change: ConditionsChange(lowPower: true)),
            .init(offset: .seconds(1200), change: ConditionsChange(backgroundRefresh: false)),
            .init(offset: .seconds(1800), change: ConditionsChange(lowPower: false, backgroundRefresh: true)),
        ])
        f.launchApp()
        try f.scheduler.submit(f.refreshRequest(after: .seconds(900)))
        f.engine.run(until: f.at(.seconds(3600)))
        #expect(f.taskEvents.filter { $0.contains("waiting") } == [
            "900 waiting \(F.refresh) lowPowerMode", "1200 waiting \(F.refresh) backgroundRefreshOff",
        ])
        #expect(f.launches(of: F.refresh) == [1800])
    }

    /// Issue 35: a refresh due at 08:23 under Low Power Mode says so at 08:23, once, under either policy; a
    /// request that only waits for its earliest begin records nothing, and a request that could launch and
    /// is held by a `conditions` change at that moment is not recorded again.
    @Test(arguments: [false, true]) func aDueTaskThatCannotLaunchSaysWhyWhenItsEarliestBeginPasses(realistic: Bool) throws {
        let f = try F(conditions: [.init(offset: .zero, change: ConditionsChange(lowPower: true))]) {
            if realistic { $0.policy = .realistic(seed: 7) }
        }
        f.scheduler.learnUsage(history: [f.at(.seconds(-Self.day + 9 * Self.hour))])
        f.scheduler.isAppInForeground = false
        f.launchApp()
        try f.scheduler.submit(f.refreshRequest(after: .seconds(8 * Self.hour + 23 * 60)))
        f.engine.run(until: f.at(.seconds(Self.day)))
        #expect(f.taskEvents.filter { $0.contains("waiting") } == ["\(8 * Self.hour + 23 * 60) waiting \(F.refresh) lowPowerMode"])
        #expect(f.launches(of: F.refresh).isEmpty)

        let free = try F()
        free.launchApp()
        try free.scheduler.submit(free.refreshRequest(after: .seconds(900)))
        free.engine.run(until: free.at(.seconds(3600)))
        #expect(free.taskEvents.filter { $0.contains("waiting") }.isEmpty)
    }

    @Test func theSameSeedGivesTheSameTimeline() throws {
        let render = { (f: F) in f.timeline.events.map(JSONLinesRenderer().render) }
        let first = try Self.user(opensAt: [8 * Self.hour, 19 * Self.hour])
        let second = try Self.user(opensAt: [8 * Self.hour, 19 * Self.hour])
        #expect(render(first) == render(second))
    }
}
