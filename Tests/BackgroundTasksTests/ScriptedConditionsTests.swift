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

    @Test func expensiveFollowsTheNetworkUnlessAnEntryNamesIt() {
        let engine = EventEngine(start: .defaultStart)
        var seen: [String] = []
        ScriptedConditions([
            .init(offset: .zero, change: ConditionsChange(network: .cellular)),
            .init(offset: .seconds(60), change: ConditionsChange(network: .cellular, expensive: false)),
            .init(offset: .seconds(120), change: ConditionsChange(battery: 50, lowDataMode: true)),
            .init(offset: .seconds(180), change: ConditionsChange(network: .wifi)),
            .init(offset: .seconds(240), change: ConditionsChange(expensive: true)),
            .init(offset: .seconds(300), change: ConditionsChange(network: .cellular, lowDataMode: false)),
        ]).start(on: engine) { c in seen.append("\(c.network) \(c.expensive) \(c.lowDataMode)") }
        engine.run(until: .defaultStart + .seconds(3600))
        #expect(seen == [
            "cellular true false", "cellular false false", "cellular false true", "wifi false true", "wifi true true",
            "cellular true false",
        ])
        #expect(DeviceConditions(network: .cellular).expensive && !DeviceConditions().expensive)
        #expect(!DeviceConditions(network: .cellular, expensive: false).expensive && !DeviceConditions().lowDataMode)
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
