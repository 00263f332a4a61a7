import BackgroundApp
import BackgroundCore
import BackgroundTasks
import Foundation
import Testing

@Suite struct AppSimulatorTests {
    static let manifest = """
        app: com.example.app
        backgroundModes: [fetch, processing]
        permittedIdentifiers: [r, u]
        tasks:
          r: {kind: refresh, earliestBegin: 1h, work: 10s, resubmit: true}
          u: {kind: processing, requiresExternalPower: true, work: 2m}
        submitAtLaunch: [r, u]
        conditions:
          - {at: 0s, idle: true}
          - {at: 150m, power: charging}
          - {at: 151m, idle: false}
        """

    private func simulate(_ yaml: String, hours: Int64) throws -> [String] {
        let engine = EventEngine(start: .defaultStart)
        let timeline = Timeline(engine: engine, keepingEvents: true)
        let simulator = try AppSimulator(manifest: AppManifest(yaml: yaml, file: "app.yaml"), engine: engine, timeline: timeline)
        simulator.launch()
        engine.run(until: .defaultStart + .seconds(hours * 3600))
        return timeline.events.compactMap { event in
            let seconds = Int((event.time - .defaultStart).seconds)
            let at = seconds % 60 == 0 ? "\(seconds / 60)m" : "\(seconds / 60)m\(seconds % 60)s"
            switch event.kind {
            case .taskSubmitted(let task, _, _): return "\(at) submitted \(task)"
            case .taskLaunched(let task): return "\(at) launched \(task)"
            case .taskExpired(let task): return "\(at) expired \(task)"
            case .taskCompleted(let task, let success): return "\(at) completed \(task) \(success)"
            case .taskRejected(let task, let error): return "\(at) rejected \(task) \(error)"
            default: return nil
            }
        }
    }

    @Test func runsWorkResubmitsAndFollowsTheConditions() throws {
        let events = try simulate(Self.manifest, hours: 3)
        #expect(events == [
            "0m submitted r", "0m submitted u",
            "60m launched r", "60m submitted r", "60m10s completed r true",
            "120m launched r", "120m submitted r", "120m10s completed r true",
            "150m launched u", "151m expired u", "151m completed u false",
            "180m launched r", "180m submitted r",
        ])
    }

    @Test func sameManifestSameTimeline() throws {
        #expect(try simulate(Self.manifest, hours: 48) == simulate(Self.manifest, hours: 48))
    }

    @Test func rejectionsShowInTheTimeline() throws {
        let yaml = Self.manifest.replacingOccurrences(of: "backgroundModes: [fetch, processing]", with: "backgroundModes: [fetch]")
        let events = try simulate(yaml, hours: 1)
        #expect(events.contains("0m rejected u notPermitted"))
    }

    @Test func refusesTasksThatRunCommands() throws {
        let yaml = "app: x\ntasks:\n  a:\n    kind: refresh\n    run: ./sync.sh\n"
        let engine = EventEngine(start: .defaultStart)
        #expect(throws: InputError(file: "app.yaml", place: .key("tasks.a.run", line: 3),
                                   message: "running commands is not supported yet; use 'work: DURATION' to simulate the task's work")) {
            try AppSimulator(manifest: AppManifest(yaml: yaml, file: "app.yaml"), engine: engine, timeline: Timeline(engine: engine))
        }
    }
}
