import BackgroundCore
import BackgroundPushes

/// PushKit's rules for VoIP pushes in the emulated app: a VoIP push launches or wakes the app, whose
/// handler must report an incoming call to CallKit; one that does not gets the app terminated, and after
/// ``failureLimit`` such failures the system stops delivering VoIP pushes to it (`push.dropped`
/// `voipCallNotReported`). Apple, `PKPushType.voIP`: "the system terminates your app if you fail to report
/// these notifications to CallKit. If your app repeatedly fails to report VoIP notifications to CallKit,
/// the system stops launching your app for VoIP push notifications."
///
/// The pushes mode hands it the VoIP pushes APNs accepted (`pushType: voip`, numbered with the other
/// pushes); they need the `voip` background mode and are not held by the background pushes' budget.
///
/// ```swift
/// let calls = VoIPCalls(section: manifest[VoIPSection.self] ?? VoIPSection())
/// calls.deliver(3, in: app)    // push.received 3, the app woken; its handler reports the call
/// ```
package final class VoIPCalls {
    /// How many unreported VoIP pushes the system tolerates before it stops delivering them (default 3,
    /// the emulator's choice: Apple says "repeatedly").
    package static let failureLimit = 3

    package let section: VoIPSection
    /// The VoIP pushes the app did not report as calls so far.
    package private(set) var failures = 0
    private var running: [Int: EventID] = [:]

    package init(section: VoIPSection) {
        self.section = section
    }

    /// Whether a handler still runs.
    package var isSettled: Bool { running.isEmpty }

    /// Delivers VoIP push `push` to `app`, or drops it when the app failed too often.
    package func deliver(_ push: Int, in app: EmulatedApp) {
        guard failures < Self.failureLimit else {
            app.timeline.record(.pushDropped(push: push, reason: .voipCallNotReported))
            return
        }
        app.timeline.record(.pushReceived(push: push))
        app.lifecycle.begin(.push(push), reason: "VoIP push \(push)")
        running[push] = app.engine.schedule(after: section.work) { [weak self, weak app] in
            guard let self, let app, running.removeValue(forKey: push) != nil else { return }
            if section.reportsCall {
                app.lifecycle.end(.push(push), reason: "VoIP push \(push): the app reported an incoming call to CallKit")
            } else {
                failures += 1
                app.lifecycle.terminate(reason: "VoIP push \(push): the app did not report an incoming call to CallKit")
            }
        }
    }

    /// The handlers end with the process.
    package func appDidTerminate(in app: EmulatedApp) {
        for (_, event) in running { app.engine.cancel(event) }
        running.removeAll()
    }
}
