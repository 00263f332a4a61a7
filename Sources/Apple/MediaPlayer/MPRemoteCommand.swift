/// A command from outside the app — the lock screen, headphone buttons, a car; MPRIS on Linux — as Apple's
/// `MPRemoteCommand`: the handlers the app adds run, in the order added, on the main queue when the command
/// comes. A command without a handler, or disabled, does nothing.
///
/// ```swift
/// let center = MPRemoteCommandCenter.shared()
/// let token = center.togglePlayPauseCommand.addTarget { [unowned self] _ in
///     if player.isPlaying { player.pause() } else { player.play() }
///     return .success
/// }
/// center.togglePlayPauseCommand.removeTarget(token)
/// ```
open class MPRemoteCommand: NSObject, @unchecked Sendable {
    /// A handler added with ``addTarget(handler:)``: the object it returns, and by which it is removed.
    private final class Target {
        let handler: (MPRemoteCommandEvent) -> MPRemoteCommandHandlerStatus
        init(_ handler: @escaping (MPRemoteCommandEvent) -> MPRemoteCommandHandlerStatus) { self.handler = handler }
    }

    let lock = NSLock()
    private var enabled = true
    private var targets: [Target] = []

    override init() {}

    /// Whether the command reaches the app (true by default): a disabled command's events are not sent.
    open var isEnabled: Bool {
        get { lock.withLock { enabled } }
        set { lock.withLock { enabled = newValue } }
    }

    /// Adds `handler`, called with each event of the command; returns the object that ``removeTarget(_:)``
    /// takes to remove it.
    @discardableResult
    open func addTarget(handler: @escaping (MPRemoteCommandEvent) -> MPRemoteCommandHandlerStatus) -> Any {
        let target = Target(handler)
        lock.withLock { targets.append(target) }
        return target
    }

    /// Removes the handler `target` (what ``addTarget(handler:)`` returned); nil removes every handler.
    open func removeTarget(_ target: Any?) {
        lock.withLock {
            guard let target else { return targets.removeAll() }
            targets.removeAll { $0 === target as AnyObject }
        }
    }

    /// Whether the app has added a handler that is still there.
    var hasTargets: Bool { lock.withLock { !targets.isEmpty } }

    /// Runs the handlers with `event`, if the command is enabled: their answers, none when nothing ran.
    func send(_ event: MPRemoteCommandEvent) -> [MPRemoteCommandHandlerStatus] {
        let handlers = lock.withLock { enabled ? targets.map(\.handler) : [] }
        return handlers.map { $0(event) }
    }

    /// The app's process ended: its handlers with it, and the command enabled again.
    func reset() {
        lock.withLock {
            targets.removeAll()
            enabled = true
        }
    }
}
