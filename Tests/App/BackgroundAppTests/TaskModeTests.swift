import BackgroundApp
import BackgroundCore
import BackgroundScheduler
import Testing

/// The rules Apple states that an app's tasks can break (CONTRACTS.md §9), in the emulated app on virtual
/// time: the expiration handler shortly before the time is up and the kill of an app that ignores it, and
/// the exceptions of a late or missing registration.
@Suite struct TaskModeTests {
    /// Runs `tasks` (the lines under `tasks:`) of an app that submits `com.example.refresh` at launch, for
    /// an hour; the task, termination and error events as "SECONDS what".
    private func run(_ tasks: String, lifecycle: String = "[{at: 0s, app: background}]", submit: String = "[com.example.refresh]") throws -> [String] {
        let engine = EventEngine(start: .defaultStart)
        let timeline = Timeline(engine: engine, keepingEvents: true)
        let manifest = try AppManifest(yaml: """
            app: com.example.news
            backgroundModes: [fetch]
            permittedIdentifiers: [com.example.refresh]
            tasks:
            \(tasks)
            submitAtLaunch: \(submit)
            lifecycle: \(lifecycle)
            """, file: "app.yaml")
        let app = try EmulatedApp(manifest: manifest, engine: engine, timeline: timeline, modes: [TaskMode()])
        app.start()
        engine.run(until: .defaultStart + .seconds(3600))
        return timeline.events.compactMap { event in
            let at = "\(Int((event.time - .defaultStart).seconds))"
            switch event.kind {
            case let r as TaskRecord: return "\(at) \(r.name) \(r.textDetail)"
            case let r as LifecycleRecord where r.state == .terminated: return "\(at) terminated (\(r.reason ?? ""))"
            case let r as ErrorRecord: return "\(at) error \(r.code ?? "") \(r.message)"
            default: return nil
            }
        }
    }

    @Test func theHandlerRunsShortlyBeforeTheTimeIsUpAndCompletes() throws {
        let events = try run("  com.example.refresh: {kind: refresh, work: 45s}")
        #expect(events.suffix(2) == ["25 task.expired com.example.refresh", "25 task.completed com.example.refresh failed"])
        #expect(!events.contains { $0.contains("terminated") })
    }

    @Test func anAppThatIgnoresTheExpirationIsTerminatedWhenTheTimeIsUp() throws {
        let events = try run("  com.example.refresh: {kind: refresh, work: 45s, onExpiration: ignore}")
        #expect(events.suffix(3) == [
            "25 task.expired com.example.refresh",
            "30 terminated (task com.example.refresh: its time was up and the app had not called setTaskCompleted(success:))",
            "30 task.completed com.example.refresh failed",
        ])
    }

    @Test func anAppThatIgnoresTheExpirationButFinishesInTimeLives() throws {
        let events = try run("  com.example.refresh: {kind: refresh, work: 28s, onExpiration: ignore}")
        #expect(events.suffix(2) == ["25 task.expired com.example.refresh", "28 task.completed com.example.refresh failed"])
        #expect(!events.contains { $0.contains("terminated") })
    }

    @Test func registeringAfterLaunchCrashesTheApp() throws {
        let events = try run("  com.example.refresh: {kind: refresh, work: 5s, register: afterLaunch}")
        let crash = try #require(events.first { $0.contains("terminated") })
        #expect(crash.hasPrefix("0 terminated (the app crashed: cannot register com.example.refresh after the app finished launching: "
            + "All launch handlers must be registered before application finishes launching (NSInternalInconsistencyException)"))
    }

    @Test func aLaunchWithoutAHandlerCrashesTheApp() throws {
        let events = try run("  com.example.refresh: {kind: refresh, work: 5s, register: never}")
        #expect(events.contains("0 terminated (the app crashed: No launch handler registered for task with identifier com.example.refresh (NSInternalInconsistencyException))"), "\(events)")
        #expect(!events.contains { $0.contains("task.launched") })
    }

    /// WWDC19 707: tasks can be submitted from an extension, and always run in the main app.
    @Test func anExtensionSubmitsAndTheTaskRunsInTheApp() throws {
        let events = try run("  com.example.refresh: {kind: refresh, work: 5s}",
                             lifecycle: "[{at: 0s, app: background}, {at: 2m, app: terminated}, {at: 3m, extension: com.example.keyboard, submit: com.example.refresh}]",
                             submit: "[]")
        #expect(events.contains("180 task.submitted com.example.refresh (refresh) from com.example.keyboard"), "\(events)")
        #expect(events.contains("180 task.launched com.example.refresh"), "\(events)")
        #expect(events.contains("185 task.completed com.example.refresh succeeded"))
    }

    @Test(arguments: [
        ("onExpiration: later", "app.yaml:5: tasks.com.example.refresh.onExpiration: unknown expiration response 'later' (expected complete or ignore)"),
        ("register: sometimes", "app.yaml:5: tasks.com.example.refresh.register: unknown registration 'sometimes' (expected atLaunch, afterLaunch or never)"),
    ])
    func badValuesAreOneClearError(_ key: String, _ expected: String) {
        let error = #expect(throws: InputError.self) { try run("  com.example.refresh: {kind: refresh, \(key)}") }
        #expect(error?.description == expected)
    }
}
