import BackgroundCore
import BackgroundDevice
import BackgroundScheduler
import Testing

@Suite struct BGTaskSchedulerTests {
    typealias F = SchedulerFixture

    // MARK: Registration

    @Test func registersPermittedIdentifiersOnceBeforeLaunchFinishes() throws {
        let f = try F()
        #expect(f.scheduler.register(forTaskWithIdentifier: F.refresh) { _ in })
        #expect(!f.scheduler.register(forTaskWithIdentifier: F.refresh) { _ in })
        #expect(!f.scheduler.register(forTaskWithIdentifier: "com.example.other") { _ in })
        f.scheduler.finishLaunching()
        #expect(!f.scheduler.register(forTaskWithIdentifier: F.upload) { _ in })
        let errors = f.taskEvents.filter { $0.contains("error registration") }
        #expect(errors.count == 3)
        #expect(errors[0].contains("twice"))
        #expect(errors[1].contains("not in the permitted identifiers"))
        #expect(errors[2].contains("after the app finished launching"))
    }

    /// The exceptions iOS raises crash the app: the crash listeners hear Apple's reason.
    @Test func aLateRegistrationAndALaunchWithoutHandlerCrashTheApp() throws {
        let f = try F()
        var crashes: [String] = []
        f.scheduler.addCrashListener { crashes.append($0) }
        f.scheduler.finishLaunching()
        #expect(!f.scheduler.register(forTaskWithIdentifier: F.upload) { _ in })
        try f.scheduler.submit(f.refreshRequest())
        f.engine.run(until: f.at(.seconds(600)))
        #expect(crashes.count == 2)
        #expect(crashes.first?.contains("All launch handlers must be registered before application finishes launching") == true)
        #expect(crashes.last == "No launch handler registered for task with identifier \(F.refresh) (NSInternalInconsistencyException)")
    }

    // MARK: Submission

    struct RejectionCase: CustomTestStringConvertible, Sendable {
        let name: String
        let permitted: [String]
        let modes: [String]
        let backgroundRefresh: Bool
        let submit: [(identifier: String, kind: TaskKind)]
        let expected: TaskScheduler.Error.Code
        var testDescription: String { name }
    }

    static let rejections: [RejectionCase] = [
        RejectionCase(name: "identifier not permitted", permitted: [F.upload], modes: ["fetch", "processing"],
                      backgroundRefresh: true, submit: [(F.refresh, .refresh)], expected: .notPermitted),
        RejectionCase(name: "refresh without fetch mode", permitted: [F.refresh], modes: ["processing"],
                      backgroundRefresh: true, submit: [(F.refresh, .refresh)], expected: .notPermitted),
        RejectionCase(name: "processing without processing mode", permitted: [F.upload], modes: ["fetch"],
                      backgroundRefresh: true, submit: [(F.upload, .processing)], expected: .notPermitted),
        RejectionCase(name: "background refresh off", permitted: [F.refresh], modes: ["fetch"],
                      backgroundRefresh: false, submit: [(F.refresh, .refresh)], expected: .unavailable),
        RejectionCase(name: "a second refresh", permitted: [F.refresh, "r2"], modes: ["fetch"],
                      backgroundRefresh: true, submit: [(F.refresh, .refresh), ("r2", .refresh)],
                      expected: .tooManyPendingTaskRequests),
        RejectionCase(name: "an eleventh processing", permitted: (0...10).map { "p\($0)" }, modes: ["processing"],
                      backgroundRefresh: true, submit: (0...10).map { ("p\($0)", .processing) },
                      expected: .tooManyPendingTaskRequests),
    ]

