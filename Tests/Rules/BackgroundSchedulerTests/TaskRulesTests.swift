import BackgroundCore
import BackgroundDevice
@testable import BackgroundScheduler
import Testing

/// The scheduler's rules on their own: the state handed in, the decisions out — what holds a request, which
/// may launch, the batch a launch takes, the plan of a launch and its look at the reason. No engine, no
/// timeline, no scheduler. Each test would fail if its rule broke.
@Suite struct TaskRulesTests {
    static let refresh = "com.example.refresh"
    static let upload = "com.example.upload"
    static let day = 86_400
    let t0 = SimTime.defaultStart

    func taskRules(_ policy: LaunchPolicy = .eager) -> TaskRules {
        var configuration = TaskScheduler.Configuration()
        configuration.policy = policy
        return TaskRules(
            configuration: configuration, permittedIdentifiers: [Self.refresh, Self.upload, "com.example.export.*"],
            backgroundModes: ["fetch", "processing"])
    }

    func refresh(begin: SimTime? = nil) -> TaskRequest { TaskRequest(refresh: Self.refresh, earliestBeginDate: begin) }

    func upload() -> TaskRequest { TaskRequest(processing: Self.upload) }

    func state(
        _ rules: TaskRules, conditions: DeviceConditions = DeviceConditions(idle: true), heldKinds: Set<TaskKind> = [],
        runningContinued: Int = 0, isAppInForeground: Bool = false, lastUse: SimTime? = nil,
        discretion: SystemDiscretion = SystemDiscretion(), at now: SimTime? = nil
    ) -> HoldState {
        rules.holdState(
            conditions: conditions, heldKinds: heldKinds, isWaitingForFirstUnlock: false, runningContinued: runningContinued,
            isAppInForeground: isAppInForeground, lastUse: lastUse ?? t0, discretion: discretion, now: now ?? t0)
    }

    // MARK: What holds a request, and which may launch

