public import BackgroundCore
public import BackgroundDevice

/// The system's rules over background pushes, as a state machine on virtual time.
///
/// It hears what happened (``handle(_:at:discretion:)``: a push sent, the device offline or online, a restart,
/// the first unlock, a force quit, the user opening the app) and answers with ``PushDecision``s; it keeps no
/// clock, writes no timeline and changes nothing of the device. What the system's discretion decides under
/// the realistic policy it reads from the value handed in with each event (``SystemDiscretion/Pushes``: the
/// usage history and the daily push budget, the device's ``SystemDiscretion/pushes``), counting there the
/// deliveries it decides while it decides; each ``PushDecision/deliver(_:)`` is a push delivered, which the
/// side that delivers it tells the device's discretion (``SystemDiscretion/pushWasDelivered(at:)``), as it is
/// the device that tells the discretion of each open. Its rules (sources and choices in docs/PUSH.md):
/// - **Budget**: at most ``Configuration/budget`` pushes are delivered per rolling
///   ``Configuration/budgetWindow`` (3 per hour); another one is throttled until the oldest of them leaves
///   the window.
/// - **Coalescing**: at most one push is pending per app; a newer push replaces the pending one
///   (`coalesce(old, by: new)`), on the device as in APNs' store for an offline device.
/// - **Offline**: APNs holds the push until the device is back, and discards it at its `apns-expiration`
///   (`immediately`: not stored at all; none: ``Configuration/apnsStorageLimit``).
/// - **Force quit**: nothing is delivered until the user opens the app, or the device restarts
///   (``Configuration/rebootClearsForceQuit``); such pushes are dropped, not kept, and so is the push the
///   device was holding. The system ending the app (``Event/terminated``) or a restart drops a push the
///   device holds too; one APNs stores for an offline device stays there.
/// - **Opening the app** delivers the push the device was holding back for the budget at once.
/// - **Restart**: pushes wait for the first unlock (``Configuration/holdUntilFirstUnlock``).
/// - **The realistic policy** (the handed-in value's ``SystemDiscretion/Pushes/policy``; its
///   ``SystemDiscretion/Pushes/decide(at:usedSince:backgroundRefreshOff:batteryCriticallyLow:lowPowerMode:)``): an app
///   the user has not opened for `unusedAfter` gets none (dropped `appUnused`), nor one with Background App
///   Refresh off (`backgroundRefreshOff`); a critically low battery and Low Power Mode hold the push
///   (`lowBattery`, `lowPowerMode`); at most `dailyPushBudget` are delivered per day, another is throttled
///   until the next reset. Opening the app delivers a push held for any of these at once.
///
/// A pending push is reconsidered when something changes and at ``nextDeadline``: the integration
/// schedules an engine event there and calls ``advance(to:discretion:)``. Inputs must come in time order.
///
/// ```swift
/// var policy = PushPolicy()
/// let t0 = SimTime.defaultStart
/// for n in 1...3 { _ = policy.handle(.sent(n), at: t0 + .seconds(60 * n)) }   // delivered
/// policy.handle(.sent(4), at: t0 + .seconds(300))   // [.throttle(4, until: t0 + .seconds(3660))]
/// policy.handle(.sent(5), at: t0 + .seconds(400))   // [.coalesce(4, by: 5), .throttle(5, until: …)]
/// policy.advance(to: t0 + .seconds(3660))           // [.deliver(5)]
/// ```
public struct PushPolicy {
    public let configuration: Configuration

    private var offline = false
    private var lockedSinceRestart = false
    private var forceQuit = false
    private var lowBattery = false
    private var lowPowerMode = false
    private var backgroundRefreshOff = false
    /// When the policy first heard anything, which counts as a use of the app (a run starts with an app the
    /// user has used); later opens are the discretion's usage history.
    private var usedSince: SimTime?
    /// The times of the latest deliveries, oldest first, at most `budget` of them.
    private var deliveries: [SimTime] = []
    private var pending: Pending?
    private var now: SimTime?
    /// What the discretion decides by, as handed in with the event being handled, with the deliveries
    /// decided since.
    private var discretion = SystemDiscretion.Pushes.eager

