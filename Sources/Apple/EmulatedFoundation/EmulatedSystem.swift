package import BackgroundApp
import BackgroundCore
import Dispatch
package import Foundation

/// The emulated device the app's code runs on now, as the Apple-named modules (UIKit, BackgroundTasks,
/// CoreLocation, AVFoundation) reach it: BackgroundTestKit's `EmulatedDevice` sets ``current`` while it
/// exists (one device per process at a time), and `UIApplication.shared`, `BGTaskScheduler.shared`,
/// `AVAudioSession.sharedInstance()` and every `CLLocationManager` talk to its app through it.
///
/// The emulator is not thread-safe: it runs on the main queue (the device is `@MainActor`). The app's code
/// may call Apple's API from any thread, as on iOS; ``sync(_:)`` runs such a call on the main thread,
/// ``post(_:)`` hands it over without waiting, and ``pendingPosts`` tells the device that time may not move
/// on yet.
package final class EmulatedSystem: @unchecked Sendable {
    /// The device that exists now, if any.
    package nonisolated(unsafe) static var current: EmulatedSystem?

    /// The emulated app whose modes stand for the system's services.
    package let app: EmulatedApp

    private let lock = NSLock()
    private var posts = 0

    package init(app: EmulatedApp) {
        self.app = app
    }

    /// The device's clock as a `Date`.
    package var now: Date { app.engine.now.date }

    /// Whether the caller runs on the main queue, the main actor's executor: not always the main thread (in a
    /// `swift test` process on Linux the main thread parks in `dispatchMain()` and a worker drains the queue).
    package static var isOnMainQueue: Bool {
        DispatchQueue.getSpecific(key: mainQueueKey) != nil
    }

    private static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Runs `body` on the main queue: at once when called there, else waiting for it.
    package static func sync<T>(_ body: () throws -> T) rethrows -> T {
        if isOnMainQueue { return try body() }
        return try DispatchQueue.main.sync(execute: body)
    }

    /// Runs `body` on the main thread later (at once when called there), counted in ``pendingPosts`` until it
    /// has run.
    package func post(_ body: @escaping @Sendable () -> Void) {
        if Self.isOnMainQueue { return body() }
        DispatchQueue.main.async(execute: counted(body))
    }

    /// Runs `body` on `queue` (an `OperationQueue` of the app's: a session's delegate queue), counted in
    /// ``pendingPosts`` until it has run.
    package func post(on queue: OperationQueue, _ body: @escaping @Sendable () -> Void) {
        queue.addOperation(counted(body))
    }

    /// Runs `body` on `queue` (a dispatch queue of the app's: the one a task's launch handler was registered
    /// with), counted in ``pendingPosts`` until it has run.
    package func post(on queue: DispatchQueue, _ body: @escaping @Sendable () -> Void) {
        queue.async(execute: counted(body))
    }

    /// `body`, counted in ``pendingPosts`` from now until it has run.
    private func counted(_ body: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
        lock.withLock { posts += 1 }
        return { [self] in
            body()
            lock.withLock { posts -= 1 }
        }
    }

    /// Calls handed over by ``post(_:)`` and `post(on:_:)` that have not run yet.
    package var pendingPosts: Int { lock.withLock { posts } }
}
