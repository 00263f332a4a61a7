import BackgroundCore
import BackgroundPushes
package import JSON

/// PushKit's rules for VoIP pushes in the emulated app: a VoIP push launches or wakes the app and is handed
/// to its code (``AppCode/pushRegistry(_:didReceiveIncomingVoIPPush:push:reportIncomingCall:completion:)``),
/// whose handler must report an incoming call to CallKit before it completes; one that does not gets the
/// app terminated, and after
/// ``failureLimit`` such failures the system stops delivering VoIP pushes to it (`push.dropped`
/// `voipCallNotReported`). Apple, `PKPushType.voIP`: "the system terminates your app if you fail to report
/// these notifications to CallKit. If your app repeatedly fails to report VoIP notifications to CallKit,
/// the system stops launching your app for VoIP push notifications."
///
/// The pushes mode hands it the VoIP pushes APNs accepted (`pushType: voip`, numbered with the other
/// pushes); they need the `voip` background mode and are not held by the background pushes' budget.
///
/// ```swift
/// let calls = VoIPCalls()
/// calls.deliver(3, payload: .object([]), in: app)    // push.received 3, the app woken; its code reports the call
/// ```
package final class VoIPCalls {
    /// How many unreported VoIP pushes the system tolerates before it stops delivering them (default 3,
    /// the emulator's choice: Apple says "repeatedly").
    package static let failureLimit = 3

    /// The VoIP pushes the app did not report as calls so far.
    package private(set) var failures = 0
    /// The pushes whose handler has not completed, and whether it reported the call.
    private var running: [Int: Bool] = [:]

    package init() {}

    /// Whether a handler still runs.
    package var isSettled: Bool { running.isEmpty }

    /// Delivers VoIP push `push` with its payload to `app`'s code, or drops it when the app failed too often.
    package func deliver(_ push: Int, payload: JSONValue, in app: EmulatedApp) {
        guard failures < Self.failureLimit else {
            app.timeline.record(.pushDropped(push: push, reason: .voipCallNotReported))
            return
        }
        app.timeline.record(.pushReceived(push: push))
        app.lifecycle.begin(.push(push), reason: "VoIP push \(push)")
        running[push] = false
        app.code.pushRegistry(
            app, didReceiveIncomingVoIPPush: payload, push: push,
            reportIncomingCall: { [unowned self] in
                if running[push] != nil { running[push] = true }
            },
            completion: { [unowned self, unowned app] in
                complete(push, in: app)
            })
    }

    /// The handler completed: the app goes on if it reported the call, and is terminated if not.
    private func complete(_ push: Int, in app: EmulatedApp) {
        guard let reported = running.removeValue(forKey: push) else { return }
        if reported {
            app.lifecycle.end(.push(push), reason: "VoIP push \(push): the app reported an incoming call to CallKit")
        } else {
            failures += 1
            app.lifecycle.terminate(reason: "VoIP push \(push): the app did not report an incoming call to CallKit")
        }
    }

    /// The handlers end with the process.
    package func appDidTerminate() {
        running.removeAll()
    }
}
