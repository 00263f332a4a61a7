public import BackgroundCore
import FoundationEssentials
import Synchronization

/// The device conditions of the Linux machine itself, read from sysfs again whenever the kernel announces
/// a change.
///
/// - Power comes from `/sys/class/power_supply`: a `Mains` or `USB*` supply whose `online` is 1 is external
///   power; the first `Battery` gives `capacity` (the battery level) and `status` (`Charging` → charging,
///   `Full` or `Not charging` on external power → full, otherwise battery). A machine without a battery is
///   on external power: `full` when a supply is online or none is listed.
/// - The network comes from `/sys/class/net/*`: interfaces whose `operstate` is `up`, except `lo`. One with
///   a `wireless` or `phy80211` entry or named `wl*` counts as Wi-Fi, `ww*` (including `wwan*`) as
///   cellular, any other (ethernet) as Wi-Fi — an unmetered path, as Wi-Fi is on a phone. Wi-Fi wins over
///   cellular; no such interface means no network.
/// - Whether the path is expensive follows the interface kind: cellular is, Wi-Fi and ethernet are not
///   (NetworkManager's `Metered` property is not read).
/// - Linux has no notion of idle, Low Power Mode, Background App Refresh or Low Data Mode: those keep the
///   values of ``base``.
///
/// sysfs tells nobody of a change (neither inotify nor poll fire on these attributes), the kernel does:
/// ``start(on:update:)`` reads the conditions once, then a thread of its own listens to the kernel's
/// power-supply uevents and rtnetlink's link messages (`MachineEvents`) and, on one that matters, posts into
/// the engine's ``EngineInbox``: the conditions are read again on the engine, and `update` is called when
/// they changed. An idle machine costs no wake-up. Only where events cannot work does the source also poll,
/// every ``pollInterval`` (nil: never):
/// - while the machine has a battery: the kernel announces a supply's change when its driver calls
///   `power_supply_changed()`, which drivers do on plugging and on charging starting or ending, but a
///   battery's capacity often drops a percent at a time without a word (ACPI batteries notify at the
///   firmware's alarm levels only), so upower polls batteries too;
/// - when the netlink sockets cannot be opened (a sandbox without netlink).
///
/// Inputs of the inbox reach the engine only in a live run (``LiveRun``): on virtual time (a replay, a
/// simulation) the events change nothing, and at most one read waits there. The watching thread ends when
/// the source is released (`TaskScheduler` keeps its source).
///
/// ```swift
/// let engine = EventEngine(start: .now())
/// let scheduler = try TaskScheduler(engine: engine, timeline: timeline, permittedIdentifiers: ids,
///                                     backgroundModes: ["fetch"], conditions: LinuxDeviceConditions())
/// ```
/// Tests point ``root`` at a fake tree in a temporary folder and change its files between polls.
///
/// - Important: On a machine with a battery the poll schedules an action every ``pollInterval`` for as
///   long as the source lives: run the engine with an end time (`run(until:)`, a `LiveRun` with a stop
///   time), never `run()` alone.
public final class LinuxDeviceConditions: DeviceConditionsSource {
    /// The folder that stands for `/`: sysfs is read below `root/sys/class`.
    public let root: String
    /// How often the source reads sysfs again while the machine has a battery (or always, when netlink
    /// cannot be opened); nil: never.
    public let pollInterval: Duration?
    /// Where idle, Low Power Mode, Background App Refresh and Low Data Mode come from.
    public let base: DeviceConditions

    /// The conditions last reported, and where they go.
    private var last: DeviceConditions?
    private var update: ((DeviceConditions) -> Void)?
    private weak var engine: EventEngine?
    private var events: MachineEvents?
    private var polling = false

    public init(root: String = "/", pollInterval: Duration? = .seconds(60), base: DeviceConditions = DeviceConditions()) {
        self.root = root
        self.pollInterval = pollInterval
        self.base = base
    }

    /// Reads the conditions now.
    public func read() -> DeviceConditions { readMachine().conditions }

    /// Reports the conditions now, then listens to the kernel (see the type's description). Call once.
    public func start(on engine: EventEngine, update: @escaping (DeviceConditions) -> Void) {
        self.engine = engine
        self.update = update
        let relay = Relay(inbox: engine.inbox, target: self)
        events = try? MachineEvents { relay.changed() }
        refresh()
    }

