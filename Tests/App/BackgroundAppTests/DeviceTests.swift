import BackgroundApp
import BackgroundCore
import BackgroundDevice
import BackgroundScheduler
import Testing

/// The device owns its conditions, their listeners and its lock state; every listener hears every change,
/// in the order added, and a scheduler fed by it sees the same conditions (issue 25).
@Suite struct DeviceTests {
    static func script() -> ScriptedConditions {
        ScriptedConditions([
            .init(offset: .zero, change: ConditionsChange(network: .wifi)),
            .init(offset: .seconds(60), change: ConditionsChange(network: DeviceConditions.Network.none)),
            .init(offset: .seconds(90), change: ConditionsChange(network: DeviceConditions.Network.none)),
            .init(offset: .seconds(120), change: ConditionsChange(network: .cellular)),
        ])
    }

    @Test func everyListenerHearsEachChangeInOrder() throws {
        let engine = EventEngine(start: .defaultStart)
        let timeline = Timeline(engine: engine, keepingEvents: true)
        let device = Device(engine: engine, timeline: timeline, conditions: Self.script())
        var heard: [String] = []
        device.addConditionsListener { heard.append("first \($0.network)") }
        device.addConditionsListener { heard.append("second \($0.network)") }
        let scheduler = try TaskScheduler(
            engine: engine, timeline: timeline, permittedIdentifiers: [], backgroundModes: [], conditions: device.conditionsFeed)
        engine.run()
        // The repeated `none` at 90 s is no change; the scheduler, added last, hears after the others.
        #expect(heard == ["first none", "second none", "first cellular", "second cellular"])
        #expect(scheduler.conditions == device.conditions && device.conditions.network == .cellular)
        #expect(timeline.events.filter { $0.kind.name == "conditions" }.count == 3)
    }

    @Test func aRestartLocksTheDeviceUntilTheFirstUnlock() {
        let engine = EventEngine(start: .defaultStart)
        let timeline = Timeline(engine: engine, keepingEvents: true)
        let device = Device(engine: engine, timeline: timeline, conditions: ScriptedConditions([]))
        var events: [DeviceEvent] = []
        device.addEventListener { events.append($0) }
        #expect(!device.isLocked && device.isUnlockedSinceRestart)
        device.change(.reboot)
        #expect(device.isLocked && !device.isUnlockedSinceRestart)
        device.change(.unlock)
        device.change(.lock)
        #expect(device.isLocked && device.isUnlockedSinceRestart)
        #expect(events == [.reboot, .unlock, .lock])
        #expect(timeline.events.map(\.kind.name) == ["device", "device", "device"])
    }
}