    @Test(arguments: rejections)
    func rejectsSubmission(_ c: RejectionCase) throws {
        let f = try F(initial: DeviceConditions(backgroundRefresh: c.backgroundRefresh), permitted: c.permitted, modes: c.modes)
        for (identifier, kind) in c.submit.dropLast() {
            try f.scheduler.submit(kind == .refresh ? TaskRequest(refresh: identifier) : TaskRequest(processing: identifier))
        }
        let last = c.submit.last!
        let request = last.kind == .refresh ? TaskRequest(refresh: last.identifier) : TaskRequest(processing: last.identifier)
        do {
            try f.scheduler.submit(request)
            Issue.record("expected \(c.expected.name)")
        } catch {
            #expect(error.code == c.expected)
            #expect(!error.description.isEmpty)
        }
        #expect(f.taskEvents.last == "0 rejected \(last.identifier) \(c.expected.name)")
        #expect(f.scheduler.pendingTaskRequests().count == c.submit.count - 1)
    }

    @Test func tenProcessingRequestsAreAccepted() throws {
        let ids = (0..<10).map { "p\($0)" }
        let f = try F(permitted: ids, modes: ["processing"])
        for id in ids { try f.scheduler.submit(TaskRequest(processing: id)) }
        #expect(f.scheduler.pendingTaskRequests().map(\.identifier) == ids)
    }

    @Test func submittingAPendingIdentifierReplacesIt() throws {
        let f = try F()
        try f.scheduler.submit(f.refreshRequest(after: .seconds(600)))
        try f.scheduler.submit(f.refreshRequest(after: .seconds(1200)))
        let pending = f.scheduler.pendingTaskRequests()
        #expect(pending.count == 1)
        #expect(pending.first?.earliestBeginDate == f.at(.seconds(1200)))
        f.launchApp()
        f.engine.run(until: f.at(.seconds(3600)))
        #expect(f.launches(of: F.refresh) == [1200])
    }

    @Test func cancelRemovesPendingRequests() throws {
        let f = try F()
        try f.scheduler.submit(f.refreshRequest(after: .seconds(60)))
        try f.scheduler.submit(f.uploadRequest())
        f.scheduler.cancel(taskRequestWithIdentifier: F.refresh)
        #expect(f.scheduler.pendingTaskRequests().map(\.identifier) == [F.upload])
        f.scheduler.cancelAllTaskRequests()
        #expect(f.scheduler.pendingTaskRequests().isEmpty)
        f.launchApp()
        f.engine.run(until: f.at(.seconds(86_400)))
        #expect(f.launches(of: F.refresh).isEmpty)
    }

    @Test func pendingRequestsAreWhatWasSubmitted() throws {
        let f = try F()
        let request = f.uploadRequest(network: true)
        try f.scheduler.submit(request)
        var copy = try #require(f.scheduler.pendingTaskRequests().first)
        #expect(copy == request)
        copy.parameters = .processing(.init())
        copy.earliestBeginDate = f.at(.seconds(99))
        let again = try #require(f.scheduler.pendingTaskRequests().first)
        #expect(again.processing?.requiresNetworkConnectivity == true)
        #expect(again.earliestBeginDate == nil)
    }

    @Test func submissionIsRecordedWithItsEarliestBegin() throws {
        let f = try F()
        try f.scheduler.submit(f.refreshRequest(after: .seconds(900)))
        let submitted = f.timeline.events.compactMap { event -> SimTime?? in
            guard let r = event.kind as? TaskRecord, r.task == F.refresh else { return nil }
            if case .submitted(.refresh, let begin, _) = r.change { return begin }
            return nil
        }
        #expect(submitted == [f.at(.seconds(900))])
    }

    // MARK: Launch rules

    @Test func nothingLaunchesBeforeItsEarliestBegin() throws {
        let f = try F()
        f.launchApp()
        try f.scheduler.submit(f.refreshRequest(after: .seconds(900)))
        f.engine.run(until: f.at(.seconds(899)))
        #expect(f.launches(of: F.refresh).isEmpty)
        f.engine.run(until: f.at(.seconds(900)))
        #expect(f.launches(of: F.refresh) == [900])
    }

