public import BackgroundCore

// What the host tells the session: the network, the app's state, a force quit, a restart.
extension BackgroundSession {
    /// The device's network changed: waiting transfers that may now run start, running ones that may not
    /// are interrupted (they go on when they may).
    public func update(network path: NetworkPath) {
        network = path
        for transfer in ordered {
            if transfer.isRunning {
                guard let reason = waitReason(transfer), reason.isNetwork else { continue }
                _ = stopAttempt(transfer)
                save(transfer)
                timeline.record(.transferRetrying(transfer: transfer.pending.id, reason: "networkConnectionLost"))
            }
            evaluate(transfer)
        }
    }

    /// The app moved to `state`. In the foreground the rate limiter resets and a force quit's block on
    /// relaunches ends (the user opened the app); a move to the background from suspended or terminated
    /// that the session asked for is a wake by the session (the limiter's delay doubles); suspension
    /// disconnects data tasks. Whenever the app runs, queued events are delivered, then `didFinishEvents`
    /// when the session had asked for it.
    public func appDidChange(to state: LifecycleState) {
        let old = appState
        appState = state
        switch state {
        case .foreground:
            limiter.reset()
            launchesBlocked = false
        case .background:
            if old == .suspended || old == .terminated, launchAsked { limiter.sessionWokeApp() }
        case .suspended, .terminated:
            for transfer in ordered where transfer.isData {
                _ = stopAttempt(transfer)
                fail(transfer, "backgroundSessionWasDisconnected", launch: false)
            }
        }
        guard isRunning else { return }
        let events = queued
        let ended = delivering
        queued = []
        delivering = []
        events.forEach(tell)
        forget(ended)
        if launchAsked {
            launchAsked = false
            tell(.didFinishEvents)
        }
    }

    /// The user force-quit the app: every transfer fails with `userForceQuitApplication` (a download keeps
    /// its resume data, delivered when the app next runs), the app is terminated, and the session asks for
    /// no relaunch until the app comes to the foreground again.
    public func forceQuit() {
        appState = .terminated
        launchesBlocked = true
        launchAsked = false
        for transfer in ordered {
            let kept = stopAttempt(transfer)
            fail(transfer, "userForceQuitApplication", resume: transfer.isData ? nil : kept, launch: false)
        }
    }

    /// The device restarted: a force quit's block on relaunches ends ("the user must launch the app
    /// explicitly or reboot the device", docs/PUSH.md).
    public func deviceRestarted() {
        launchesBlocked = false
    }
}
