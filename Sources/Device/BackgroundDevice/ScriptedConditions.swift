public import BackgroundCore

/// Device conditions from a script: a starting state, timed partial changes, changes that repeat every day
/// at a time of day, and a battery that drains and charges between them.
///
/// - Offsets count from the engine's time when the source starts. Entries at offset zero (or below) make
///   up the state at the start; the others are applied on the engine at their time.
/// - Daily entries (``Entry/Moment/daily(_:)``, a time since midnight, simulation time UTC) apply every day
///   at that time. At the start the device is as the last day left it: the 24 hours before the start are
///   played (the daily entries and the battery's steps, from ``initial``) without a report, and the offset
///   entries at zero apply over that.
/// - Entries due at the same time apply in the order given, offset entries before daily ones.
/// - The battery: from the entry that names a ``ConditionsChange/drain`` rate, the level falls one whole
///   percent every ``BatteryRate/step`` while the device is on battery, down to 0; from the one that names
///   a ``ConditionsChange/charge`` rate it rises so while charging, and at 100 the device is `full`. Each
///   step is an engine event at its computed time (no polling), taken before entries due at the same
///   time; the count starts again at every change of the power source, the level or a rate.
///
/// This is the manifest's `conditions:` list. Offset entries are scheduled at the start, each its own engine
/// event (``EventEngine/schedule(inOrder:)``: only the next waits in the engine's queue); the daily entries
/// and the battery share one pending event, the next of them.
///
/// ```swift
/// let conditions = ScriptedConditions([
///     .init(daily: .seconds(7 * 3600), change: ConditionsChange(power: .battery, battery: 100, drain: BatteryRate(parsing: "5%/h"))),
///     .init(daily: .seconds(23 * 3600), change: ConditionsChange(power: .charging, charge: BatteryRate(parsing: "20%/h"))),
/// ])
/// ```
/// In a test, started at midnight, the timeline shows the device charging at 40 % at the start (as the
/// day before left it), unplugged at 100 % at 07:00, 99 % at 07:12, and so on down to 20 % at 23:00, when
/// it charges again, a percent every 3 minutes.
public final class ScriptedConditions: DeviceConditionsSource, Sendable {
    /// One step of the script: at `moment`, apply `change`.
    public struct Entry: Hashable, Sendable {
        /// When an entry applies.
        public enum Moment: Hashable, Sendable {
            /// Once, this long after the start.
            case offset(Duration)
            /// Every day at this time since midnight (0 up to 24 hours, simulation time UTC).
            case daily(Duration)
        }

        public var moment: Moment
        public var change: ConditionsChange

        public init(offset: Duration, change: ConditionsChange) {
            self.init(moment: .offset(offset), change: change)
        }

        public init(daily timeOfDay: Duration, change: ConditionsChange) {
            precondition(timeOfDay >= .zero && timeOfDay < SimCalendar.dayLength, "ScriptedConditions: a time of day in 0..<24h")
            self.init(moment: .daily(timeOfDay), change: change)
        }

        public init(moment: Moment, change: ConditionsChange) {
            self.moment = moment
            self.change = change
        }
    }

    /// The state before any entry applies (``DeviceConditions``' defaults unless given).
    public let initial: DeviceConditions
    /// The steps, in the order given (the order of entries due at the same time).
    public let entries: [Entry]

    public init(initial: DeviceConditions = DeviceConditions(), _ entries: [Entry]) {
        self.initial = initial
        self.entries = entries
    }

    public func start(on engine: EventEngine, update: @escaping (DeviceConditions) -> Void) {
        ScriptRun(entries, initial: initial, engine: engine, update: update).begin()
    }
}

/// One started script: the state, the rates, and the one pending engine event of the daily entries and
/// the battery (the offset entries are scheduled at the start, each its own event, as they always were).
/// It lives as long as the engine holds one of its events (and holds the engine unowned: no cycle).
private final class ScriptRun {
    private unowned let engine: EventEngine
    private let update: (DeviceConditions) -> Void
    private let start: SimTime
    /// Offset entries after the start, with their time.
    private var once: [(time: SimTime, change: ConditionsChange)] = []
    /// Daily entries in the order given, with the time each next applies.
    private var daily: [(next: SimTime, change: ConditionsChange)] = []
    private var current: DeviceConditions
    private var drain: BatteryRate?
    private var charge: BatteryRate?
    /// When the battery's current step began.
    private var stepStart: SimTime
    /// The pending event of the daily entries and the battery, and its time.
    private var timer: (id: EventID, time: SimTime)?

