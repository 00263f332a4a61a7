import BackgroundApp
import BackgroundCore
import BackgroundScheduler
import Testing

/// The lifecycle steps beyond the app's state, on virtual time: leaving with a background task, a tap
/// in the foreground, the debugger's commands (docs/MANIFEST.md, "lifecycle").
@Suite struct LifecycleStepTests {
    /// Runs an app with the task `sync` (refresh, 10 s of work, not before 5 m) and `job` (processing,
    /// 1 m), on a device with `conditions` (idle), through `lifecycle` for an hour; every lifecycle, task,
    /// background task and error event as "SECONDS name detail".
    static func run(
        _ lifecycle: String, sync: String = "{kind: refresh, earliestBegin: 5m, work: 10s}",
        conditions: String = "[{at: 0s, idle: true}]", configure: (inout EmulatedApp.Configuration) -> Void = { _ in }
    ) async throws -> [String] {
        let manifest = try AppManifest(yaml: """
            app: com.example.steps
            backgroundModes: [fetch, processing]
            permittedIdentifiers: [sync, job]
            tasks:
              sync: \(sync)
              job: {kind: processing, work: 1m}
            conditions: \(conditions)
            lifecycle: \(lifecycle)
            """, file: "app.yaml")
        var configuration = EmulatedApp.Configuration()
        configure(&configuration)
        let engine = EventEngine(start: .defaultStart)
        let timeline = Timeline(engine: engine, keepingEvents: true)
        var options = AppRecipe.Options()
        options.configuration = configuration
        let app = try AppRecipe.standard.app(manifest, engine: engine, timeline: timeline, options: options)
        app.start()
        try await app.linger(upTo: .seconds(3600))
        return timeline.events.compactMap { event in
            let at = "\(Int((event.time - .defaultStart).seconds))s"
            switch event.kind {
            case let r as LifecycleRecord: return "\(at) \(r.state.rawValue) (\(r.reason ?? ""))"
            case let r as BackgroundTaskRecord: return "\(at) \(r.name) \(r.task)"
            case let r as TaskRecord: return "\(at) \(r.name) \(r.textDetail)"
            case let r as ErrorRecord: return "\(at) error \(r.code ?? "") \(r.message)"
            default: return nil
            }
        }
    }

    @Test func leavingWithMoreWorkThanTheTimeEndsItAtTheExpiration() async throws {
        let events = try await Self.run("[{at: 0s, app: foreground}, {at: 5m, app: background, backgroundTask: 45s}]")
        #expect(events == [
            "0s foreground (launched by the user)", "300s backgroundTask.begun lifecycle[1]", "300s background (the user left the app)",
            "325s backgroundTask.expired lifecycle[1]", "325s backgroundTask.ended lifecycle[1]",
            "325s suspended (background task lifecycle[1] ended)",
        ])
    }

    @Test func leavingWithLessWorkEndsItWhenTheWorkIsDone() async throws {
        let events = try await Self.run("[{at: 0s, app: foreground}, {at: 5m, app: background, backgroundTask: 12s}]")
        #expect(events.suffix(3) == [
            "300s background (the user left the app)", "312s backgroundTask.ended lifecycle[1]",
            "312s suspended (background task lifecycle[1] ended)",
        ])
        #expect(!events.contains { $0.contains("system") }, "an app holding its own task gets no system task")
    }

    @Test func aTapInTheForegroundSubmitsAfterTheAppIsOpened() async throws {
        let events = try await Self.run("""
            [{at: 0s, app: foreground}, {at: 1m, app: background}, {at: 2m, app: forceQuit},
             {at: 10m, app: foreground, submit: job}]
            """)
        let opened = try #require(events.firstIndex(of: "600s foreground (launched by the user)"))
        let submitted = try #require(events.firstIndex(of: "600s task.submitted job (processing)"))
        #expect(opened < submitted, "\(events)")
        #expect(events.contains("600s task.launched job"))
    }

    /// Hears every action the app's modes are given, with its trigger.
    final class Listener: BackgroundMode {
        var heard: [(submit: String?, trigger: ActionTrigger.Kind, state: LifecycleState)] = []
        weak var app: EmulatedApp?
        func attach(to app: EmulatedApp) throws(InputError) { self.app = app }
        func perform(_ action: ManifestAction, trigger: ActionTrigger) {
            heard.append((action.submit, trigger.kind, app?.lifecycle.state ?? .terminated))
        }
    }

    @Test func theTapIsTheUsersInTheForeground() throws {
        let manifest = try AppManifest(yaml: """
            app: x
            backgroundModes: [processing]
            permittedIdentifiers: [job]
            tasks:
              job: {kind: processing, work: 1s}
            lifecycle:
              - {at: 0s, app: foreground}
              - {at: 1m, app: suspended}
              - {at: 2m, app: foreground, submit: job}
            """, file: "app.yaml")
        let engine = EventEngine(start: .defaultStart)
        let listener = Listener()
        let app = try EmulatedApp(manifest: manifest, engine: engine, timeline: Timeline(engine: engine), modes: [TaskMode(), listener])
        app.start()
        engine.run(until: .defaultStart + .seconds(600))
        #expect(listener.heard.map(\.submit) == ["job"])
        #expect(listener.heard.map(\.trigger) == [.user])
        #expect(listener.heard.map(\.state) == [.foreground], "performed after the app is opened")
    }

    @Test func simulateLaunchLaunchesThePendingTaskAtOnce() async throws {
        let events = try await Self.run("""
            [{at: 0s, app: foreground}, {at: 10s, app: foreground, submit: sync}, {at: 1m, app: background},
             {at: 2m, simulateLaunch: sync}]
            """, sync: "{kind: refresh, earliestBegin: 1h, work: 10s}")
        #expect(events.contains("120s task.launched sync"), "\(events)")
        #expect(events.contains("120s background (task sync launched)"))
        #expect(events.contains("130s task.completed sync succeeded"))
    }

    @Test func simulateExpirationExpiresTheRunningTask() async throws {
        let events = try await Self.run("""
            [{at: 0s, app: foreground, submit: sync}, {at: 1m, app: background},
             {at: 5m, simulateLaunch: sync}, {at: 5m3s, simulateExpiration: sync}]
            """, sync: "{kind: refresh, earliestBegin: 1h, work: 10s}")
        #expect(events.contains("303s task.expired sync"), "\(events)")
        #expect(events.contains("303s task.completed sync failed"))
    }

    @Test(arguments: [
        ("simulateLaunch: elsewhere",
         "simulateLaunch: elsewhere was not launched: it is not a permitted identifier (BGTaskSchedulerPermittedIdentifiers)"),
        ("simulateLaunch: job", "simulateLaunch: job was not launched: no request for it is pending (pending: none)"),
        ("simulateExpiration: elsewhere", "simulateExpiration: elsewhere was not expired: it is not a permitted identifier"),
        ("simulateExpiration: job", "simulateExpiration: job was not expired: no task with that identifier is running"),
    ])
    func theDebuggersCommandsSayWhyTheyDoNothing(step: String, message: String) async throws {
        let events = try await Self.run("[{at: 0s, app: foreground}, {at: 1m, \(step)}]")
        let errors = events.filter { $0.hasPrefix("60s error simulate ") }
        #expect(errors.count == 1 && errors[0].contains(message), "\(events)")
        #expect(!events.contains { $0.contains("task.launched") || $0.contains("task.expired") })
    }
}
