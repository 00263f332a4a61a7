import BackgroundCore
import BackgroundDevice
import Testing

@Suite struct ScriptedConditionsTests {
    /// The reports of `source` over `seconds`; a script whose battery stops or that has no daily entry
    /// leaves nothing pending. The report holds the engine unowned: a daily script always has an event
    /// pending, which holds the report, which would hold the engine (LeakSanitizer in CI).
    private func run(_ source: ScriptedConditions, for seconds: Int64 = 86_400) -> [String] {
        let engine = EventEngine(start: .defaultStart)
        var seen: [String] = []
        source.start(on: engine) { [unowned engine] c in
            seen.append("\(Int((engine.now - .defaultStart).seconds)) \(c.network) \(c.power) \(c.battery) \(c.idle)")
        }
        engine.run(until: .defaultStart + .seconds(seconds))
        let repeats = source.entries.contains { if case .daily = $0.moment { true } else { false } }
        let battery = source.entries.contains { $0.change.drain != nil || $0.change.charge != nil }
        if !battery { #expect(engine.isIdle != repeats) }
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

    // MARK: Daily entries and the battery

    private static let drain5 = BatteryRate(parsing: "5%/h")!
    private static let charge20 = BatteryRate(parsing: "20%/h")!

    /// Unplugged at 07:00 at 100 % draining 5 %/h, on the charger at 23:00 charging 20 %/h, every day.
    private static let day = ScriptedConditions([
        .init(daily: .seconds(7 * 3600), change: ConditionsChange(power: .battery, battery: 100, drain: drain5)),
        .init(daily: .seconds(23 * 3600), change: ConditionsChange(power: .charging, charge: charge20)),
    ])

    @Test func dailyEntriesRepeatEveryDayAndTheStartIsAsTheLastDayLeftIt() {
        let seen = run(Self.day, for: 3 * 86_400)
        // At midnight the device is as the day before left it: on the charger since 23:00, from 20 %.
        #expect(seen.first == "0 wifi charging 40 false")
        for day in 0..<3 {
            let unplugged = "\(day * 86_400 + 7 * 3600) wifi battery 100 false"
            let plugged = "\(day * 86_400 + 23 * 3600) wifi charging 20 false"
            #expect(seen.contains(unplugged) && seen.contains(plugged), "day \(day)")
        }
        #expect(seen.last == "259200 wifi charging 40 false")  // 23:00 to midnight: a step every 3 minutes
    }

    @Test func theBatteryMovesOneWholePercentAtComputedTimes() {
        let seen = run(Self.day, for: 86_400)
        let levels: [(time: Int, power: String, battery: Int)] = seen.map { line in
            let parts = line.split(separator: " ")
            return (Int(parts[0])!, String(parts[2]), Int(parts[3])!)
        }
        let draining = levels.filter { $0.power == "battery" }
        #expect(draining.count == 80)  // 100 at 07:00, then 99 … 21, one every 12 minutes; 20 as it is plugged in
        for (i, step) in draining.enumerated() {
            #expect(step.time == 7 * 3600 + i * 720 && step.battery == 100 - i)
        }
        let charging = levels.filter { $0.power == "charging" && $0.time >= 23 * 3600 }
        let chargeTimes: [Int] = (0...20).map { 23 * 3600 + $0 * 180 }
        #expect(charging.map(\.battery) == Array(20...40))
        #expect(charging.map(\.time) == chargeTimes)
    }

    @Test func chargingToAHundredIsFullAndUnpluggingDrainsFromThere() {
        let seen = run(ScriptedConditions([
            .init(offset: .zero, change: ConditionsChange(power: .charging, battery: 98, charge: BatteryRate(parsing: "60%/h"))),
            .init(offset: .seconds(3600), change: ConditionsChange(power: .battery, drain: BatteryRate(parsing: "10%/h"))),
        ]), for: 2 * 3600)
        #expect(seen == [
            "0 wifi charging 98 false", "60 wifi charging 99 false", "120 wifi full 100 false",
            "3600 wifi battery 100 false", "3960 wifi battery 99 false", "4320 wifi battery 98 false",
            "4680 wifi battery 97 false", "5040 wifi battery 96 false", "5400 wifi battery 95 false",
            "5760 wifi battery 94 false", "6120 wifi battery 93 false", "6480 wifi battery 92 false",
            "6840 wifi battery 91 false", "7200 wifi battery 90 false",
        ])
    }

    @Test func anEntryStartsTheBatterysCountAgainAndAnEmptyBatteryStaysEmpty() {
        let seen = run(ScriptedConditions([
            .init(offset: .zero, change: ConditionsChange(battery: 2, drain: BatteryRate(parsing: "100%/h"))),
            .init(offset: .seconds(30), change: ConditionsChange(network: .cellular)),  // no restart: not the power
            .init(offset: .seconds(50), change: ConditionsChange(battery: 2)),           // restart at 50 s
        ]), for: 3600)
        #expect(seen == [
            "0 wifi battery 2 false", "30 cellular battery 2 false", "36 cellular battery 1 false",
            "50 cellular battery 2 false", "86 cellular battery 1 false", "122 cellular battery 0 false",
        ])
    }

    @Test func theSameScriptGivesTheSameReportsAndOneEventIsPendingAtATime() {
        let start = SimTime.defaultStart + .seconds(12 * 3600 + 17)
        let engine = EventEngine(start: start)
        var levels: [Int] = []
        Self.day.start(on: engine) { levels.append($0.battery) }
        // As the morning left it: unplugged at 100 % at 07:00, 25 steps of 12 minutes to 75 % at 12:00; the
        // next step at 12:12, 703 s from the start.
        #expect(levels == [75] && engine.nextEventTime == start + .seconds(703))
        engine.run(until: start + .seconds(703))
        #expect(levels == [75, 74] && engine.nextEventTime == start + .seconds(1423))
        #expect(run(Self.day, for: 5 * 86_400) == run(Self.day, for: 5 * 86_400))
    }

    @Test func batteryRatesParseAndPrint() {
        #expect(BatteryRate(parsing: "5%/h")?.step == .seconds(720))
        #expect(BatteryRate(parsing: "0.5%/h")?.step == .seconds(7_200))
        #expect(BatteryRate(parsing: "0.25%/h")?.description == "0.25%/h")
        #expect(BatteryRate(parsing: "12.5%/h")?.description == "12.5%/h")
        #expect(BatteryRate(parsing: "0%/h")?.step == nil)
        for bad in ["5", "5%", "5%/d", "-5%/h", ".5%/h", "5.%/h", "5.123%/h", "x%/h", "1e3%/h"] {
            #expect(BatteryRate(parsing: bad) == nil, "\(bad)")
        }
    }
}