    init(_ entries: [ScriptedConditions.Entry], initial: DeviceConditions, engine: EventEngine, update: @escaping (DeviceConditions) -> Void) {
        self.engine = engine
        self.update = update
        start = engine.now
        current = initial
        stepStart = start
        let day = SimCalendar.dayLength
        // The day before the start, whose entries and battery steps are played without reports.
        let before = start - day
        let midnight = SimCalendar.midnight(ofDay: SimCalendar.day(of: before))
        var atStart: [(offset: Duration, change: ConditionsChange)] = []
        for entry in entries {
            switch entry.moment {
            case .offset(let offset) where offset <= .zero: atStart.append((offset, entry.change))
            case .offset(let offset): once.append((start + offset, entry.change))
            case .daily(let timeOfDay): daily.append((midnight + timeOfDay > before ? midnight + timeOfDay : midnight + timeOfDay + day, entry.change))
            }
        }
        // As the last day left the device: the day before the start played, battery included.
        if !daily.isEmpty {
            stepStart = before
            while let next = nextTime, next <= start { change(at: next, reporting: false) { applyDaily(at: next) } }
        }
        let old = (current.power, current.battery, drain, charge)
        for entry in atStart.enumerated().sorted(by: { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }) {
            apply(entry.element.change)
        }
        if (current.power, current.battery, drain, charge) != old { stepStart = start }
        settle()
    }

    func begin() {
        update(current)
        // Each its own event, in order, but only the next one in the engine's queue (a year of entries).
        engine.schedule(inOrder: once.enumerated().sorted(by: { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }).map {
            let entry = $0.element
            return (entry.time, { [self] in change(at: entry.time) { apply(entry.change) } })
        })
        reschedule()
    }

    private func apply(_ change: ConditionsChange) {
        current = change.applied(to: current)
        if let rate = change.drain { drain = rate }
        if let rate = change.charge { charge = rate }
    }

    /// A charging battery at 100 % with a charge rate is full, as `UIDevice.BatteryState.full`.
    private func settle() {
        if charge != nil, current.power == .charging, current.battery >= 100 { current.power = .full }
    }

    /// When the battery next moves by a percent, if it does.
    private var nextStep: SimTime? {
        switch current.power {
        case .battery where current.battery > 0: drain?.step.map { stepStart + $0 }
        case .charging where current.battery < 100: charge?.step.map { stepStart + $0 }
        default: nil
        }
    }

    /// The time of the next daily entry or battery step.
    private var nextTime: SimTime? { [daily.map(\.next).min(), nextStep].compactMap { $0 }.min() }

    /// Makes the pending event the next daily entry or battery step, moving it if it was elsewhere.
    private func reschedule() {
        let next = nextTime
        guard next != timer?.time else { return }
        if let timer { engine.cancel(timer.id) }
        timer = next.map { time in (engine.schedule(at: time) { [self] in fire(at: time) }, time) }
    }

    private func fire(at time: SimTime) {
        timer = nil
        change(at: time) { applyDaily(at: time) }
    }

    /// The daily entries due at `time`, in the order given.
    private func applyDaily(at time: SimTime) {
        for i in daily.indices where daily[i].next == time {
            apply(daily[i].change)
            daily[i].next = time + SimCalendar.dayLength
        }
    }

    /// The battery's step due at `time` first (it drained or charged up to that moment), then `body` (the
    /// entries due); a change of the power, the level or a rate starts the battery's count again. Then,
    /// when `reporting`, reports the conditions (listeners skip a report that changes nothing) and
    /// schedules what comes next.
    private func change(at time: SimTime, reporting: Bool = true, _ body: () -> Void) {
        if nextStep == time {
            current.battery += current.power == .battery ? -1 : 1
            stepStart = time
        }
        let before = (current.power, current.battery, drain, charge)
        body()
        if (current.power, current.battery, drain, charge) != before { stepStart = time }
        settle()
        guard reporting else { return }
        update(current)
        reschedule()
    }
}
