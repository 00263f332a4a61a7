import BackgroundCore
import BackgroundDevice
import Testing

/// The device's conditions kept once (issue 33): a report equal to the last is no change, each change is
/// recorded once when the monitor has a timeline, and listeners hear it in the order they were added.
@Suite struct DeviceConditionsMonitorTests {
    @Test func aChangeIsRecordedOnceThenToldInOrder() {
        let engine = EventEngine(start: .defaultStart)
        let timeline = Timeline(engine: engine, keepingEvents: true)
        let source = ScriptedConditions([
            .init(offset: .seconds(60), change: ConditionsChange(network: .cellular)),
            .init(offset: .seconds(120), change: ConditionsChange(network: .cellular)),
            .init(offset: .seconds(180), change: ConditionsChange(lowPower: true)),
        ])
        let monitor = DeviceConditionsMonitor(engine: engine, source: source, recordingOn: timeline)
        var heard: [String] = []
        monitor.addListener { heard.append("first \($0.network) \($0.lowPower)") }
        monitor.addListener { heard.append("second \($0.network) \($0.lowPower)") }
        engine.run(until: engine.now + .seconds(600))
        #expect(timeline.events.map(\.kind.name) == ["conditions", "conditions", "conditions"])
        #expect(heard == ["first cellular false", "second cellular false", "first cellular true", "second cellular true"])
        #expect(monitor.conditions.lowPower)
    }

    @Test func withoutATimelineNothingIsRecorded() {
        let engine = EventEngine(start: .defaultStart)
        let timeline = Timeline(engine: engine, keepingEvents: true)
        let device = Device(engine: engine, timeline: timeline, conditions: ScriptedConditions([
            .init(offset: .seconds(60), change: ConditionsChange(network: DeviceConditions.Network.none)),
        ]))
        engine.run(until: engine.now + .seconds(600))
        #expect(timeline.events.isEmpty)
        #expect(device.conditions.network == .none)
    }
}