    /// Reads sysfs on the engine; reports a change; keeps the poll going while it is needed.
    private func refresh() {
        let now = readMachine()
        if now.conditions != last {
            last = now.conditions
            update?(now.conditions)
        }
        guard now.hasBattery || events == nil, let pollInterval, !polling, let engine else { return }
        polling = true
        // Weakly held: the engine's queue must not keep the source (and its thread) alive.
        engine.schedule(after: pollInterval) { [weak self] in
            self?.polling = false
            self?.refresh()
        }
    }

    /// Carries the watching thread's news to the engine: one read waits in the inbox at most.
    private final class Relay: Sendable {
        private let inbox: EngineInbox
        private let target: Target
        private let pending = Atomic<Bool>(false)

        /// The source, reached only from inputs the engine's owner runs.
        private final class Target: @unchecked Sendable {
            weak var source: LinuxDeviceConditions?
            init(_ source: LinuxDeviceConditions) { self.source = source }
        }

        init(inbox: EngineInbox, target: LinuxDeviceConditions) {
            self.inbox = inbox
            self.target = Target(target)
        }

        /// From the watching thread: asks the engine to read sysfs again, unless a read waits already.
        func changed() {
            guard !pending.exchange(true, ordering: .acquiringAndReleasing) else { return }
            inbox.post { [self] in
                pending.store(false, ordering: .releasing)
                target.source?.refresh()
            }
        }
    }

    private var sysClass: String { (root.hasSuffix("/") ? root : root + "/") + "sys/class/" }

    /// The conditions, and whether a battery is listed.
    private func readMachine() -> (conditions: DeviceConditions, hasBattery: Bool) {
        var conditions = base
        let hasBattery = readPower(into: &conditions)
        conditions.network = readNetwork()
        conditions.expensive = conditions.network == .cellular
        return (conditions, hasBattery)
    }

    /// Sets the power and battery level; returns whether a battery is listed.
    private func readPower(into conditions: inout DeviceConditions) -> Bool {
        let folder = sysClass + "power_supply/"
        var externalOnline = false
        var sawExternal = false
        var battery: (capacity: Int?, status: String)?
        for name in entries(of: folder) {
            let supply = folder + name + "/"
            let type = value(supply + "type") ?? ""
            if type == "Mains" || type.hasPrefix("USB") {
                sawExternal = true
                if value(supply + "online") == "1" { externalOnline = true }
            } else if type == "Battery", battery == nil {
                battery = (value(supply + "capacity").flatMap { Int($0) }, value(supply + "status") ?? "")
            }
        }
        guard let battery else {
            conditions.power = externalOnline || !sawExternal ? .full : .battery
            return false
        }
        if let capacity = battery.capacity { conditions.battery = min(100, max(0, capacity)) }
        switch battery.status {
        case "Charging": conditions.power = .charging
        case "Full": conditions.power = externalOnline || !sawExternal ? .full : .battery
        case "Not charging": conditions.power = externalOnline ? .full : .battery
        case "Discharging": conditions.power = .battery
        default: conditions.power = externalOnline ? .charging : .battery
        }
        return true
    }

    private func readNetwork() -> DeviceConditions.Network {
        let folder = sysClass + "net/"
        var result = DeviceConditions.Network.none
        for name in entries(of: folder) where name != "lo" {
            let interface = folder + name + "/"
            guard value(interface + "operstate") == "up" else { continue }
            let files = FileManager.default
            let wireless = files.fileExists(atPath: interface + "wireless")
                || files.fileExists(atPath: interface + "phy80211") || name.hasPrefix("wl")
            if !wireless, name.hasPrefix("ww") {
                result = .cellular
            } else {
                return .wifi  // Wi-Fi, or ethernet
            }
        }
        return result
    }

    private func entries(of folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    private func value(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        var text = String(decoding: data, as: UTF8.self)[...]
        while text.first?.isWhitespace == true { text.removeFirst() }
        while text.last?.isWhitespace == true { text.removeLast() }
        return String(text)
    }
}
