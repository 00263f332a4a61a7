public import BackgroundCore
import BackgroundDevice

// What the host tells the session: the network, the app's state, a force quit, a restart. Each is an
// event for the rules (``TransferRules``); the attempts it stops are stopped first.
extension BackgroundSession {
    /// The device's network changed: waiting transfers that may now run start, running ones that may not
    /// are interrupted (they go on when they may).
    public func update(network path: NetworkPath) {
        send(.networkChanged(path, resumes: stop(machine.interrupted(by: path, at: engine.now, discretion: discretion.transfers))))
    }

    /// The app moved to `state`. In the foreground the rate limiter resets and a force quit's block on
    /// relaunches ends (the user opened the app); a move to the background from suspended or terminated
    /// that the session asked for is a wake by the session (the limiter's delay doubles); suspension
    /// disconnects data tasks. Whenever the app runs, queued events are delivered, then `didFinishEvents`
    /// when the session had asked for it.
    public func appDidChange(to state: LifecycleState) {
        if state == .suspended || state == .terminated { _ = stop(machine.dataIDs) }
        send(.appChanged(state))
    }

    /// The user force-quit the app: every transfer fails with `userForceQuitApplication` (a download keeps
    /// its resume data, delivered when the app next runs), the app is terminated, and the session asks for
    /// no relaunch until the app comes to the foreground again.
    public func forceQuit() {
        send(.forceQuit(resumes: stop(machine.runningIDs)))
    }

    /// The device restarted: a force quit's block on relaunches ends ("the user must launch the app
    /// explicitly or reboot the device", docs/PUSH.md).
    public func deviceRestarted() {
        send(.deviceRestarted)
    }
}