    @Test func nothingLaunchesBeforeTheAppFinishesLaunching() throws {
        let f = try F()
        try f.scheduler.submit(f.refreshRequest())
        f.engine.run(until: f.at(.seconds(600)))
        #expect(f.launches(of: F.refresh).isEmpty)
        f.launchApp()
        f.engine.run(until: f.at(.seconds(1200)))
        #expect(f.launches(of: F.refresh) == [600])
    }

    @Test func eagerLaunchesAtTheNextWholeMinute() throws {
        let f = try F()
        f.launchApp()
        f.engine.run(until: f.at(.seconds(90)))
        try f.scheduler.submit(f.refreshRequest(after: .seconds(5)))
        f.engine.run(until: f.at(.seconds(3600)))
        #expect(f.launches(of: F.refresh) == [120])
    }

    struct BlockedCase: CustomTestStringConvertible, Sendable {
        let name: String
        let processing: (network: Bool, power: Bool)?
        let blocked: ConditionsChange
        let unblocked: ConditionsChange
        var testDescription: String { name }
    }

    static let blocked: [BlockedCase] = [
        BlockedCase(name: "refresh in Low Power Mode", processing: nil,
                    blocked: ConditionsChange(lowPower: true), unblocked: ConditionsChange(lowPower: false)),
        BlockedCase(name: "refresh with Background App Refresh off", processing: nil,
                    blocked: ConditionsChange(backgroundRefresh: false), unblocked: ConditionsChange(backgroundRefresh: true)),
        BlockedCase(name: "processing while in use", processing: (false, false),
                    blocked: ConditionsChange(idle: false), unblocked: ConditionsChange(idle: true)),
        BlockedCase(name: "processing needing network without one", processing: (true, false),
                    blocked: ConditionsChange(network: DeviceConditions.Network.none), unblocked: ConditionsChange(network: .cellular)),
        BlockedCase(name: "processing needing power on battery", processing: (false, true),
                    blocked: ConditionsChange(power: .battery), unblocked: ConditionsChange(power: .charging)),
    ]

    /// The task is submitted while allowed, blocked from 0 to 2 h, then allowed: it launches at 2 h.
    @Test(arguments: blocked)
    func launchesOnlyWhenConditionsAllow(_ c: BlockedCase) throws {
        let idle = DeviceConditions(power: .full, idle: true)
        let f = try F(conditions: [
            .init(offset: .seconds(10), change: c.blocked),
            .init(offset: .seconds(7200), change: c.unblocked),
        ], initial: idle)
        f.launchApp()
        f.engine.run(until: f.at(.seconds(5)))
        let identifier: String
        if let processing = c.processing {
            identifier = F.upload
            try f.scheduler.submit(f.uploadRequest(network: processing.network, power: processing.power))
        } else {
            identifier = F.refresh
            try f.scheduler.submit(f.refreshRequest())
        }
        f.engine.run(until: f.at(.seconds(86_400)))
        #expect(f.launches(of: identifier) == [7200])
    }

    // MARK: Expiration

