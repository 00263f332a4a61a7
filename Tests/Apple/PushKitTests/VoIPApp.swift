import CallKit
import PushKit
import UIKit

/// A VoIP app as iOS apps write it: a PushKit registry made at launch, and each push reported to CallKit
/// before the handler completes — or, in the buggy version, not reported.
final class VoIPApp: UIResponder, UIApplicationDelegate, PKPushRegistryDelegate {
    let registry = PKPushRegistry(queue: .main)
    let provider = CXProvider(configuration: CXProviderConfiguration())
    /// Whether the app's version reports its calls (every process of it: a relaunch makes a new delegate).
    nonisolated(unsafe) static var reportsCalls = true
    /// Every push any process of the app got, with the caller.
    nonisolated(unsafe) static var pushes: [(Date, String?)] = []
    var token: Data?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        registry.delegate = self
        registry.desiredPushTypes = [.voIP]
        return true
    }

    nonisolated func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType) {
        MainActor.assumeIsolated { token = pushCredentials.token }
    }

    nonisolated func pushRegistry(
        _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType,
        completion: @escaping @Sendable () -> Void
    ) {
        MainActor.assumeIsolated { handle(payload, completion: completion) }
    }

    func handle(_ payload: PKPushPayload, completion: @escaping @Sendable () -> Void) {
        Self.pushes.append((Date(), payload.dictionaryPayload["caller"] as? String))
        guard Self.reportsCalls else { return completion() }
        let update = CXCallUpdate()
        update.remoteHandle = CXHandle(type: .generic, value: payload.dictionaryPayload["caller"] as? String ?? "?")
        provider.reportNewIncomingCall(with: UUID(), update: update) { _ in completion() }
    }
}
