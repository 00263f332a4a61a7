import AppControl
package import BackgroundCore
package import BackgroundDevice
package import BackgroundPushes
import JSON

/// The remote-notification background mode: background (silent) pushes, as APNs and iOS deliver them, in
/// the emulated app.
///
/// - The manifest's `pushes:` are sent at their times (from the first launch), and ``send(_:headers:)``
///   sends one at the engine's now (`bgtask push` to `bgloc live --app`).
/// - ``PushDelivery`` judges each push as APNs and iOS do: a payload or headers APNs refuses is
///   `push.rejected` with the ``PushPayloadError/Code``; a notification (alert, sound or badge) is
///   `push.displayed` (after the app's notification service extension, ``NotificationServiceExtension``, when
///   it has one and the push has an alert and `mutable-content: 1`); one that does not wake the app ends there. Without `remote-notification` in the
///   app's background modes every push that would wake it is `push.rejected` `notPermitted` (and an
///   `error` event says why, once); showing a notification needs no background mode.
/// - ``PushPolicy`` decides the rest: each decision is a record (`push.received`, `push.throttled`,
///   `push.coalesced`, `push.dropped`), and an engine event at its ``PushPolicy/nextDeadline`` decides a
///   waiting push again. It hears the device going offline or online (the `network` of the conditions), a
///   force quit, the user opening the app, the system ending it, a restart and the first unlock; under
///   `--policy realistic` (the device's discretion, `Device.discretion`, whose ``SystemDiscretion/pushes``
///   the policy is handed with each event) also a critically low battery, Low Power Mode and the Background
///   App Refresh switch, and every hold is a `push.held` record with its reason. The mode tells the device's
///   discretion of each delivery the policy decides (its daily push budget).
/// - A delivered push wakes a suspended app or launches a terminated one into the background (the
///   activity ``AppLifecycle/Activity/push(_:)``) and is handed to the app's code
///   (``AppCode/application(_:didReceiveRemoteNotification:push:fetchCompletionHandler:)``; the manifest's
///   `onPush:` in ``ManifestApp``); its completion handler is `push.completed`. One not called
///   ``Configuration/completionWindow`` (30 s) after the delivery gets the app terminated, with that reason
///   in the `lifecycle` event; one called late, or again, is ignored.
///
/// ```swift
/// let app = try AppRecipe.standard.app(manifest, engine: engine, timeline: timeline)
/// app.start()
/// let payload = try PushPayload.read(path: "push/sync.apns")
/// app.mode(PushMode.self)?.send(payload, headers: PushHeaders())   // 1: push.received 1, …
/// ```
package final class PushMode: BackgroundMode {
    /// The emulator's choices for pushes (docs/PUSH.md).
    package struct Configuration: Hashable, Sendable {
        /// The system's discretion: budget, storage limit, force quit and restarts.
        package var policy = PushPolicy.Configuration()
        /// How long the app has to call the completion handler after a delivery (default 30 s: "Your app
        /// has up to 30 seconds of wall-clock time to process the notification and call the specified
        /// completion handler block", `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`).
        package var completionWindow = Duration.seconds(30)
        /// How long the app's notification service extension may work on a notification (default 30 s, the
        /// emulator's reading of Apple's "limited amount of time": ``NotificationService/defaultTimeLimit``).
        package var serviceExtensionTimeLimit = NotificationService.defaultTimeLimit

        package init() {}
    }

    /// The number the next push gets, from 1.
    package private(set) var sentCount = 0

    private unowned var app: EmulatedApp?
    private var section = PushSection()
    private var configuration = Configuration()
    private var policy = PushPolicy()
    private var payloads: [Int: JSONValue] = [:]
    private var throttled: Set<Int> = []
    /// The pushes whose completion handler the app has not called yet, with the end of their window.
    private var running: [Int: EventID?] = [:]
    private var deadline: EventID?
    /// The device's conditions the policy last heard of.
    private var conditions: DeviceConditions?
    private var manifestPushesLeft = 0
    private var warnedNotPermitted = false
    /// The `push.rejected` error of each push rejected as it was sent, by number (what `bgtask push` answers).
    package private(set) var rejections: [Int: String] = [:]
    /// PushKit's rules for the VoIP pushes (`onVoIPPush:`).
    private var voip: VoIPCalls?
    /// The app's notification service extension (`notificationService:`), if it has one.
    private var service: NotificationServiceExtension?
    private var sendListeners: [(Int) -> Void] = []

    package init() {}

    /// Adds a listener told of every push the server sends (its number), at the engine's time of sending,
    /// before anything becomes of it: a push held offline or before the first unlock has no event until it is
    /// delivered, and a run's summary measures its delay from here.
    package func addSendListener(_ listener: @escaping (Int) -> Void) {
        sendListeners.append(listener)
    }

    package func attach(to app: EmulatedApp) throws(InputError) {
        self.app = app
        configuration = app.configuration.pushes
        configuration.policy.rebootClearsForceQuit = app.configuration.rebootLiftsForceQuit
        policy = PushPolicy(configuration: configuration.policy)
        section = app.manifest[PushSection.self] ?? PushSection()
        voip = VoIPCalls()
        service = app.manifest[NotificationServiceSection.self]?.work.map {
            NotificationServiceExtension(work: $0, timeLimit: configuration.serviceExtensionTimeLimit, in: app)
        }
        app.device.addConditionsListener { [unowned self] in update($0) }
        update(app.device.conditions)
    }

    /// The manifest's pushes are the server's: scheduled once, at the first launch; one with `every:`
    /// repeats to the end of the run (``RecurringPushSchedule``), and is never waited for (``isSettled``).
    package func appDidLaunch(first: Bool) {
        guard first, let app else { return }
        let start = app.engine.now
        for (entry, push) in section.pushes.enumerated() {
            if let schedule = RecurringPushSchedule(push: push, entry: entry, start: start, seed: app.configuration.seed) {
                sendRecurring(schedule, occurrence: 0)
                continue
            }
            manifestPushesLeft += 1
            app.engine.schedule(at: start + push.offset) { [unowned self] in
                manifestPushesLeft -= 1
                send(push)
            }
        }
    }

    /// Schedules `occurrence` of a repeating push, which schedules the next when it is sent.
    private func sendRecurring(_ schedule: RecurringPushSchedule, occurrence: Int) {
        guard let app else { return }
        app.engine.schedule(at: max(app.engine.now, schedule.time(of: occurrence))) { [unowned self] in
            send(schedule.push)
            sendRecurring(schedule, occurrence: occurrence + 1)
        }
    }

    /// Sends a manifest push now, its expiration counted from now.
    private func send(_ push: ManifestPush) {
        guard let app else { return }
        var headers = push.headers
        if let after = push.expiresAfter {
            headers.expiration = after == .zero ? .immediately : .at(app.engine.now + after)
        }
        send(push.payload, headers: headers)
    }

    /// The server sends `payload` with `headers` through APNs now; returns the push's number in the run.
    /// ``PushDelivery`` judges the payload with `headers`: a refusal is `push.rejected` with its code (a
    /// background push with priority 10 is `badPriority`); a notification is `push.displayed` at once; one
    /// that wakes the app goes on to ``PushPolicy``.
    @discardableResult
    package func send(_ payload: PushPayload, headers: PushHeaders) -> Int {
        sentCount += 1
        let push = sentCount
        for listener in sendListeners { listener(push) }
        guard let app else { return push }
        if let bundle = payload.targetBundle, bundle != app.manifest.app {
            app.timeline.record(.error(
                message: "push \(push): \(payload.file) names '\(bundle)' as its \(PushPayload.targetBundleKey); as with "
                    + "`xcrun simctl push \(app.manifest.app) FILE`, it goes to this app, '\(app.manifest.app)'", code: "otherTargetBundle"))
        }
        let delivery: PushDelivery
        do throws(PushPayloadError) {
            delivery = try PushDelivery(payload: payload, headers: headers)
        } catch {
            refuse(push, error.code.rawValue, because: error.input.message)
            return push
        }
        if let service, NotificationService.runs(for: payload, delivery: delivery) {
            service.receive(push)
        } else if delivery.displaysNotification {
            app.timeline.record(.pushDisplayed(push: push))
        }
        guard delivery.wakesApp else { return push }
        if delivery.pushType == .voip {
            guard app.manifest.backgroundModes.contains("voip") else {
                refuse(push, "notPermitted", because: "the app lacks the voip background mode")
                app.timeline.record(.error(message: "push \(push): VoIP pushes need the voip background mode (UIBackgroundModes)", code: "notPermitted"))
                return push
            }
            voip?.deliver(push, payload: payload.userInfo, in: app)
            return push
        }
        guard app.manifest.backgroundModes.contains("remote-notification") else {
            refuse(push, "notPermitted", because: "the app lacks the remote-notification background mode")
            if !warnedNotPermitted {
                warnedNotPermitted = true
                app.timeline.record(.error(
                    message: "\(app.manifest.file): backgroundModes: pushes need the remote-notification background mode "
                        + "(UIBackgroundModes); without it every push is rejected notPermitted", code: "notPermitted"))
            }
            return push
        }
        payloads[push] = payload.userInfo
        apply(policy.handle(.sent(push, expiration: headers.expiration), at: app.engine.now, discretion: app.device.discretion.pushes))
        return push
    }

    /// Records push `push` as `push.rejected` with `code`, and why in ``rejections`` (what `bgtask push` answers).
    private func refuse(_ push: Int, _ code: String, because why: String) {
        rejections[push] = "\(code) (\(why))"
        app?.timeline.record(.pushRejected(push: push, error: code))
    }

    package func appDidChange(from: LifecycleState, to: LifecycleState) {
        if to == .foreground, from != .foreground { hear(.opened) }
    }

    package func appWasForceQuit() {
        hear(.forceQuit)
    }

    /// The handlers still running end with the process (they never call the completion handler).
    package func appDidTerminate() {
        guard let app else { return }
        for case let window? in running.values { app.engine.cancel(window) }
        running.removeAll()
        voip?.appDidTerminate()
        hear(.terminated)
    }

    package func deviceDidChange(_ event: DeviceEvent) {
        switch event {
        case .reboot: hear(.reboot)
        case .unlock: hear(.unlock)
        case .lock: break
        }
    }

    /// `push N` and N bytes on the control socket (`bgtask push`): the payload, as `xcrun simctl push` takes
    /// it, sent now as APNs sends it; one that fails `PushPayload`'s rules is not delivered.
    package var controlVerbs: [ControlVerb] {
        [ControlVerb(Self.pushVerb, takes: .payload) { [unowned self] _, bytes in
            let payload: PushPayload
            do {
                payload = try PushPayload(bytes: bytes, file: "the pushed payload")
            } catch {
                return .error("the push was not delivered: \(error)")
            }
            let push = send(payload, headers: payload.headers)
            if let rejection = rejections[push] { return .error("push \(push) was rejected: \(rejection)") }
            return .ok("sent push \(push); the run's push.* events say what became of it")
        }]
    }

    /// A push on the control socket.
    package static let pushVerb = "push"

    /// Settled when no manifest push is still to be sent, no handler or extension runs and no push waits.
    package var isSettled: Bool {
        manifestPushesLeft == 0 && running.isEmpty && policy.pendingPush == nil && voip?.isSettled != false && service?.isSettled != false
    }

    // MARK: Decisions

    private func hear(_ event: PushPolicy.Event) {
        guard let app else { return }
        apply(policy.handle(event, at: app.engine.now, discretion: app.device.discretion.pushes))
    }

    /// The device's conditions changed (or were first read): the policy hears what of them it follows.
    private func update(_ new: DeviceConditions) {
        guard let app else { return }
        let events = policy.events(from: conditions, to: new, under: app.device.policy)
        conditions = new
        for event in events { hear(event) }
    }

    /// Carries out `decisions` in order. Every delivery among them is first told to the device's discretion
    /// (its daily push budget): the policy decided the whole list on the budget with those deliveries
    /// counted, and a delivery runs the app's code, which may send the next push.
    private func apply(_ decisions: [PushDecision]) {
        guard let app else { return }
        for case .deliver in decisions { app.device.discretion.pushWasDelivered(at: app.engine.now) }
        for decision in decisions {
            switch decision {
            case .deliver(let push): deliver(push)
            case .throttle(let push, _):
                if throttled.insert(push).inserted { app.timeline.record(.pushThrottled(push: push)) }
            case .hold(let push, let reason):
                if app.device.policy.isRealistic { app.timeline.record(.pushHeld(push: push, reason: reason)) }
            case .coalesce(let push, let by):
                payloads[push] = nil
                app.timeline.record(.pushCoalesced(push: push, by: by))
            case .drop(let push, let reason):
                payloads[push] = nil
                app.timeline.record(.pushDropped(push: push, reason: reason))
            }
        }
        if let deadline { app.engine.cancel(deadline) }
        deadline = policy.nextDeadline.map { time in
            app.engine.schedule(at: max(time, app.engine.now)) { [unowned self, unowned app] in
                deadline = nil
                apply(policy.advance(to: app.engine.now, discretion: app.device.discretion.pushes))
            }
        }
    }

    // MARK: The app's handler

    /// Hands push `push` to the app's code; its window starts once the code has returned (a completion
    /// handler called at once ends the push there).
    private func deliver(_ push: Int) {
        guard let app else { return }
        let userInfo = payloads.removeValue(forKey: push) ?? .object([])
        app.timeline.record(.pushReceived(push: push))
        app.lifecycle.begin(.push(push), reason: "push \(push)")
        running[push] = .some(nil)
        app.code.application(app, didReceiveRemoteNotification: userInfo, push: push) { [unowned self] result in
            complete(push, result)
        }
        guard running[push] != nil else { return }
        // After the work the code scheduled, so that a handler of exactly the window completes in time.
        running[push] = app.engine.schedule(after: configuration.completionWindow) { [unowned self] in windowEnded(push) }
    }

    private func complete(_ push: Int, _ result: PushFetchResult) {
        guard let app, let window = running.removeValue(forKey: push) else { return }
        window.map(app.engine.cancel)
        app.timeline.record(.pushCompleted(push: push, result: result))
        app.lifecycle.end(.push(push), reason: "push \(push): the app called the completion handler")
    }

    private func windowEnded(_ push: Int) {
        guard let app, running.removeValue(forKey: push) != nil else { return }
        app.lifecycle.terminate(reason: "push \(push): the app did not call the completion handler within "
            + DurationSyntax.format(configuration.completionWindow))
    }
}

extension AppLifecycle.Activity {
    /// A delivered push, by number, until the app calls its completion handler.
    package static func push(_ number: Int) -> Self { Self("push.\(number)", description: "push \(number)") }
}

extension ActionTrigger.Kind {
    /// `onPush:`, when a push is delivered.
    package static let push = Self("push")
}