    /// The expiration handler runs shortly (expirationLead, 5 s) before the 30 s are up; a task its
    /// handler leaves running is killed with the app at 30 s (the time-up listeners), then ends.
    @Test func refreshIsWarnedBeforeItsThirtySecondsAndKilledAtTheirEnd() throws {
        let f = try F()
        var expired: SimTime?
        var killed: [String] = []
        // The engine, not the fixture: a listener the scheduler keeps must not hold what holds the scheduler.
        let engine = f.engine
        f.scheduler.addTimeUpListener { killed.append("\(Int((engine.now - .defaultStart).seconds)) \($0.identifier)") }
        f.launchApp(work: nil) { task in task.expirationHandler = { expired = engine.now } }
        try f.scheduler.submit(f.refreshRequest())
        f.engine.run(until: f.at(.seconds(3600)))
        #expect(expired == f.at(.seconds(25)))
        #expect(killed == ["30 \(F.refresh)"])
        #expect(f.taskEvents == [
            "0 submitted \(F.refresh)", "0 launched \(F.refresh)", "25 expired \(F.refresh)",
            "30 completed \(F.refresh) false",
        ])
    }

    @Test func aHandlerThatCompletesIsNotKilled() throws {
        let f = try F()
        var killed = false
        f.scheduler.addTimeUpListener { _ in killed = true }
        f.launchApp(work: .seconds(29))
        try f.scheduler.submit(f.refreshRequest())
        f.engine.run(until: f.at(.seconds(3600)))
        #expect(f.taskEvents.suffix(2) == ["25 expired \(F.refresh)", "25 completed \(F.refresh) false"])
        #expect(!killed)
    }

    /// "Not setting an expiration handler results in the system marking your task as complete and
    /// unsuccessful instead of sending a warning."
    @Test func withoutAHandlerTheSystemCompletesTheTask() throws {
        let f = try F()
        var killed = false
        f.scheduler.addTimeUpListener { _ in killed = true }
        f.launchApp(work: nil)
        try f.scheduler.submit(f.refreshRequest())
        f.engine.run(until: f.at(.seconds(3600)))
        #expect(f.taskEvents.suffix(2) == ["25 expired \(F.refresh)", "25 completed \(F.refresh) false"])
        #expect(!killed)
    }

    @Test func refreshCompletingInTimeDoesNotExpire() throws {
        let f = try F()
        f.launchApp(work: .seconds(24))
        try f.scheduler.submit(f.refreshRequest())
        f.engine.run(until: f.at(.seconds(3600)))
        #expect(f.taskEvents.suffix(2) == ["0 launched \(F.refresh)", "24 completed \(F.refresh) true"])
    }

    /// The time is per launch of the app: a task that joins a launch already running gets what is left of
    /// its 30 s; one launched after the launch ended gets 30 s of its own.
    @Test func tasksOfOneLaunchShareItsTime() throws {
        let second = "com.example.refresh2"
        let f = try F(permitted: [F.refresh, second], modes: ["fetch"])
        f.launchApp(work: .seconds(3600))
        // The debugger's launch, at the chosen second: the eager policy launches on the minute.
        try f.scheduler.submit(f.refreshRequest(after: .seconds(3600)))
        #expect(f.scheduler.simulateLaunch(forTaskWithIdentifier: F.refresh))
        f.engine.run(until: f.at(.seconds(10)))
        try f.scheduler.submit(TaskRequest(refresh: second, earliestBeginDate: f.at(.seconds(3600))))
        #expect(f.scheduler.simulateLaunch(forTaskWithIdentifier: second))
        f.engine.run(until: f.at(.seconds(100)))
        try f.scheduler.submit(f.refreshRequest(after: .seconds(3600)))
        #expect(f.scheduler.simulateLaunch(forTaskWithIdentifier: F.refresh))
        f.engine.run(until: f.at(.seconds(200)))
        #expect(f.taskEvents.filter { $0.contains("launched") || $0.contains("expired") } == [
            "0 launched \(F.refresh)", "10 launched \(second)", "25 expired \(F.refresh)", "25 expired \(second)",
            "100 launched \(F.refresh)", "125 expired \(F.refresh)",
        ])
    }

    static let losses: [BlockedCase] = Array(blocked.dropFirst(2))

    @Test(arguments: losses)
    func processingExpiresWhenAConditionIsLost(_ c: BlockedCase) throws {
        let f = try F(conditions: [.init(offset: .seconds(300), change: c.blocked)],
                      initial: DeviceConditions(power: .full, idle: true))
        f.launchApp(work: .seconds(3600))
        let processing = try #require(c.processing)
        try f.scheduler.submit(f.uploadRequest(network: processing.network, power: processing.power))
        f.engine.run(until: f.at(.seconds(7200)))
        #expect(f.taskEvents == [
            "0 submitted \(F.upload)", "0 launched \(F.upload)", "300 expired \(F.upload)",
            "300 completed \(F.upload) false",
        ])
    }

    @Test func processingRunsUntilItFinishesWhileConditionsHold() throws {
        let f = try F(conditions: [.init(offset: .seconds(300), change: ConditionsChange(network: .cellular, battery: 50))],
                      initial: DeviceConditions(power: .full, idle: true))
        f.launchApp(work: .seconds(3600))
        try f.scheduler.submit(f.uploadRequest(network: true, power: true))
        f.engine.run(until: f.at(.seconds(7200)))
        #expect(f.taskEvents.last == "3600 completed \(F.upload) true")
    }

    @Test func firstCompletionCounts() throws {
        let f = try F()
        f.launchApp(work: nil) { task in
            task.setTaskCompleted(success: true)
            task.setTaskCompleted(success: false)
        }
        try f.scheduler.submit(f.refreshRequest())
        f.engine.run(until: f.at(.seconds(3600)))
        #expect(f.taskEvents.filter { $0.contains("completed") } == ["0 completed \(F.refresh) true"])
    }

    @Test func expiredTaskEndsUnsuccessfulWhateverItReports() throws {
        let f = try F()
        f.launchApp(work: nil) { task in task.expirationHandler = { task.setTaskCompleted(success: true) } }
        try f.scheduler.submit(f.refreshRequest())
        f.engine.run(until: f.at(.seconds(3600)))
        #expect(f.taskEvents.suffix(2) == ["25 expired \(F.refresh)", "25 completed \(F.refresh) false"])
    }

    @Test func resubmittingFromTheHandlerMakesALoop() throws {
        let f = try F()
        f.launchApp { [unowned f] _ in _ = try? f.scheduler.submit(f.refreshRequest(after: .seconds(900))) }
        try f.scheduler.submit(f.refreshRequest(after: .seconds(900)))
        f.engine.run(until: f.at(.seconds(3600)))
        #expect(f.launches(of: F.refresh) == [900, 1800, 2700, 3600])
    }

    @Test func aSameIdentifierDoesNotLaunchWhileOneRuns() throws {
        let f = try F(initial: DeviceConditions(idle: true))
        f.launchApp(work: .seconds(600)) { [unowned f] _ in _ = try? f.scheduler.submit(f.uploadRequest()) }
        try f.scheduler.submit(f.uploadRequest())
        f.engine.run(until: f.at(.seconds(1300)))
        #expect(f.launches(of: F.upload) == [0, 600, 1200])
    }

    /// Forum thread 780956: refresh tasks expire after a few seconds in the field; the realistic policy can
    /// give a launch that little time (the eager one keeps 30 s).
    @Test(arguments: [(LaunchPolicy.eager, 25), (.realistic(seed: 1), 5)])
    func theRealisticPolicyCanGiveARefreshOnlyAFewSeconds(_ policy: LaunchPolicy, _ warnedAfter: Int) throws {
        let f = try F { $0.policy = policy; $0.realisticRefreshBudget = .seconds(10) }
        f.scheduler.appWasOpened()   // the realistic policy launches a refresh ahead of the next predicted open
        f.launchApp(work: .seconds(28))
        try f.scheduler.submit(f.refreshRequest())
        f.engine.run(until: f.at(.seconds(86_400)))
        let launched = try #require(f.launches(of: F.refresh).first)
        #expect(f.taskEvents.contains("\(launched + warnedAfter) expired \(F.refresh)"), "\(f.taskEvents)")
    }

    /// WWDC19 707: "Tasks will not be run until the first device unlock after the reboot".
    @Test func nothingLaunchesFromARestartUntilTheFirstUnlock() throws {
        let f = try F(initial: DeviceConditions(power: .full, idle: true))
        f.launchApp()
        f.scheduler.isWaitingForFirstUnlock = true
        try f.scheduler.submit(f.refreshRequest())
        try f.scheduler.submit(f.uploadRequest())
        f.engine.run(until: f.at(.seconds(300)))
        #expect(f.launches(of: F.refresh).isEmpty && f.launches(of: F.upload).isEmpty)
        #expect(f.taskEvents.filter { $0.contains("waiting") } == [
            "0 waiting \(F.refresh) beforeFirstUnlock", "0 waiting \(F.upload) beforeFirstUnlock",
        ])
        f.scheduler.isWaitingForFirstUnlock = false
        f.engine.run(until: f.at(.seconds(600)))
        #expect(f.launches(of: F.refresh) == [300])
        #expect(f.launches(of: F.upload) == [300])
    }

    /// WWDC19 707: don't set earliestBeginDate more than a week ahead; the request stays pending.
    @Test func anEarliestBeginMoreThanAWeekAheadIsAnErrorButStaysPending() throws {
        let f = try F()
        f.launchApp()
        try f.scheduler.submit(f.refreshRequest(after: .seconds(7 * 86_400)))
        #expect(!f.taskEvents.contains { $0.contains("earliestBeginTooFar") })
        try f.scheduler.submit(f.refreshRequest(after: .seconds(7 * 86_400 + 1)))
        #expect(f.taskEvents.last == "0 error earliestBeginTooFar \(F.refresh): earliestBeginDate is 7d1s ahead; Apple advises not more than 7d (the request stays pending)")
        #expect(f.scheduler.pendingTaskRequests().map(\.identifier) == [F.refresh])
        f.engine.run(until: f.at(.seconds(8 * 86_400)))
        #expect(f.launches(of: F.refresh).count == 1)
        #expect(f.launches(of: F.refresh).allSatisfy { $0 > 7 * 86_400 })
    }

    @Test func noLaunchHandlerIsReported() throws {
        let f = try F()
        f.scheduler.finishLaunching()
        try f.scheduler.submit(f.refreshRequest())
        f.engine.run(until: f.at(.seconds(600)))
        #expect(f.taskEvents.last?.contains("error noLaunchHandler") == true)
        #expect(f.scheduler.pendingTaskRequests().isEmpty)
    }

    // MARK: Debugger commands

    @Test func simulateLaunchIgnoresEarliestBeginAndConditions() throws {
        let f = try F(initial: DeviceConditions(lowPower: true))
        f.launchApp(work: nil)
        try f.scheduler.submit(f.refreshRequest(after: .seconds(86_400)))
        #expect(f.scheduler.simulateLaunch(forTaskWithIdentifier: F.refresh))
        #expect(!f.scheduler.simulateLaunch(forTaskWithIdentifier: F.refresh))
        #expect(f.scheduler.simulateExpiration(forTaskWithIdentifier: F.refresh))
        #expect(!f.scheduler.simulateExpiration(forTaskWithIdentifier: F.refresh))
        #expect(f.taskEvents.suffix(3) == [
            "0 launched \(F.refresh)", "0 expired \(F.refresh)", "0 completed \(F.refresh) false",
        ])
    }

    // MARK: Conditions and policies

    @Test func recordsTheConditionsAtTheStartAndOnEachChange() throws {
        let f = try F(conditions: [
            .init(offset: .zero, change: ConditionsChange(battery: 80)),
            .init(offset: .seconds(60), change: ConditionsChange(battery: 80)),
            .init(offset: .seconds(120), change: ConditionsChange(network: .cellular)),
        ])
        f.engine.run()
        let recorded = f.timeline.events.compactMap { event -> String? in
            guard let c = (event.kind as? ConditionsRecord)?.conditions else { return nil }
            return "\(Int((event.time - .defaultStart).seconds)) \(c.network) \(c.battery)"
        }
        #expect(recorded == ["0 wifi 80", "120 cellular 80"])
    }

    @Test func everyConditionsListenerHearsEveryChangeInTheOrderAdded() throws {
        let f = try F(conditions: [
            .init(offset: .seconds(60), change: ConditionsChange(network: .cellular)),
            .init(offset: .seconds(120), change: ConditionsChange(network: .cellular)),
            .init(offset: .seconds(180), change: ConditionsChange(lowPower: true)),
        ])
        var heard: [String] = []
        f.scheduler.addConditionsListener { heard.append("transfers \($0.network) \($0.lowPower)") }
        f.scheduler.addConditionsListener { heard.append("pushes \($0.network) \($0.lowPower)") }
        f.engine.run()
        #expect(heard == [
            "transfers cellular false", "pushes cellular false",
            "transfers cellular true", "pushes cellular true",
        ])
    }

    @Test func aConditionsListenerSeesTheTasksTheChangeExpired() throws {
        let f = try F(conditions: [.init(offset: .seconds(60), change: ConditionsChange(idle: false))],
                      initial: DeviceConditions(idle: true))
        f.launchApp(work: nil)
        try f.scheduler.submit(f.uploadRequest())
        var expiredSeen: [Int] = []
        f.scheduler.addConditionsListener { [unowned f] _ in
            expiredSeen.append(f.taskEvents.filter { $0.contains("expired") }.count)
        }
        f.engine.run()
        #expect(f.launches(of: F.upload) == [0])
        #expect(expiredSeen == [1])
    }

    private func realisticDay(seed: UInt64) throws -> (events: [TimelineEvent], f: F) {
        let f = try F(conditions: [
            .init(offset: .seconds(6 * 3600), change: ConditionsChange(power: .charging, idle: true)),
            .init(offset: .seconds(9 * 3600), change: ConditionsChange(idle: false)),
            .init(offset: .seconds(20 * 3600), change: ConditionsChange(idle: true)),
        ]) { $0.policy = .realistic(seed: seed) }
        f.scheduler.appWasOpened()   // at 00:00: the system expects the next open at 00:00 the next day
        f.launchApp { [unowned f] task in
            if task is RefreshTask { _ = try? f.scheduler.submit(f.refreshRequest(after: .seconds(900))) }
        }
        try f.scheduler.submit(f.refreshRequest(after: .seconds(900)))
        try f.scheduler.submit(f.uploadRequest(power: true))
        f.engine.run(until: f.at(.seconds(86_400)))
        return (f.timeline.events, f)
    }

    @Test func realisticPolicyIsReproducibleForASeed() throws {
        let first = try realisticDay(seed: 42).events
        let second = try realisticDay(seed: 42).events
        let other = try realisticDay(seed: 43).events
        #expect(first.map(JSONLinesRenderer().render) == second.map(JSONLinesRenderer().render))
        #expect(first != other)
    }

    /// Refresh launches come ahead of the predicted open (SystemDiscretionTests has each rule), or with the
    /// upload's launch, in one batch; the upload after its drawn delay of 5 to 60 minutes while idle.
    @Test(arguments: [UInt64(1), 2, 3, 99])
    func realisticPolicyStaysInTheModel(seed: UInt64) throws {
        let (_, f) = try realisticDay(seed: seed)
        let refresh = f.launches(of: F.refresh)
        #expect(refresh.filter { $0 >= 23 * 3600 + 1800 } == [23 * 3600 + 1800, 23 * 3600 + 2700])
        #expect(refresh.allSatisfy { $0 >= 23 * 3600 + 1800 || f.launches(of: F.upload).contains($0) })
        let upload = f.launches(of: F.upload)
        #expect(upload.count == 1)
        // While idle: with a refresh of the same batch, or after its own delay of 5 to 60 minutes.
        #expect(upload.allSatisfy { $0 >= 6 * 3600 && ($0 <= 9 * 3600 || $0 >= 20 * 3600) })
    }
}
