import BackgroundCore
import BackgroundTasks
import Testing

@Suite struct ScriptedConditionsTests {
    private func run(_ source: ScriptedConditions, for seconds: Int64 = 86_400) -> [String] {
        let engine = EventEngine(start: .defaultStart)
        var seen: [String] = []
        source.start(on: engine) { c in
            seen.append("\(Int((engine.now - .defaultStart).seconds)) \(c.network) \(c.power) \(c.battery) \(c.idle)")
        }
        engine.run(until: .defaultStart + .seconds(seconds))
        #expect(engine.isIdle)
        return seen
    }

    @Test func reportsTheStartStateWithZeroOffsetEntriesApplied() {
        let seen = run(ScriptedConditions(initial: DeviceConditions(battery: 50), [
            .init(offset: .zero, change: ConditionsChange(network: .cellular)),
            .init(offset: .zero, change: ConditionsChange(battery: 80)),
        ]))
        #expect(seen == ["0 cellular battery 80 false"])
    }

    @Test func appliesChangesAtTheirOffsetsKeepingOtherKeys() {
        let seen = run(ScriptedConditions([
            .init(offset: .seconds(7200), change: ConditionsChange(network: DeviceConditions.Network.none)),
            .init(offset: .seconds(3600), change: ConditionsChange(power: .charging, idle: true)),
        ]))
        #expect(seen == ["0 wifi battery 100 false", "3600 wifi charging 100 true", "7200 none charging 100 true"])
    }

    @Test func equalOffsetsApplyInTheOrderGiven() {
        let seen = run(ScriptedConditions([
            .init(offset: .seconds(60), change: ConditionsChange(battery: 10)),
            .init(offset: .seconds(60), change: ConditionsChange(battery: 20)),
        ]))
        #expect(seen.last == "60 wifi battery 20 false")
    }

    @Test func offsetsCountFromTheEngineTimeAtStart() {
        let engine = EventEngine(start: .defaultStart)
        engine.advance(by: .seconds(1000))
        var times: [SimTime] = []
        ScriptedConditions([.init(offset: .seconds(10), change: ConditionsChange(idle: true))])
            .start(on: engine) { _ in times.append(engine.now) }
        engine.run()
        #expect(times == [.defaultStart + .seconds(1000), .defaultStart + .seconds(1010)])
    }
}