    @Test func theHoldStateReadsTheDeviceTheUserAndUnderTheRealisticPolicyTheAppsUse() {
        let eager = taskRules()
        #expect(state(eager).reason(for: refresh()) == nil)
        #expect(state(eager, conditions: DeviceConditions(lowPower: true)).reason(for: refresh()) == .lowPowerMode)
        #expect(state(eager, heldKinds: [.processing]).reason(for: upload()) == .forceQuit)
        #expect(state(eager, conditions: DeviceConditions(idle: false)).reason(for: upload()) == .conditions)
        let continued = TaskRequest(continued: "com.example.export.1", title: "Export", subtitle: "")
        #expect(state(eager, runningContinued: 1).reason(for: continued) == nil)
        #expect(state(eager, runningContinued: 2).reason(for: continued) == .conditions, "both places taken")
        // Eager: a week without the app changes nothing; realistic: a processing task waits for the app's use,
        // a refresh for an open within the usage window.
        let late = t0 + .seconds(8 * Self.day)
        #expect(state(eager, at: late).reason(for: upload()) == nil)
        let realistic = taskRules(.realistic(seed: 1))
        let discretion = SystemDiscretion(policy: .realistic(seed: 1))
        #expect(state(realistic, discretion: discretion, at: late).reason(for: upload()) == .appUsage)
        #expect(state(realistic, isAppInForeground: true, discretion: discretion, at: late).reason(for: upload()) == nil)
        #expect(state(realistic, lastUse: late - .seconds(60), discretion: discretion, at: late).reason(for: upload()) == nil)
        #expect(state(realistic, discretion: discretion, at: late).reason(for: refresh()) == .appUsage)
        discretion.appWasOpened(at: late - .seconds(3_600))
        #expect(state(realistic, discretion: discretion, at: late).reason(for: refresh()) == nil)
        #expect(state(realistic, conditions: DeviceConditions(battery: 10), discretion: discretion, at: late)
            .reason(for: refresh()) == .lowBattery)
    }

    @Test func aRequestIsEligibleFromItsEarliestBeginWhenNothingHoldsItAndNoneOfItsIdentifierRuns() {
        let rules = taskRules()
        let held = state(rules, conditions: DeviceConditions(lowPower: true))
        let free = state(rules)
        #expect(rules.isEligible(refresh(), at: t0, in: free, isRunning: false))
        #expect(!rules.isEligible(refresh(), at: t0, in: free, isRunning: true))
        #expect(!rules.isEligible(refresh(), at: t0, in: held, isRunning: false))
        let later = refresh(begin: t0 + .seconds(60))
        #expect(!rules.isEligible(later, at: t0, in: free, isRunning: false))
        #expect(rules.mayLaunch(later, in: free, isRunning: false), "may launch once its earliest begin passes")
        #expect(rules.isEligible(later, at: t0 + .seconds(60), in: free, isRunning: false))
    }

    @Test func aProcessingTaskThatRunsIsExpiredWhenItsConditionsGo() {
        let rules = taskRules()
        #expect(!rules.expires(upload(), in: state(rules)))
        #expect(rules.expires(upload(), in: state(rules, conditions: DeviceConditions(idle: false))))
        #expect(!rules.expires(refresh(), in: state(rules, conditions: DeviceConditions(idle: false))), "a refresh needs no idle")
    }

    // MARK: Batching

    @Test func aLaunchTakesEveryOtherEligibleRefreshAndProcessingRequestInOrder() {
        let rules = taskRules()
        let first = refresh()
        let other = upload()
        let continued = TaskRequest(continued: "com.example.export.1", title: "Export", subtitle: "")
        let pending: [TaskRequest] = [continued, first, other]
        let free = state(rules)
        #expect(rules.batch(launching: first, from: pending, at: t0, in: free) { _ in false } == [Self.upload],
                "never a continued task")
        #expect(rules.batch(launching: first, from: pending, at: t0, in: free) { $0 == Self.upload } == [], "one of its identifier runs")
        #expect(rules.batch(launching: other, from: pending, at: t0, in: free) { _ in false } == [Self.refresh])
        let notIdle = state(rules, conditions: DeviceConditions(idle: false))
        #expect(rules.batch(launching: first, from: pending, at: t0, in: notIdle) { _ in false } == [], "the upload needs idle")
        #expect(rules.batch(launching: other, from: pending, at: t0, in: notIdle) { _ in false } == nil, "called off")
    }

    // MARK: The launch's plan

    @Test func theEagerPolicyPlansTheNextWholeMinuteFromTheEarliestBegin() {
        let rules = taskRules()
        var planner = LaunchPlanner(policy: .eager)
        let now = t0 + .seconds(10)
        let plan = { (request: TaskRequest) in
            rules.plan(request, hold: nil, isRunning: false, hasLaunch: false, hasReasonCheck: false, now: now,
                       planner: &planner, discretion: SystemDiscretion())
        }
        #expect(plan(refresh()) == .launch(at: t0 + .seconds(60), reason: nil, checkReasonAt: nil))
        #expect(plan(refresh(begin: t0 + .seconds(130))) == .launch(at: t0 + .seconds(180), reason: nil, checkReasonAt: nil))
        // Planned already, or running: nothing changes.
        #expect(rules.plan(refresh(), hold: nil, isRunning: false, hasLaunch: true, hasReasonCheck: false, now: now,
                           planner: &planner, discretion: SystemDiscretion()) == nil)
        #expect(rules.plan(refresh(), hold: nil, isRunning: true, hasLaunch: false, hasReasonCheck: false, now: now,
                           planner: &planner, discretion: SystemDiscretion()) == nil)
    }

    @Test func aHeldRequestsLaunchIsCalledOffAndItsReasonLookedAtWhenItsEarliestBeginPasses() {
        let rules = taskRules()
        var planner = LaunchPlanner(policy: .eager)
        let begin = t0 + .seconds(600)
        func plan(_ request: TaskRequest, hasLaunch: Bool, hasReasonCheck: Bool) -> TaskRules.LaunchPlan? {
            rules.plan(request, hold: .lowPowerMode, isRunning: false, hasLaunch: hasLaunch, hasReasonCheck: hasReasonCheck,
                       now: t0, planner: &planner, discretion: SystemDiscretion())
        }
        #expect(plan(refresh(begin: begin), hasLaunch: true, hasReasonCheck: true) == .callOff(checkReasonAt: begin))
        #expect(plan(refresh(), hasLaunch: true, hasReasonCheck: false) == .callOff(checkReasonAt: nil))
        #expect(plan(refresh(begin: begin), hasLaunch: false, hasReasonCheck: false) == .checkReason(at: begin))
        #expect(plan(refresh(begin: begin), hasLaunch: false, hasReasonCheck: true) == nil)
        #expect(plan(refresh(), hasLaunch: false, hasReasonCheck: false) == nil)
    }

    @Test func theRealisticPolicyPlansAheadOfThePredictedOpenOrNotAtAll() {
        let rules = taskRules(.realistic(seed: 1))
        let discretion = SystemDiscretion(policy: .realistic(seed: 1))
        var planner = LaunchPlanner(policy: .realistic(seed: 1))
        let plan = { (request: TaskRequest) in
            rules.plan(request, hold: nil, isRunning: false, hasLaunch: false, hasReasonCheck: false, now: self.t0,
                       planner: &planner, discretion: discretion)
        }
        #expect(plan(refresh()) == .unplanned, "no open to predict")
        // Opened at 08:00 yesterday: the refresh goes half an hour before 08:00 today, waiting for the app's use;
        // with an earliest begin ahead, its reason is looked at then.
        discretion.learn(history: [t0 - .seconds(Self.day - 8 * 3_600)])
        let ahead = t0 + .seconds(8 * 3_600 - 1_800)
        #expect(plan(refresh()) == .launch(at: ahead, reason: .appUsage, checkReasonAt: nil))
        let begin = t0 + .seconds(3_600)
        #expect(plan(refresh(begin: begin)) == .launch(at: ahead, reason: .appUsage, checkReasonAt: begin))
    }
}
