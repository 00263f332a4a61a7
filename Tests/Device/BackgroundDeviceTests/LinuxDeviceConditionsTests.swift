import BackgroundCore
import BackgroundDevice
import BackgroundTestKit
import Foundation
import Testing

@Suite struct LinuxDeviceConditionsTests {
    /// A fake sysfs tree in a temporary folder: paths relative to `sys/class/` and their contents; a path
    /// ending in `/` is a folder.
    struct FakeSysfs {
        let folder: TemporaryFolder
        var root: String { folder.path }

        init(_ files: [String: String]) throws {
            folder = try TemporaryFolder()
            try write(files)
        }

        func write(_ files: [String: String]) throws {
            for (path, contents) in files {
                let name = "sys/class/" + path
                if path.hasSuffix("/") {
                    try FileManager.default.createDirectory(atPath: root + "/" + name, withIntermediateDirectories: true)
                } else {
                    try folder.write(name, contents + "\n")
                }
            }
        }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let files: [String: String]
        let network: DeviceConditions.Network
        let power: DeviceConditions.Power
        let battery: Int
        var testDescription: String { name }
    }

    static let laptop: [String: String] = [
        "power_supply/AC/type": "Mains", "power_supply/AC/online": "0",
        "power_supply/BAT0/type": "Battery", "power_supply/BAT0/capacity": "57",
        "power_supply/BAT0/status": "Discharging",
    ]

    static let cases: [Case] = [
        Case(name: "nothing listed: a desktop, no network", files: ["net/lo/operstate": "unknown"],
             network: .none, power: .full, battery: 100),
        Case(name: "laptop on battery, Wi-Fi by wireless folder",
             files: laptop.merging(["net/wlp2s0/operstate": "up", "net/wlp2s0/wireless/": ""]) { $1 },
             network: .wifi, power: .battery, battery: 57),
        Case(name: "charging over USB, cellular modem",
             files: laptop.merging(["power_supply/AC/online": "0", "power_supply/usb/type": "USB",
                                    "power_supply/usb/online": "1", "power_supply/BAT0/status": "Charging",
                                    "net/wwan0/operstate": "up"]) { $1 },
             network: .cellular, power: .charging, battery: 57),
        Case(name: "full on mains, ethernet counts as Wi-Fi, down Wi-Fi ignored",
             files: laptop.merging(["power_supply/AC/online": "1", "power_supply/BAT0/status": "Full",
                                    "net/enp3s0/operstate": "up", "net/wlan0/operstate": "down"]) { $1 },
             network: .wifi, power: .full, battery: 57),
        Case(name: "not charging on mains is full; Wi-Fi wins over cellular",
             files: laptop.merging(["power_supply/AC/online": "1", "power_supply/BAT0/status": "Not charging",
                                    "net/wwan0/operstate": "up", "net/wlan0/operstate": "up"]) { $1 },
             network: .wifi, power: .full, battery: 57),
        Case(name: "a ww interface with a wireless folder is Wi-Fi",
             files: ["net/ww0/operstate": "up", "net/ww0/phy80211/": ""],
             network: .wifi, power: .full, battery: 100),
        Case(name: "loopback up alone is no network; mains off without battery is battery",
             files: ["net/lo/operstate": "up", "power_supply/AC/type": "Mains", "power_supply/AC/online": "0"],
             network: .none, power: .battery, battery: 100),
    ]

    @Test(arguments: cases)
    func readsPowerAndNetwork(_ c: Case) throws {
        let sysfs = try FakeSysfs(c.files)
        let base = DeviceConditions(idle: true, lowPower: true, backgroundRefresh: false, expensive: true, lowDataMode: true)
        let conditions = LinuxDeviceConditions(root: sysfs.root, base: base).read()
        #expect(conditions.network == c.network)
        #expect(conditions.expensive == (c.network == .cellular), "the interface kind decides, not the base")
        #expect(conditions.lowDataMode, "Low Data Mode comes from the base")
        #expect(conditions.power == c.power)
        #expect(conditions.battery == c.battery)
        #expect(conditions.idle && conditions.lowPower && !conditions.backgroundRefresh)
    }

    @Test func pollsOnTheEngineWithABatteryAndReportsOnlyChanges() throws {
        let sysfs = try FakeSysfs(Self.laptop.merging(["net/eth0/operstate": "up"]) { $1 })
        let engine = EventEngine(start: .defaultStart)
        var seen: [String] = []
        let source = LinuxDeviceConditions(root: sysfs.root, pollInterval: .seconds(10))
        source.start(on: engine) { [unowned engine] c in  // unowned: no engine-closure cycle
            seen.append("\(Int((engine.now - .defaultStart).seconds)) \(c.network) \(c.power) \(c.battery)")
        }
        engine.run(until: .defaultStart + .seconds(25))
        try sysfs.write(["net/eth0/operstate": "down", "power_supply/AC/online": "1",
                         "power_supply/BAT0/status": "Charging", "power_supply/BAT0/capacity": "58"])
        engine.run(until: .defaultStart + .seconds(60))
        withExtendedLifetime(source) {}
        #expect(seen == ["0 wifi battery 57", "30 none charging 58"])
    }

    /// Without a battery only the kernel's events bring a change: on virtual time, where they do not
    /// arrive, the conditions stay as read at the start, and nothing is scheduled.
    @Test func withoutABatteryNothingPolls() throws {
        let sysfs = try FakeSysfs(["power_supply/AC/type": "Mains", "power_supply/AC/online": "1", "net/eth0/operstate": "up"])
        let engine = EventEngine(start: .defaultStart)
        var seen: [DeviceConditions.Network] = []
        let source = LinuxDeviceConditions(root: sysfs.root, pollInterval: .seconds(10))
        source.start(on: engine) { seen.append($0.network) }
        try sysfs.write(["net/eth0/operstate": "down"])
        engine.run(until: .defaultStart + .seconds(3600))
        withExtendedLifetime(source) {}
        #expect(seen == [.wifi])
        #expect(engine.nextEventTime == nil, "no poll is scheduled")
    }
}
