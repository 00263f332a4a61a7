import BackgroundCore
import BackgroundDevice

/// The scheduler's decisions, apart from their effects: given the app's Info.plist, the configuration and
/// the state the ``TaskScheduler`` hands in, each rule returns what should happen and why — a rejection
/// with its error, a registration's problem, what holds the pending requests (``HoldState``) and which may
/// launch, a request's wait reason and whether it is recorded, the plan of a request's launch and of its
/// look at the reason (``LaunchPlan``), the batch a launch takes with it, the processing tasks a change
/// expires, when a launch's time is up. It owns no timer, records nothing and writes no file: the
/// scheduler (the façade) schedules, records and saves what the rules return, and hands in what they read
/// (the conditions, the pending and running requests, the discretion, the launch planner's draws).
///
/// A final class of constants, not a struct: the scheduler asks it for every pending request at each
/// evaluation, and a struct's Sets and configuration would be copied (retained and released) at each call.
final class TaskRules {
    let configuration: TaskScheduler.Configuration
    let permittedIdentifiers: Set<String>
    let backgroundModes: Set<String>
    let permits: PermittedIdentifiers

    init(configuration: TaskScheduler.Configuration, permittedIdentifiers: Set<String>, backgroundModes: Set<String>) {
        self.configuration = configuration
        self.permittedIdentifiers = permittedIdentifiers
        self.backgroundModes = backgroundModes
        permits = PermittedIdentifiers(permittedIdentifiers)
    }

    /// What the scheduler knows when a request is submitted: what the rule of the request's kind reads
    /// (the scheduler reads only that).
    struct Submission {
        var conditions: DeviceConditions
        var isAppInForeground: Bool
        var entitlements: Set<String>
        /// How many requests of the submitted one's kind are pending under other identifiers.
        var pendingOthers: Int
        /// How many continued tasks run under other identifiers.
        var runningContinuedOthers: Int
    }

    // MARK: Registration

    /// Why registering `identifier` fails (nil: it is registered), and whether iOS raises the exception that
    /// ends the app for it.
    func registrationProblem(
        of identifier: String, isRegistered: Bool, hasFinishedLaunching: Bool
    ) -> (message: String, crashes: Bool)? {
        let problem: String? =
            if !permits.allowsRegistration(of: identifier) {
                "cannot register \(identifier): it is not in the permitted identifiers (BGTaskSchedulerPermittedIdentifiers)"
            } else if isRegistered {
                "cannot register \(identifier) twice: a launch handler is already registered; iOS raises an exception and the app ends"
            } else if hasFinishedLaunching && !permits.isContinued(identifier) {
                "cannot register \(identifier) after the app finished launching: \(TaskScheduler.lateRegistrationMessage) "
                    + "(NSInternalInconsistencyException); register every task before finishLaunching()"
            } else {
                nil
            }
        guard let problem else { return nil }
        return (problem, isRegistered || hasFinishedLaunching && permits.allowsRegistration(of: identifier))
    }

    // MARK: Submission

    /// The error `request` is rejected with, or nil when it is accepted.
    func rejection(of request: TaskRequest, _ state: Submission) -> TaskScheduler.Error? {
        if let continued = request.continued { return rejection(of: request.identifier, continued, state) }
        let identifier = request.identifier
        let mode = request.kind == .refresh ? "fetch" : "processing"
        if !permittedIdentifiers.contains(identifier) {
            return .init(.notPermitted, reason: "\(identifier) is not in the permitted identifiers (BGTaskSchedulerPermittedIdentifiers)")
        }
        if !backgroundModes.contains(mode) {
            return .init(.notPermitted, reason: "\(request.kind.rawValue) tasks need the '\(mode)' background mode (UIBackgroundModes)")
        }
        if !state.conditions.backgroundRefresh {
            return .init(.unavailable, reason: "Background App Refresh is off")
        }
        let limit = request.kind == .refresh
            ? configuration.maxPendingRefreshRequests : configuration.maxPendingProcessingRequests
        let others = state.pendingOthers
        if others >= limit {
            return .init(.tooManyPendingTaskRequests, reason: "\(others) \(request.kind.rawValue) requests are already pending (at most \(limit))")
        }
        return nil
    }

