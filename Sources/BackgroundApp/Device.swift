public import BackgroundCore
public import BackgroundScheduler

/// The emulated device an app runs on, which owns what is the device's and not a mode's: its clock (the
/// engine), its conditions (the manifest's `conditions:` script or the machine's, ``conditions``) with their
/// listeners, the user's hand (``user``: the lifecycle script and the usage), and whether it is locked or has been unlocked since it restarted (``change(_:)``). Every
/// mode asks the device (``EmulatedApp/device``), never another mode.
///
/// ```swift
/// let device = Device(engine: engine, timeline: timeline, conditions: ScriptedConditions(manifest.conditions))
/// device.addConditionsListener { conditions in session.update(network: NetworkPath(conditions)) }
/// let scheduler = try BGTaskScheduler(engine: engine, timeline: timeline, permittedIdentifiers: ids,
///                                     backgroundModes: modes, conditions: device.conditionsFeed)
/// device.change(.reboot)   // a `device` event, then every event listener
/// ```
///
/// - Warning: Not thread-safe: use it on the engine's owner only.
public final class Device {
    /// The device's clock.
    public let engine: EventEngine
    public let timeline: Timeline
    /// The conditions now, as the source last reported them.
    public private(set) var conditions = DeviceConditions()
    /// Whether the user has locked the device (and not unlocked it since).
    public private(set) var isLocked = false
    /// Whether the device has been unlocked since it last restarted (true until a restart).
    public private(set) var isUnlockedSinceRestart = true
    /// The user's hand: what the user does to the app (the lifecycle script, the usage) and when they
    /// opened it.
    public let user: DeviceUser

    /// Kept for the device's life: a source watching the machine stops when released.
    private let source: any DeviceConditionsSource
    private var hasConditions = false
    private var conditionsListeners: [(DeviceConditions) -> Void] = []
    private var eventListeners: [(DeviceEvent) -> Void] = []

    /// A device whose conditions come from `source`, started now.
    public init(engine: EventEngine, timeline: Timeline, conditions source: any DeviceConditionsSource) {
        self.engine = engine
        self.timeline = timeline
        self.source = source
        user = DeviceUser(engine: engine)
        source.start(on: engine) { [weak self] in self?.conditionsDidChange($0) }
    }

    /// Adds `listener`, called with the new conditions after every change, in the order listeners were added.
    public func addConditionsListener(_ listener: @escaping (DeviceConditions) -> Void) {
        conditionsListeners.append(listener)
    }

    /// Adds `listener`, called after every ``change(_:)``, in the order listeners were added.
    public func addEventListener(_ listener: @escaping (DeviceEvent) -> Void) {
        eventListeners.append(listener)
    }

    /// The device's conditions as a source for a ``BGTaskScheduler``: the conditions now, then each change.
    public var conditionsFeed: any DeviceConditionsSource { Feed(device: self) }

    /// The device restarts, or is unlocked or locked: a `device` event, then every event listener.
    public func change(_ event: DeviceEvent) {
        timeline.record(.device(state: event))
        switch event {
        case .reboot: (isLocked, isUnlockedSinceRestart) = (true, false)
        case .unlock: (isLocked, isUnlockedSinceRestart) = (false, true)
        case .lock: isLocked = true
        }
        for listener in eventListeners { listener(event) }
    }

    private func conditionsDidChange(_ new: DeviceConditions) {
        guard !hasConditions || new != conditions else { return }
        hasConditions = true
        conditions = new
        for listener in conditionsListeners { listener(new) }
    }

    /// The device's conditions passed on to one listener.
    private final class Feed: DeviceConditionsSource {
        weak var device: Device?

        init(device: Device) { self.device = device }

        func start(on engine: EventEngine, update: @escaping (DeviceConditions) -> Void) {
            guard let device else { return }
            update(device.conditions)
            device.addConditionsListener(update)
        }
    }
}
