public import BackgroundDevice
import AppControl
import BackgroundApp
import BackgroundCore

// The test's hands (CONTRACTS §14): what the user and the world do to the device, now, each through the route
// the manifest takes for it — a `lifecycle:` step (the user's hand, DeviceUser) or a control verb (`bgtask push`)
// — so that each gives the events the manifest's step gives. Then the app's code runs until it waits.

extension EmulatedDevice {
    /// APNs delivers a push now: `payload` is the JSON text of an `.apns` file, read as `bgtask push` reads it
    /// (its `aps`, and the headers it may name), and the push goes where a manifest's push goes — the
    /// delegate's `didReceiveRemoteNotification` for a background push, PushKit's registry for a VoIP push.
    ///
    /// ```swift
    /// try await device.push(#"{"aps": {"content-available": 1}, "action": "sync"}"#)
    /// ```
    ///
    /// - Throws: `InputError` with the system's answer when the push is not delivered (not JSON, not a
    ///   payload) or is rejected (`push.rejected`), as `bgtask push` fails.
    public func push(_ payload: String) async throws {
        let reply = try await asApp { control(PushMode.pushVerb, payload: Array(payload.utf8)) }
        if !reply.succeeded { throw InputError(file: "EmulatedDevice.push(_:)", message: reply.message) }
    }

    /// The user moves the app now, as a `lifecycle:` step `{app: foreground}` or `{app: background}` does.
    public func moveApp(to state: AppState) async throws {
        try await step(.state(state == .foreground ? .foreground : .background), "EmulatedDevice.moveApp(to:)")
    }

    /// The user swipes the app away in the app switcher now (`{app: forceQuit}`).
    public func forceQuit() async throws {
        try await step(.forceQuit, "EmulatedDevice.forceQuit()")
    }

    /// The device restarts now (`{device: reboot}`): the app is terminated, and the device is locked until
    /// its first unlock.
    public func reboot() async throws {
        try await step(.device(.reboot), "EmulatedDevice.reboot()")
    }

    /// The device's conditions change now: the keys `conditions` names, as an entry of the manifest's
    /// `conditions:` does (a `conditions` event, and every rule that follows them). The script's next entry or
    /// battery step applies over its own state again.
    public func set(conditions: ConditionsChange) async throws {
        try await asApp { app.device.change(conditions: conditions) }
    }

    /// The debugger's `_simulateLaunchForTaskWithIdentifier:` now (`{simulateLaunch: ID}`): the pending
    /// request launches whatever its earliest begin date and the conditions; where the debugger does nothing,
    /// an `error` event says why.
    public func simulateLaunch(forTaskWithIdentifier identifier: String) async throws {
        try await step(.simulateLaunch(identifier), "EmulatedDevice.simulateLaunch(forTaskWithIdentifier:)")
    }

    /// The debugger's `_simulateExpirationForTaskWithIdentifier:` now (`{simulateExpiration: ID}`): the running
    /// task's expiration handler runs.
    public func simulateExpiration(forTaskWithIdentifier identifier: String) async throws {
        try await step(.simulateExpiration(identifier), "EmulatedDevice.simulateExpiration(forTaskWithIdentifier:)")
    }

    /// The `lifecycle:` step `change`, now, named `name`.
    private func step(_ change: ManifestLifecycleStep.Change, _ name: String) async throws {
        try await asApp { app.user.apply(ManifestLifecycleStep(offset: .zero, change: change), name: name) }
    }

    /// The app's control verb `verb` (`bgtask VERB`), now.
    private func control(_ verb: String, payload: [UInt8]) -> ControlReply {
        guard let command = app.controlVerbs[verb] else {
            return ControlReply(succeeded: false, message: "the app has no mode that answers \(verb)")
        }
        return command.perform("", payload)
    }
}
