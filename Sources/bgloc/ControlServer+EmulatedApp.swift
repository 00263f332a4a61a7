import AppControl
import BackgroundApp
import BackgroundPushes
import BackgroundTasks

extension ControlServer.Handlers {
    /// What `bgloc live --app` does with each control request, on the engine's owner: the debugger's
    /// commands go to the app's scheduler, a push to its push mode (`PushMode.send`), as APNs sends it now.
    init(app: EmulatedApp) {
        let scheduler = app.mode(TaskMode.self)?.simulator.scheduler
        self.init(
            push: { payload in
                guard let pushes = app.mode(PushMode.self) else { return .error("the push was not sent: the app has no push mode") }
                let push = pushes.send(payload, headers: payload.headers)
                if let rejection = pushes.rejections[push] { return .error("push \(push) was rejected: \(rejection)") }
                return .ok("sent push \(push); the run's push.* events say what became of it")
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
