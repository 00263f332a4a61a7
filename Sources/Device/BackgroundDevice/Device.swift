public import BackgroundCore

/// The emulated device an app runs on, below every background mode: it owns what is the device's and not a
/// mode's — its clock (the engine), its conditions (the manifest's `conditions:` script or the machine's,
/// ``conditions``) with their listeners, whether it is locked or has been unlocked since it restarted
/// (``change(_:)``), and the system's discretion (``discretion``: the policy, the one usage history — when the
/// app came to the foreground, ``opens``, and the opens before the run, ``history`` — the critical-battery
/// rule and the energy, push and data budgets). Every mode asks the device, never another mode; the app
/// tells the device each time it comes to the foreground (``appWasOpened()``).
///
/// ```swift
/// let device = Device(engine: engine, timeline: timeline, conditions: ScriptedConditions(manifest.conditions))
/// device.addConditionsListener { conditions in session.update(conditions: conditions) }
/// let scheduler = try TaskScheduler(engine: engine, timeline: timeline, permittedIdentifiers: ids,
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
    /// The system's discretion on this device: the policy, the usage history, the critical-battery rule and
    /// the budgets. The scheduler, the pushes and the transfers ask it (``SystemDiscretion``).
    public let discretion: SystemDiscretion
    /// When the device started: the usage history's opens before it are the ``history``.
    private let start: SimTime

    private let monitor: DeviceConditionsMonitor
    private var eventListeners: [(DeviceEvent) -> Void] = []

    /// A device whose conditions come from `source`, started now, under `policy` with the discretion's
    /// numbers `discretion`.
    public init(
        engine: EventEngine, timeline: Timeline, conditions source: any DeviceConditionsSource, policy: LaunchPolicy = .eager,
        discretion: SystemDiscretion.Configuration = SystemDiscretion.Configuration()
    ) {
        self.engine = engine
        self.timeline = timeline
        self.discretion = SystemDiscretion(policy: policy, configuration: discretion)
        start = engine.now
        monitor = DeviceConditionsMonitor(engine: engine, source: source)
    }

    /// The conditions now, as the source last reported them.
    public var conditions: DeviceConditions { monitor.conditions }

    /// Adds `listener`, called with the new conditions after every change, in the order listeners were added.
    public func addConditionsListener(_ listener: @escaping (DeviceConditions) -> Void) {
        monitor.addListener(listener)
    }

    /// The world changes the device's conditions now (a test's hand, `EmulatedDevice.set(conditions:)`):
    /// `change` over the conditions now, recorded and told to the listeners as the source's reports are. The
    /// source's next report (the `conditions:` script's next entry or battery step) is its own state again.
    package func change(conditions change: ConditionsChange) {
        monitor.report(change.applied(to: conditions))
    }

    /// Adds `listener`, called after every ``change(_:)``, in the order listeners were added.
    public func addEventListener(_ listener: @escaping (DeviceEvent) -> Void) {
        eventListeners.append(listener)
    }

    /// The device's conditions as a source for a `TaskScheduler`: the conditions now, then each change.
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

    /// The system's policy: whether its discretion rules background work (`--policy realistic`). Every mode
    /// asks it here.
    public var policy: LaunchPolicy { discretion.policy }

    /// The times the app came to the foreground since the device started (the user's opens, launches into
    /// the foreground included), in order: the usage history's run part.
    public var opens: [SimTime] { discretion.opens.filter { $0 >= start } }

    /// The opens the system saw before the run (the manifest's `usage:` in its `history:`): the usage
    /// history's part before the device started.
    public var history: [SimTime] { discretion.opens.filter { $0 < start } }

    /// The app came to the foreground now: the usage history records it.
    public func appWasOpened() {
        discretion.appWasOpened(at: engine.now)
    }

    /// The opens the system saw before the run (the manifest's `history:`), in any order.
    public func learn(history opens: [SimTime]) {
        discretion.learn(history: opens)
    }

    /// The device's conditions passed on to one listener.
    private final class Feed: DeviceConditionsSource {
        unowned let device: Device

        init(device: Device) { self.device = device }

        func start(on engine: EventEngine, update: @escaping (DeviceConditions) -> Void) {
            update(device.conditions)
            device.addConditionsListener(update)
        }
    }
}
