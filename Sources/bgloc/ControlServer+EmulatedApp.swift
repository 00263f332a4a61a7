import AppControl
import BackgroundApp
import BackgroundTasks

extension ControlServer.Handlers {
    /// What `bgloc live --app` does with each control request, on the engine's owner: the debugger's
    /// commands go to the app's scheduler; a push is refused until the app has a push mode.
    init(app: EmulatedApp) {
        let scheduler = app.mode(TaskMode.self)?.simulator.scheduler
        self.init(
            push: { _ in
                // Issue 17's PushMode delivers it: `app.mode(PushMode.self)?.send(payload, headers: payload.headers)`.
                .error("the push was not delivered: this bgloc has no push mode yet (the `pushes:` of issue 17)")
            },
            simulateLaunch: { identifier in
                guard let scheduler else { return .error("\(identifier) was not launched: the app has no task scheduler") }
                let pending = scheduler.pendingTaskRequests().map(\.identifier)
                if scheduler.simulateLaunch(forTaskWithIdentifier: identifier) { return .ok("launched \(identifier)") }
                if pending.contains(identifier) { return .error("\(identifier) was not launched: the app has not finished launching") }
                let waiting = pending.isEmpty ? "none" : pending.joined(separator: ", ")
                return .error("\(identifier) was not launched: no request for it is pending (pending: \(waiting)); the app submits it first")
            },
            simulateExpiration: { identifier in
                guard let scheduler, scheduler.simulateExpiration(forTaskWithIdentifier: identifier) else {
                    return .error("\(identifier) was not expired: no task with that identifier is running")
                }
                return .ok("expired \(identifier)")
            })
    }
}
