import BackgroundCore
import BackgroundDevice
import BackgroundScheduler
import Testing

/// A continued `TaskRequest` (iOS 26) and the scheduler's other iOS 26/27 rules, on virtual time:
/// one test per rule of docs/SCHEDULER.md's continued-processing table.
@Suite struct ContinuedProcessingTests {
    typealias F = SchedulerFixture
    static let wildcard = "com.example.export.*"
    static let job = "com.example.export.job1"

    /// A fixture permitting the refresh, the upload and the export wildcard, its handlers registered.
    private func fixture(
        work: Duration? = .seconds(4), onLaunch: @escaping (LaunchedTask) -> Void = { _ in },
        configure: (inout TaskScheduler.Configuration) -> Void = { _ in }
    ) throws -> F {
        let f = try F(permitted: [F.refresh, F.upload, Self.wildcard], configure: configure)
        f.launchApp(work: work, onLaunch: onLaunch)
        return f
    }

    private func export(_ name: String = job, strategy: TaskRequest.Continued.SubmissionStrategy = .queue) -> TaskRequest {
        TaskRequest(continued: name, title: "Exporting", subtitle: "", strategy: strategy)
    }

    private func rejection(of request: TaskRequest, by f: F) -> TaskScheduler.Error.Code? {
        do {
            try f.scheduler.submit(request)
            return nil
        } catch {
            return error.code
        }
    }

    // MARK: Submission

    @Test(arguments: [
        ("com.example.other.job1", "a name under no wildcard"),
        ("com.example.export.", "the wildcard's prefix without a name"),
        ("com.example.refresh", "an exact identifier, not a wildcard's"),
    ])
    func needsAWildcardPermitAndAName(identifier: String, _ why: String) throws {
        let f = try fixture()
        #expect(rejection(of: export(identifier), by: f) == .notPermitted, "\(why)")
        #expect(f.taskEvents.last == "0 rejected \(identifier) notPermitted")
        #expect(rejection(of: export(), by: f) == nil)
    }

    @Test func isSubmittedFromTheForegroundOnly() throws {
        let f = try fixture()
        f.scheduler.isAppInForeground = false
        #expect(rejection(of: export(), by: f) == .unavailable)
        f.scheduler.isAppInForeground = true
        #expect(rejection(of: export(), by: f) == nil)
    }

    @Test func launchesAtOnceNotAtTheNextWholeMinute() throws {
        let f = try fixture()
        f.engine.run(until: f.at(.seconds(17)))
        try f.scheduler.submit(export())
        f.engine.run(until: f.at(.seconds(600)))
        #expect(f.launches(of: Self.job) == [17])
    }

    @Test func queuedRequestsWaitForAPlaceAndRunInOrder() throws {
        let f = try fixture(work: .seconds(30), configure: { $0.maxRunningContinuedTasks = 2 })
        for name in ["a", "b", "c", "d"] { try f.scheduler.submit(export("com.example.export.\(name)")) }
        f.engine.run(until: f.at(.seconds(600)))
        #expect(f.launches(of: "com.example.export.a") == [0])
        #expect(f.launches(of: "com.example.export.b") == [0])
        #expect(f.launches(of: "com.example.export.c") == [30])
        #expect(f.launches(of: "com.example.export.d") == [30])
    }

    @Test func theFailStrategyIsRefusedWhenItCannotRunAtOnce() throws {
        let f = try fixture(work: .seconds(30), configure: { $0.maxRunningContinuedTasks = 1 })
        try f.scheduler.submit(export("com.example.export.a"))
        f.engine.run(until: f.at(.seconds(1)))
        #expect(rejection(of: export("com.example.export.b", strategy: .fail), by: f) == .immediateRunIneligible)
        #expect(f.taskEvents.last == "1 rejected com.example.export.b immediateRunIneligible")
        f.engine.run(until: f.at(.seconds(31)))
        #expect(rejection(of: export("com.example.export.b", strategy: .fail), by: f) == nil)
    }

