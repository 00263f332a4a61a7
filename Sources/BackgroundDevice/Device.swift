public import BackgroundCore

/// The emulated device an app runs on, below every background mode: it owns what is the device's and not a
/// mode's — its clock (the engine), its conditions (the manifest's `conditions:` script or the machine's,
/// ``conditions``) with their listeners, whether it is locked or has been unlocked since it restarted
/// (``change(_:)``), and when the user opened the app (``opens``, ``history``). Every mode asks the device,
/// never another mode; the user's hand that opens the app (BackgroundApp's `DeviceUser`) tells the device.
///
/// ```swift
/// let device = Device(engine: engine, timeline: timeline, conditions: ScriptedConditions(manifest.conditions))
/// device.addConditionsListener { conditions in session.update(conditions: conditions) }
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
    /// Whether the user has locked the device (and not unlocked it since).
    public private(set) var isLocked = false
    /// Whether the device has been unlocked since it last restarted (true until a restart).
    public private(set) var isUnlockedSinceRestart = true
    /// The times the user opened the app during the run (a `lifecycle` step or a `usage` entry bringing it
    /// to the foreground), in order.
    public private(set) var opens: [SimTime] = []
    /// The opens of the manifest's `usage:` in the `history:` before the run: what the system saw before.
    public private(set) var history: [SimTime] = []
    /// The system's policy: whether its discretion rules background work (`--policy realistic`). Every mode
    /// asks it here.
    public let policy: LaunchPolicy

    private let monitor: DeviceConditionsMonitor
    private var eventListeners: [(DeviceEvent) -> Void] = []

    /// A device whose conditions come from `source`, started now, under `policy`.
    public init(
        engine: EventEngine, timeline: Timeline, conditions source: any DeviceConditionsSource, policy: LaunchPolicy = .eager
    ) {
        self.engine = engine
        self.timeline = timeline
        self.policy = policy
        monitor = DeviceConditionsMonitor(engine: engine, source: source)
    }

    /// The conditions now, as the source last reported them.
    public var conditions: DeviceConditions { monitor.conditions }

    /// Adds `listener`, called with the new conditions after every change, in the order listeners were added.
    public func addConditionsListener(_ listener: @escaping (DeviceConditions) -> Void) {
        monitor.addListener(listener)
    }

    /// Adds `listener`, called after every ``change(_:)``, in the order listeners were added.
    public func addEventListener(_ listener: @escaping (DeviceEvent) -> Void) {
        eventListeners.append(listener)
    }

    /// The device's conditions as a source for a `BGTaskScheduler`: the conditions now, then each change.
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

    /// The user opened the app now.
    public func appWasOpened() {
        opens.append(engine.now)
    }

    /// The opens the system saw before the run (the manifest's `history:`), in any order.
    public func learn(history opens: [SimTime]) {
        history = (history + opens).sorted()
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