    private func rejection(of identifier: String, _ request: TaskRequest.Continued, _ state: Submission) -> TaskScheduler.Error? {
        if permits.wildcard(permitting: identifier) == nil {
            let wildcard = TaskRequest.Continued.wildcard(permitting: identifier)
            return .init(.notPermitted, reason: "continued task \(identifier) needs a wildcard in the permitted identifiers (add '\(wildcard)' to BGTaskSchedulerPermittedIdentifiers)")
        }
        if !state.isAppInForeground {
            return .init(.unavailable, reason: "continued tasks are submitted from the foreground, when the user starts the work")
        }
        if request.requiredResources.contains(.gpu) {
            if !state.entitlements.contains("gpu") {
                return .init(.notPermitted, reason: "\(identifier) requires the GPU: the app needs the Background GPU Access entitlement (com.apple.developer.background-tasks.continued-processing.gpu)")
            }
            if !configuration.supportedResources.contains(.gpu) {
                return .init(.unavailable, reason: "\(identifier) requires the GPU, which this device does not support in the background (BGTaskScheduler.supportedResources)")
            }
        }
        let runningOthers = state.runningContinuedOthers
        if request.strategy == .fail, runningOthers >= configuration.maxRunningContinuedTasks {
            return .init(.immediateRunIneligible, reason: "\(runningOthers) continued tasks run already (at most \(configuration.maxRunningContinuedTasks)) and the strategy is fail")
        }
        return nil
    }

    /// The warning recorded beside the submission of `request` at `now` when its earliest begin is further
    /// ahead than Apple advises (the request stays pending).
    func earliestBeginWarning(_ request: TaskRequest, at now: SimTime) -> String? {
        guard let begin = request.earliestBeginDate, begin - now > configuration.maxEarliestBeginAhead else { return nil }
        return "\(request.identifier): earliestBeginDate is \(DurationSyntax.format(begin - now)) ahead; Apple advises "
            + "not more than \(DurationSyntax.format(configuration.maxEarliestBeginAhead)) (the request stays pending)"
    }

    // MARK: Waiting and launching

    /// The reason a pending request waits now — its earliest begin while that is ahead, else what holds it,
    /// else why its planned launch is not sooner — and whether the change from `previous` is recorded
    /// (`task.waiting`): a change from one reason to another — its earliest begin included, so a request
    /// still held when its earliest begin passes (or at its submission without one) says why at that
    /// moment — or to one only the scheduler knows (``TaskWaitReason/isKnownOnlyToTheScheduler``). The wait
    /// for its earliest begin is never recorded (its `task.submitted` shows it), nor is a request that could
    /// launch and is held by its conditions, Low Power Mode, the Background App Refresh switch or a force
    /// quit (the `conditions` and `lifecycle` events show it at that moment), nor one that stops waiting
    /// (docs/SCHEDULER.md, "Why a task waits"). Nil when the reason does not change.
    static func waiting(
        _ request: TaskRequest, hold: TaskWaitReason?, planned: @autoclosure () -> TaskWaitReason?, previous: TaskWaitReason?,
        now: SimTime
    ) -> (reason: TaskWaitReason?, isRecorded: Bool)? {
        let reason: TaskWaitReason? =
            if let begin = request.earliestBeginDate, begin > now { .earliestBegin }
            else { hold ?? planned() }
        guard reason != previous else { return nil }
        guard let reason, reason != .earliestBegin else { return (reason, false) }
        return (reason, previous != nil || reason.isKnownOnlyToTheScheduler)
    }

    /// When the eager policy launches `request`, eligible from `eligible`: the next whole minute (a continued
    /// task at once).
    private func eagerLaunch(_ request: TaskRequest, eligibleAt eligible: SimTime, planner: inout LaunchPlanner) -> SimTime {
        planner.launchTime(for: request.kind, eligibleAt: eligible, deadline: eligible)
    }

