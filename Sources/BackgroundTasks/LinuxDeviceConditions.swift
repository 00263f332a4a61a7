public import BackgroundCore
import FoundationEssentials

/// The device conditions of the Linux machine itself, read from sysfs and polled on the engine.
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
/// ```swift
/// let engine = EventEngine(start: .now())
/// let scheduler = try BGTaskScheduler(engine: engine, timeline: timeline, permittedIdentifiers: ids,
///                                     backgroundModes: ["fetch"], conditions: LinuxDeviceConditions())
/// ```
/// Tests point ``root`` at a fake tree in a temporary folder and change its files between polls.
///
/// - Important: Polling schedules an action every ``pollInterval`` forever: run the engine with an end
///   time (`run(until:)`, a `LiveRun` with a stop time), never `run()` alone.
public final class LinuxDeviceConditions: DeviceConditionsSource {
    /// The folder that stands for `/`: sysfs is read below `root/sys/class`.
    public let root: String
    /// How often the source reads sysfs again.
    public let pollInterval: Duration
    /// Where idle, Low Power Mode, Background App Refresh and Low Data Mode come from.
    public let base: DeviceConditions

    public init(root: String = "/", pollInterval: Duration = .seconds(5), base: DeviceConditions = DeviceConditions()) {
        self.root = root
        self.pollInterval = pollInterval
        self.base = base
    }

    /// Reads the conditions now.
    public func read() -> DeviceConditions {
        var conditions = base
        readPower(into: &conditions)
        conditions.network = readNetwork()
        conditions.expensive = conditions.network == .cellular
        return conditions
    }

    public func start(on engine: EventEngine, update: @escaping (DeviceConditions) -> Void) {
        var last = read()
        update(last)
        // The poll reschedules itself for ever: it holds the engine weakly, or the engine's own queue would
        // keep the engine alive (LeakSanitizer found the cycle).
        func poll(_ engine: EventEngine) {
            engine.schedule(after: pollInterval) { [self, weak engine] in
                let now = read()
                if now != last {
                    last = now
                    update(now)
                }
                if let engine { poll(engine) }
            }
        }
        poll(engine)
    }

    private var sysClass: String { (root.hasSuffix("/") ? root : root + "/") + "sys/class/" }

    private func readPower(into conditions: inout DeviceConditions) {
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
            return
        }
        if let capacity = battery.capacity { conditions.battery = min(100, max(0, capacity)) }
        switch battery.status {
        case "Charging": conditions.power = .charging
        case "Full": conditions.power = externalOnline || !sawExternal ? .full : .battery
        case "Not charging": conditions.power = externalOnline ? .full : .battery
        case "Discharging": conditions.power = .battery
        default: conditions.power = externalOnline ? .charging : .battery
        }
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
