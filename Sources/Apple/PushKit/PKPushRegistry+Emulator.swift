import BackgroundApp
import EmulatedFoundation

// The adapter of PushKit to the emulated device: the app's registries, the token each push kind gets, and a
// VoIP push handed to them by the app seam (BackgroundTestKit's DeviceCode), on the main queue.

/// The current process's push registries.
package enum EmulatedPushRegistries {
    private final class Weak {
        weak var registry: PKPushRegistry?
        init(_ registry: PKPushRegistry) { self.registry = registry }
    }

    private nonisolated(unsafe) static var registries: [Weak] = []

    static func adopt(_ registry: PKPushRegistry) {
        EmulatedSystem.sync {
            registries.removeAll { $0.registry == nil }
            registries.append(Weak(registry))
        }
    }

    /// The app's process ended: its registries with it.
    package static func processDidEnd() {
        registries = []
        EmulatedCallReports.reset()
    }

    /// The token of push kind `type`: 32 bytes from the app's bundle identifier, the same on every run.
    static func token(for type: PKPushType) -> Data {
        let seed = EmulatedSystem.sync { EmulatedSystem.current?.app.manifest.app ?? "" } + type.rawValue
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        return Data((0..<32).map { index in
            for byte in seed.utf8 + [UInt8(index)] { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return UInt8(truncatingIfNeeded: hash >> 32)
        })
    }

    /// A registry that now asks for a kind hears its token, later on its queue.
    static func desiredTypesChanged(_ registry: PKPushRegistry) {
        for type in registry.desiredPushTypes ?? [] {
            let credentials = PKPushCredentials(type: type, token: token(for: type))
            (registry.queue ?? .main).async { [weak registry] in
                guard let registry else { return }
                registry.delegate?.pushRegistry(registry, didUpdate: credentials, for: type)
            }
        }
    }

    /// Hands VoIP push `payload` to the delegates of the registries that ask for VoIP pushes: false when none
    /// does. `reportIncomingCall` is the system's, told when the app reports the call to CallKit;
    /// `completion` the handler's.
    package static func deliverVoIPPush(
        _ payload: [AnyHashable: Any], reportIncomingCall: @escaping () -> Void, completion: @escaping () -> Void
    ) -> Bool {
        let wanting = registries.compactMap(\.registry).filter { $0.desiredPushTypes?.contains(.voIP) == true && $0.delegate != nil }
        guard let registry = wanting.first, let delegate = registry.delegate, let system = EmulatedSystem.current else { return false }
        let handed = EmulatedCallReports.expect(reportIncomingCall)
        let push = PKPushPayload(type: .voIP, dictionaryPayload: payload)
        // On the main queue, whichever queue the registry was made with (the device's thread).
        let finish = MainQueueCall {
            EmulatedCallReports.finished(handed)
            completion()
        }
        delegate.pushRegistry(registry, didReceiveIncomingPushWith: push, for: .voIP) {
            system.post { finish.body() }
        }
        return true
    }
}
