import BackgroundApp
import BackgroundCore
import BackgroundScheduler
import BackgroundTestKit
import Testing

/// The CPU monitor on `run:` commands: a real busy command is measured from /proc against `--cpu-limit`
/// (here 50%/2s), killed, `resource.exceeded` recorded and the app terminated; a processing task that
/// requires external power is exempt (CONTRACTS.md §9).
@Suite(.serialized) struct CPUMonitorTests {
    /// Two busy loops in the command's group: over 50 % of one CPU even on a loaded machine.
    static let busy = #"sh -c 'while :; do :; done' & while :; do :; done"#

    /// Runs `lines` (after an app head with a refresh and a processing task) with a 50%/2s CPU limit and
    /// commands stopped after `timeLimit`; the events as "SECONDS name detail".
    private func run(_ lines: String, timeLimit: Duration = .seconds(20)) throws -> [String] {
        let folder = try TemporaryFolder()
        let engine = EventEngine(start: .defaultStart)
        let timeline = Timeline(engine: engine, keepingEvents: true)
        let manifest = try AppManifest(yaml: """
            app: com.example.news
            backgroundModes: [fetch, processing, remote-notification]
            permittedIdentifiers: [com.example.refresh, com.example.upload]
            conditions: [{at: 0s, idle: true, power: charging}]
            lifecycle: [{at: 0s, app: background}]
            \(lines)
            """, file: folder.path + "/app.yaml")
        var configuration = EmulatedApp.Configuration()
        configuration.commands.cpuLimit = CPULimit(parsing: "50%/2s")
        configuration.commands.timeLimit = timeLimit
        configuration.commands.killGrace = .milliseconds(200)
        configuration.commands.log = folder.path + "/tasks.log"
        let app = try EmulatedApp(
            manifest: manifest, engine: engine, timeline: timeline,
            modes: AppRecipe.standard.makeModes(AppRecipe.Options()).filter { !($0 is TransferMode) },
            configuration: configuration)
        app.start()
        engine.run(until: engine.now + .seconds(600))
        return timeline.events.compactMap { event in
            event.kind.name == "conditions" ? nil
                : "\(Int((event.time - .defaultStart).seconds)) \(event.kind.name) \(event.kind.textDetail)"
        }
    }

    @Test func aBusyTaskCommandIsKilledAndTheAppTerminated() throws {
        let events = try run("""
            tasks:
              com.example.refresh: {kind: refresh, run: "\(Self.busy)"}
            submitAtLaunch: [com.example.refresh]
            """)
        let exceeded = try #require(events.firstIndex { $0.hasPrefix("0 resource.exceeded cpu ") })
        #expect(events[exceeded].hasSuffix(" over the limit 50%/2s (com.example.refresh)"), "\(events)")
        #expect(events[exceeded + 1] == "0 lifecycle terminated (task com.example.refresh: the app used more CPU than the limit of 50%/2s in the background and was killed)", "\(events)")
        #expect(events.contains("0 task.completed com.example.refresh failed"))
    }

    @Test func aProcessingTaskOnExternalPowerIsExempt() throws {
        let events = try run("""
            tasks:
              com.example.upload: {kind: processing, requiresExternalPower: true, run: "\(Self.busy)"}
            submitAtLaunch: [com.example.upload]
            """, timeLimit: .seconds(3))
        #expect(events.contains("0 task.launched com.example.upload"))
        #expect(!events.contains { $0.contains("resource.exceeded") }, "\(events)")
        #expect(events.contains { $0.contains("error task com.example.upload: the command ran past its 3s limit") }, "\(events)")
    }

    @Test func aBusyPushCommandIsKilledToo() throws {
        let events = try run("""
            pushes: [{at: 1m, payload: {aps: {content-available: 1}}}]
            onPush: {run: "\(Self.busy)"}
            """)
        let exceeded = try #require(events.firstIndex { $0.hasPrefix("60 resource.exceeded cpu ") }, "\(events)")
        #expect(events[exceeded].hasSuffix(" over the limit 50%/2s"))
        #expect(events.contains("60 lifecycle terminated (push 1: the app used more CPU than the limit of 50%/2s in the background and was killed)"), "\(events)")
        #expect(!events.contains { $0.contains("push.completed") })
    }

    @Test(arguments: [("80%/60s", 0.8, 60.0), ("50%/2s", 0.5, 2.0), ("12.5%/1m", 0.125, 60.0), ("100%/90s", 1.0, 90.0)])
    func parsesTheLimit(_ text: String, _ fraction: Double, _ seconds: Double) throws {
        let limit = try #require(CPULimit(parsing: text))
        #expect(limit.fraction == fraction)
        #expect(limit.window == .seconds(seconds))
    }

    @Test(arguments: ["80", "80%", "0%/60s", "101%/60s", "80%/0s", "80%/x", "-5%/60s", "nan%/60s", "80%/60s/1"])
    func refusesAMalformedLimit(_ text: String) {
        #expect(CPULimit(parsing: text) == nil)
    }

    @Test func theDefaultIsIOSsCrashReportLimit() {
        #expect(CPULimit.default.description == "80%/60s")
        #expect(CPULimit(parsing: "80%/1m")?.description == "80%/60s")
        #expect(EmulatedApp.Configuration().commands.cpuLimit == .default)
    }
}