    /// When the realistic policy launches `request`, eligible from `eligible`, and why not sooner: a refresh
    /// ahead of the next predicted open, a processing task after its drawn delay (never past its processing
    /// window), both no sooner than the rate limit and the energy budget allow (``SystemDiscretion``); a
    /// continued task at once. Nil: no open is predicted.
    private func plannedLaunch(
        _ request: TaskRequest, eligibleAt eligible: SimTime, now: SimTime, planner: inout LaunchPlanner,
        discretion: SystemDiscretion
    ) -> (time: SimTime, reason: TaskWaitReason?)? {
        if request.kind == .refresh {
            let decision = discretion.refresh(eligibleAt: eligible, now: now)
            return decision.time.map { ($0, decision.reason.map(TaskWaitReason.init)) }
        }
        let deadline = (request.earliestBeginDate ?? eligible) + configuration.processingWindow
        let drawn = planner.launchTime(for: request.kind, eligibleAt: eligible, deadline: deadline)
        guard request.kind == .processing else { return (drawn, nil) }
        let decision = discretion.processing(drawnAt: drawn)
        return (decision.time ?? drawn, decision.reason.map(TaskWaitReason.init))
    }

    /// The end of the time of a refresh task launched at `now`: that of the launch already running
    /// (`shared`, the latest deadline of a refresh task that has not ended), or a new launch's
    /// ``TaskScheduler/Configuration/refreshBudget`` from now.
    func launchDeadline(shared: SimTime?, now: SimTime) -> SimTime {
        var budget = configuration.refreshBudget
        if case .realistic = configuration.policy, let field = configuration.realisticRefreshBudget { budget = field }
        return shared.map { max($0, now) } ?? now + budget
    }

    /// Whether an app in the background counts as used recently for a processing task at `now` under the
    /// realistic policy: last in the foreground (`lastUse`) or opened within
    /// ``TaskScheduler/Configuration/processingUsageWindow``.
    private func wasUsedRecently(lastUse: SimTime, discretion: SystemDiscretion, now: SimTime) -> Bool {
        let window = configuration.processingUsageWindow
        return now - lastUse <= window || discretion.wasOpened(within: window, before: now)
    }

    // MARK: Eligibility and batching

    /// What holds pending requests at `now`: the device and the user under both policies (the conditions,
    /// the kinds held after a force quit, the wait for the first unlock, a free place for a continued task
    /// beside the `runningContinued` ones), and under the realistic one the system's discretion — a
    /// critically low battery, and the app's use (for a processing task: in the foreground, last there at
    /// `lastUse` or opened within ``TaskScheduler/Configuration/processingUsageWindow``; for a refresh:
    /// opened within the discretion's usage window).
    func holdState(
        conditions: DeviceConditions, heldKinds: Set<TaskKind>, isWaitingForFirstUnlock: Bool, runningContinued: Int,
        isAppInForeground: Bool, lastUse: SimTime, discretion: SystemDiscretion, now: SimTime
    ) -> HoldState {
        let realistic = configuration.policy.isRealistic
        return HoldState(
            conditions: conditions, heldKinds: heldKinds, isWaitingForFirstUnlock: isWaitingForFirstUnlock,
            hasContinuedPlace: runningContinued < configuration.maxRunningContinuedTasks,
            isRealistic: realistic, isBatteryCritical: discretion.holdsForLowBattery(conditions),
            wasUsedRecently: !realistic || isAppInForeground || wasUsedRecently(lastUse: lastUse, discretion: discretion, now: now),
            wasOpenedRecently: realistic && discretion.wasOpened(within: discretion.configuration.usageWindow, before: now))
    }

    /// Whether the running `request` is expired in `state`: a processing task whose conditions went.
    func expires(_ request: TaskRequest, in state: HoldState) -> Bool {
        request.kind == .processing && !state.conditionsAllow(request)
    }

    /// Whether the pending `request` may launch once its earliest begin has passed: nothing holds it in
    /// `state` and no task of its identifier runs (`isRunning`).
    func mayLaunch(_ request: TaskRequest, in state: HoldState, isRunning: @autoclosure () -> Bool) -> Bool {
        state.reason(for: request) == nil && !isRunning()
    }