    private struct Pending: Sendable {
        var push: Int
        var deadline: SimTime
        var decision: PushDecision
    }

    /// A policy with `configuration`.
    public init(configuration: Configuration = Configuration()) {
        precondition(configuration.budget >= 1, "PushPolicy: a budget of at least one push per window")
        precondition(configuration.budgetWindow > .zero, "PushPolicy: a budget window longer than zero")
        self.configuration = configuration
    }

    /// The push waiting to be delivered, if any.
    public var pendingPush: Int? { pending?.push }

    /// When the pending push must be reconsidered even if nothing else happens: the end of its throttle or
    /// its expiration, whichever comes first; nil when nothing waits.
    public var nextDeadline: SimTime? {
        guard let pending else { return nil }
        if case .throttle(_, let until) = pending.decision { return min(until, pending.deadline) }
        return pending.deadline
    }

    /// Takes in what happened at `time` and returns the decisions it leads to, in order: first those due
    /// before it (``advance(to:discretion:)``), then those of the event. `discretion`: what the system's
    /// discretion decides by now (the device's ``SystemDiscretion/pushes``; the eager policy's by default).
    public mutating func handle(_ event: Event, at time: SimTime, discretion: SystemDiscretion.Pushes = .eager) -> [PushDecision] {
        var decisions = advance(to: time, discretion: discretion)
        if usedSince == nil { usedSince = time }
        switch event {
        case .sent(let push, let expiration):
            let deadline = switch expiration {
            case .unspecified: time + configuration.apnsStorageLimit
            case .immediately: time
            case .at(let moment): moment
            }
            let decision = decide(push, deadline: deadline, at: time)
            switch decision {
            case .deliver: count(deliveryAt: time)
            case .throttle, .hold:
                if let replaced = pending { decisions.append(.coalesce(replaced.push, by: push)) }
                pending = Pending(push: push, deadline: deadline, decision: decision)
            case .coalesce, .drop: break
            }
            return decisions + [decision]
        case .deviceOffline: offline = true
        case .deviceOnline: offline = false
        case .reboot:
            lockedSinceRestart = configuration.holdUntilFirstUnlock
            if configuration.rebootClearsForceQuit { forceQuit = false }
            if let held = pending, held.decision != .hold(held.push, reason: .offline) {
                pending = nil
                return decisions + [.drop(held.push, reason: .reboot)]
            }
        case .unlock: lockedSinceRestart = false
        case .forceQuit: forceQuit = true
        case .opened:
            forceQuit = false
            if let held = pending, Self.opening(releases: held.decision) {
                pending = nil
                count(deliveryAt: time)
                return decisions + [.deliver(held.push)]
            }
        case .terminated:
            if let held = pending, case .throttle = held.decision {
                pending = nil
                return decisions + [.drop(held.push, reason: .terminated)]
            }
        case .batteryCriticallyLow(let low): lowBattery = low
        case .lowPowerMode(let on): lowPowerMode = on
        case .backgroundRefresh(let on): backgroundRefreshOff = !on
        }
        return decisions + reconsider(at: time)
    }

    /// Moves the policy's time to `time`, reconsidering the pending push at each ``nextDeadline`` on the
    /// way, and returns the decisions taken then (a throttled push delivered, a held one expired).
    /// `discretion`: what the system's discretion decides by now, as in ``handle(_:at:discretion:)``.
    public mutating func advance(to time: SimTime, discretion: SystemDiscretion.Pushes = .eager) -> [PushDecision] {
        precondition(now.map { $0 <= time } ?? true, "PushPolicy: inputs must come in time order")
        self.discretion = discretion
        var decisions: [PushDecision] = []
        while let deadline = nextDeadline, deadline <= time {
            let step = reconsider(at: deadline)
            if step.isEmpty { break }
            decisions += step
        }
        now = time
        return decisions
    }