    @Test func theGPUNeedsTheEntitlementAndADeviceThatSupportsIt() throws {
        let gpu = TaskRequest(continued: Self.job, title: "Exporting", subtitle: "", requiredResources: .gpu)
        let f = try fixture()
        #expect(rejection(of: gpu, by: f) == .notPermitted)
        f.scheduler.entitlements = ["gpu"]
        #expect(rejection(of: gpu, by: f) == nil)
        let without = try fixture(configure: { $0.supportedResources = [] })
        without.scheduler.entitlements = ["gpu"]
        #expect(without.scheduler.supportedResources.isEmpty)
        #expect(rejection(of: gpu, by: without) == .unavailable)
    }

    // MARK: Running

    @Test func progressIsRecordedAndKeepsTheTaskAlive() throws {
        let f = try F(permitted: [Self.wildcard])
        f.scheduler.register(forTaskWithIdentifier: Self.wildcard) { [engine = f.engine] task in
            let export = task as! ContinuedTask
            export.progress.totalUnitCount = 4
            export.updateTitle("Exporting", subtitle: "4 clips")
            for unit in 1...4 {
                engine.schedule(after: .seconds(50 * unit)) { export.progress.completedUnitCount = Int64(unit) }
            }
            engine.schedule(after: .seconds(200)) { export.setTaskCompleted(success: true) }
            #expect(export.title == "Exporting" && export.subtitle == "4 clips")
        }
        f.scheduler.finishLaunching()
        try f.scheduler.submit(export())
        f.engine.run(until: f.at(.seconds(600)))
        #expect(f.taskEvents == [
            "0 submitted \(Self.job)", "0 launched \(Self.job)", "0 progress \(Self.job) 0/4",
            "50 progress \(Self.job) 1/4", "100 progress \(Self.job) 2/4", "150 progress \(Self.job) 3/4",
            "200 progress \(Self.job) 4/4", "200 completed \(Self.job) true",
        ], "reports 50 s apart keep it under the 60 s stall limit")
    }

    @Test(arguments: [Duration.seconds(60), .seconds(90)])
    func aTaskWithoutProgressIsExpiredAfterTheStallLimit(limit: Duration) throws {
        let f = try fixture(work: .seconds(600), configure: { $0.continuedStallLimit = limit })
        try f.scheduler.submit(export())
        f.engine.run(until: f.at(.seconds(1200)))
        let at = Int(limit.seconds)
        #expect(f.taskEvents.filter { $0.contains(Self.job) }.suffix(2)
            == ["\(at) expired \(Self.job)", "\(at) completed \(Self.job) false"])
    }

    @Test func theUsersCancelArrivesThroughTheExpirationHandler() throws {
        var handlerRan = false
        let f = try fixture(work: nil) { task in
            task.expirationHandler = { [weak task] in
                handlerRan = true
                task?.setTaskCompleted(success: false)
            }
        }
        try f.scheduler.submit(export())
        f.engine.run(until: f.at(.seconds(20)))
        #expect(f.scheduler.cancelContinuedTask(identifier: Self.job))
        #expect(handlerRan)
        #expect(f.taskEvents.suffix(2) == ["20 expired \(Self.job)", "20 completed \(Self.job) false"])
        #expect(!f.scheduler.cancelContinuedTask(identifier: Self.job), "nothing left to cancel")
    }

    @Test func aForceQuitCancelsQueuedContinuedRequestsOnly() throws {
        let f = try fixture(work: nil, configure: { $0.maxRunningContinuedTasks = 1 })
        try f.scheduler.submit(export("com.example.export.a"))
        try f.scheduler.submit(export("com.example.export.b"))
        try f.scheduler.submit(f.refreshRequest(after: .seconds(3600)))
        f.engine.run(until: f.at(.seconds(10)))
        f.scheduler.appWasForceQuit()
        #expect(f.scheduler.pendingTaskRequests().map(\.identifier) == [F.refresh])
    }

    // MARK: Registration

    @Test func continuedHandlersMayRegisterAfterLaunchOthersNot() throws {
        let f = try F(permitted: [F.refresh, Self.wildcard])
        f.scheduler.finishLaunching()
        #expect(!f.scheduler.register(forTaskWithIdentifier: F.refresh) { _ in })
        var launched: [String] = []
        #expect(f.scheduler.register(forTaskWithIdentifier: Self.job) { launched.append($0.identifier) })
        #expect(f.scheduler.register(forTaskWithIdentifier: Self.wildcard) { launched.append("wildcard " + $0.identifier) })
        try f.scheduler.submit(export())
        try f.scheduler.submit(export("com.example.export.job2"))
        f.engine.run(until: f.at(.seconds(60)))
        #expect(launched == [Self.job, "wildcard com.example.export.job2"])
    }

    @Test func aSecondRegistrationIsTheCrash() throws {
        let f = try F(permitted: [F.refresh, Self.wildcard])
        var crashes: [String] = []
        f.scheduler.addCrashListener { crashes.append($0) }
        #expect(f.scheduler.register(forTaskWithIdentifier: F.refresh) { _ in })
        #expect(!f.scheduler.register(forTaskWithIdentifier: "com.example.unknown") { _ in })
        #expect(crashes.isEmpty, "an identifier that is not permitted is refused, not a crash")
        #expect(!f.scheduler.register(forTaskWithIdentifier: F.refresh) { _ in })
        f.scheduler.finishLaunching()
        #expect(f.scheduler.register(forTaskWithIdentifier: Self.job) { _ in })
        #expect(!f.scheduler.register(forTaskWithIdentifier: Self.job) { _ in })
        #expect(crashes.count == 2)
        #expect(crashes.allSatisfy { $0.contains("twice") && $0.contains("the app ends") })
    }

    // MARK: iOS 27 submission

    @Test func submitTaskRequestReportsThroughItsCompletionHandler() throws {
        let f = try fixture()
        var results: [TaskScheduler.Error.Code?] = []
        f.scheduler.submitTaskRequest(export()) { results.append($0?.code) }
        f.scheduler.submitTaskRequest(export("com.example.nothing.x")) { results.append($0?.code) }
        #expect(results.isEmpty, "the handlers run from the engine")
        f.engine.run(until: f.at(.seconds(1)))
        #expect(results == [nil, .notPermitted])
    }

    @Test func submitTaskRequestAsyncThrowsTheRejection() async throws {
        let f = try fixture()
        try await f.scheduler.submitTaskRequest(export())
        await #expect(throws: TaskScheduler.Error(.notPermitted)) {
            try await f.scheduler.submitTaskRequest(self.export("com.example.nothing.x"))
        }
        #expect(f.scheduler.pendingTaskRequests().map(\.identifier) == [Self.job])
    }

    // MARK: Batches and the processing window

    @Test(arguments: [UInt64(1), 2, 3, 4, 5])
    func eligibleTasksLaunchInOneBatch(seed: UInt64) throws {
        let f = try F(initial: DeviceConditions(idle: true)) { $0.policy = .realistic(seed: seed) }
        f.scheduler.appWasOpened()
        f.launchApp()
        try f.scheduler.submit(f.refreshRequest())
        try f.scheduler.submit(f.uploadRequest())
        f.engine.run(until: f.at(.seconds(4 * 3600)))
        let refresh = try #require(f.launches(of: F.refresh).first)
        #expect(f.launches(of: F.upload) == [refresh])
    }

    @Test func realisticProcessingNeedsTheAppUsedWithinTheWindow() throws {
        let day = 86_400
        let f = try F(conditions: [.init(offset: .seconds(8 * day), change: ConditionsChange(idle: true))]) {
            $0.policy = .realistic(seed: 1)
        }
        f.launchApp()
        f.scheduler.isAppInForeground = false
        try f.scheduler.submit(f.uploadRequest())
        f.engine.run(until: f.at(.seconds(9 * day)))
        #expect(f.launches(of: F.upload).isEmpty, "idle on day 8, but the app was last used 8 days ago")
        f.scheduler.isAppInForeground = true
        f.scheduler.isAppInForeground = false
        f.engine.run(until: f.at(.seconds(10 * day)))
        #expect(f.launches(of: F.upload).count == 1)
        #expect(f.launches(of: F.upload).allSatisfy { $0 > 9 * day })
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6])
    func realisticProcessingLaunchesWithinItsWindow(seed: UInt64) throws {
        let f = try F(initial: DeviceConditions(idle: true)) {
            $0.policy = .realistic(seed: seed)
            $0.processingWindow = .seconds(600)
        }
        f.launchApp()
        try f.scheduler.submit(f.uploadRequest())
        f.engine.run(until: f.at(.seconds(4 * 3600)))
        let launches = f.launches(of: F.upload)
        #expect(launches.count == 1)
        #expect(launches.allSatisfy { $0 <= 600 })
    }
}