    /// Whether the pending `request` could launch at `now`: its earliest begin has passed and it may launch.
    func isEligible(_ request: TaskRequest, at now: SimTime, in state: HoldState, isRunning: @autoclosure () -> Bool) -> Bool {
        (request.earliestBeginDate ?? now) <= now && mayLaunch(request, in: state, isRunning: isRunning())
    }

    /// The batch of the policy's launch of the pending `request` at `now`: the identifiers of every other
    /// pending refresh and processing request (`pending`, in submission order) eligible then, which launch
    /// with it — the system wakes the app once for all of them. Nil when `request` itself is no longer
    /// eligible (a continued task's place taken, the usage window passed): its launch is called off until
    /// the next change. `isRunning`: whether a task of an identifier runs.
    func batch(
        launching request: TaskRequest, from pending: some Sequence<TaskRequest>, at now: SimTime, in state: HoldState,
        isRunning: (String) -> Bool
    ) -> [String]? {
        guard isEligible(request, at: now, in: state, isRunning: isRunning(request.identifier)) else { return nil }
        var others: [String] = []
        for other in pending where other.identifier != request.identifier && other.kind != .continued
            && isEligible(other, at: now, in: state, isRunning: isRunning(other.identifier)) {
            others.append(other.identifier)
        }
        return others
    }

    // MARK: The launch's plan

    /// What the scheduler does about a pending request's planned launch and its look at the reason (the
    /// timer that says why it waits when its earliest begin passes): ``plan(_:hold:isRunning:hasLaunch:hasReasonCheck:now:planner:discretion:)``.
    enum LaunchPlan: Equatable {
        /// Schedule its launch at the moment, calling off its look at the reason; `reason`: why it is not
        /// sooner (the realistic policy's); `checkReasonAt`: look at its reason then (its earliest begin,
        /// from which it waits for `reason`).
        case launch(at: SimTime, reason: TaskWaitReason?, checkReasonAt: SimTime?)
        /// No launch can be planned (no open is predicted): it waits for the app's use.
        case unplanned
        /// Call off its planned launch, its look at the reason and the planned launch's reason;
        /// `checkReasonAt`: look at its reason then (held before its earliest begin).
        case callOff(checkReasonAt: SimTime?)
        /// Look at its reason at the moment (its earliest begin; held before it).
        case checkReason(at: SimTime)
    }

    /// The plan of the pending `request`'s launch at `now`, held by `hold` (nil: nothing holds it), a task
    /// of its identifier running or not (`isRunning`), with a launch and a look at its reason planned or
    /// not: a launch planned when it may launch and none is (by the policy: ``eagerLaunch(_:eligibleAt:planner:)``,
    /// ``plannedLaunch(_:eligibleAt:now:planner:discretion:)``), called off when it may not, a look at its
    /// reason at its earliest begin while it is held before it. Nil: nothing changes.
    func plan(
        _ request: TaskRequest, hold: TaskWaitReason?, isRunning: @autoclosure () -> Bool, hasLaunch: Bool,
        hasReasonCheck: Bool, now: SimTime, planner: inout LaunchPlanner, discretion: SystemDiscretion
    ) -> LaunchPlan? {
        let eligible = hold == nil && !isRunning()
        if eligible {
            guard !hasLaunch else { return nil }
            let from = max(now, request.earliestBeginDate ?? now)
            let planned = configuration.policy.isRealistic
                ? plannedLaunch(request, eligibleAt: from, now: now, planner: &planner, discretion: discretion)
                : (eagerLaunch(request, eligibleAt: from, planner: &planner), nil)
            guard let planned else { return .unplanned }
            return .launch(at: planned.time, reason: planned.reason, checkReasonAt: planned.reason != nil && from > now ? from : nil)
        }
        let begin = request.earliestBeginDate.flatMap { $0 > now ? $0 : nil }
        if hasLaunch { return .callOff(checkReasonAt: begin) }
        guard !hasReasonCheck, let begin else { return nil }
        return .checkReason(at: begin)
    }
}