    /// Decides the pending push again at `time`; returns the decision when it changed.
    private mutating func reconsider(at time: SimTime) -> [PushDecision] {
        guard let waiting = pending else { return [] }
        let decision = decide(waiting.push, deadline: waiting.deadline, at: time)
        guard decision != waiting.decision else { return [] }
        switch decision {
        case .deliver:
            count(deliveryAt: time)
            pending = nil
        case .drop, .coalesce: pending = nil
        case .throttle, .hold: pending?.decision = decision
        }
        return [decision]
    }

    /// The rules, in order: expired; offline (APNs stores it); force quit; before the first unlock; the
    /// realistic policy's (``rule(_:at:)``); the hourly budget; otherwise delivered. A push that would wait past its deadline is dropped as expired.
    private func decide(_ push: Int, deadline: SimTime, at time: SimTime) -> PushDecision {
        if deadline < time { return .drop(push, reason: .expired) }
        let waits: PushDecision
        if offline {
            waits = .hold(push, reason: .offline)
        } else if forceQuit {
            return .drop(push, reason: .forceQuit)
        } else if lockedSinceRestart {
            waits = .hold(push, reason: .beforeFirstUnlock)
        } else if let ruling = rule(push, at: time) {
            if case .drop = ruling { return ruling }
            waits = ruling
        } else if let until = budgetFrees(at: time) {
            waits = .throttle(push, until: until)
        } else {
            return .deliver(push)
        }
        return deadline <= time ? .drop(push, reason: .expired) : waits
    }

    /// When the budget allows another delivery, if it does not at `time`.
    private func budgetFrees(at time: SimTime) -> SimTime? {
        let recent = deliveries.filter { $0 > time - configuration.budgetWindow }
        guard recent.count >= configuration.budget else { return nil }
        return recent[recent.count - configuration.budget] + configuration.budgetWindow
    }

    /// What the system's discretion decides of `push` at `time` (under the realistic policy): dropped for an
    /// app unused or Background App Refresh off, held for the battery or Low Power Mode, throttled until the
    /// daily budget's reset. Nil when none applies.
    private func rule(_ push: Int, at time: SimTime) -> PushDecision? {
        let decision = discretion.decide(
            at: time, usedSince: usedSince ?? time, backgroundRefreshOff: backgroundRefreshOff,
            batteryCriticallyLow: lowBattery, lowPowerMode: lowPowerMode)
        switch (decision.outcome, decision.reason) {
        case (_, nil): return nil
        case (.at(let until), _): return .throttle(push, until: until)
        case (.held, .lowPowerMode): return .hold(push, reason: .lowPowerMode)
        case (.held, _): return .hold(push, reason: .lowBattery)
        case (.never, .backgroundRefreshOff): return .drop(push, reason: .backgroundRefreshOff)
        case (.never, _): return .drop(push, reason: .appUnused)
        }
    }

    /// Whether the user opening the app delivers a push the policy decided so: one held back by the system
    /// (a budget, the battery, Low Power Mode), not one APNs stores or one waiting for the first unlock.
    private static func opening(releases decision: PushDecision) -> Bool {
        switch decision {
        case .throttle, .hold(_, reason: .lowBattery), .hold(_, reason: .lowPowerMode): true
        default: false
        }
    }

    /// Counts a delivery at `time` against the hourly budget and, under the realistic policy, the daily one
    /// of the handed-in value (the device's is the delivering side's to count).
    private mutating func count(deliveryAt time: SimTime) {
        deliveries.append(time)
        trimDeliveries()
        discretion.delivered(at: time)
    }

    private mutating func trimDeliveries() {
        if deliveries.count > configuration.budget { deliveries.removeFirst(deliveries.count - configuration.budget) }
    }
}
