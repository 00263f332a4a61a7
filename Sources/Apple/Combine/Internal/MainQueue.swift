/// Whether the caller runs on the main queue (the app's main thread: where the emulated device takes the
/// timers added to the main run loop).
enum MainQueue {
    static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) != nil }

    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Runs `body` on the main queue: now when called there, else later.
    static func run(_ body: @escaping @Sendable () -> Void) {
        if isCurrent { body() } else { DispatchQueue.main.async(execute: body) }
    }
}
