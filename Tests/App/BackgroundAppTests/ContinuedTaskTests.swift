import BackgroundApp
import BackgroundCore
import BackgroundReport
import BackgroundScheduler
import Foundation
import Testing

/// `kind: continued` in a manifest, on virtual time: what the app's handler reports, when it may submit,
/// what a force quit and a second registration do, how `task.progress` is shown, and the manifest's errors.
@Suite struct ContinuedTaskTests {
    static let head = """
        app: com.example.news
        backgroundModes: [fetch]
        permittedIdentifiers: [com.example.news.refresh, com.example.news.export.*]
        conditions:
          - {at: 0s, idle: true}

        """

    /// Runs `yaml` (after ``head``) in an emulated app with the tasks mode for `hours`; the task and
    /// lifecycle events as "SECONDS name detail".
    private func run(
        _ yaml: String, hours: Int = 2, configure: (inout EmulatedApp.Configuration) -> Void = { _ in },
        during: (EmulatedApp) -> Void = { _ in }
    ) throws -> [String] {
        let engine = EventEngine(start: .defaultStart)
        let timeline = Timeline(engine: engine, keepingEvents: true)
        var configuration = EmulatedApp.Configuration()
        configure(&configuration)
        let app = try EmulatedApp(
            manifest: AppManifest(yaml: Self.head + yaml, file: "app.yaml"), engine: engine, timeline: timeline,
            modes: [TaskMode()], configuration: configuration)
        app.start()
        during(app)
        engine.run(until: .defaultStart + .seconds(hours * 3600))
        return timeline.events.compactMap { event in
            let at = "\(Int((event.time - .defaultStart).seconds))"
            switch event.kind {
            case let r as TaskRecord: return "\(at) \(r.name) \(r.textDetail)"
            case let r as LifecycleRecord where r.state == .terminated: return "\(at) terminated (\(r.reason ?? ""))"
            case let r as ErrorRecord: return "\(at) error \(r.message)"
            default: return nil
            }
        }
    }

    @Test func reportsProgressEveryStepOfItsWorkAndCompletes() throws {
        let events = try run("""
            tasks:
              com.example.news.export.all: {kind: continued, title: Exporting, work: 100s, progressEvery: 30s}
            submitAtLaunch: [com.example.news.export.all]
            """)
        #expect(events == [
            "0 task.submitted com.example.news.export.all (continued)", "0 task.launched com.example.news.export.all",
            "0 task.progress com.example.news.export.all 0/4", "30 task.progress com.example.news.export.all 1/4",
            "60 task.progress com.example.news.export.all 2/4", "90 task.progress com.example.news.export.all 3/4",
            "100 task.progress com.example.news.export.all 4/4", "100 task.completed com.example.news.export.all succeeded",
        ])
    }

    @Test func aFailStrategySubmittedAtLaunchRunsWhenLaunchEnds() throws {
        let events = try run("""
            tasks:
              com.example.news.export.all: {kind: continued, strategy: fail, work: 10s, progressEvery: 5s}
            submitAtLaunch: [com.example.news.export.all]
            """)
        #expect(events.prefix(2) == ["0 task.submitted com.example.news.export.all (continued)", "0 task.launched com.example.news.export.all"])
        #expect(events.last == "10 task.completed com.example.news.export.all succeeded")
    }

    @Test func withoutProgressItIsExpiredAtTheStallLimit() throws {
        let events = try run("""
            tasks:
              com.example.news.export.all: {kind: continued, work: 5m}
            submitAtLaunch: [com.example.news.export.all]
            """)
        #expect(events.contains("60 task.expired com.example.news.export.all"))
        #expect(events.contains("60 task.completed com.example.news.export.all failed"))
    }

    @Test func aSubmissionFromTheBackgroundIsRefused() throws {
        let events = try run("""
            tasks:
              com.example.news.refresh: {kind: refresh, earliestBegin: 15m, onLaunch: {submit: com.example.news.export.all}}
              com.example.news.export.all: {kind: continued, work: 10s, progressEvery: 5s}
            submitAtLaunch: [com.example.news.refresh]
            lifecycle:
              - {at: 1m, app: background}
            """)
        #expect(events.contains {
            $0.hasPrefix("900 task.rejected com.example.news.export.all rejected: unavailable (continued tasks are submitted from the foreground")
        })
        #expect(!events.contains { $0.contains("task.launched com.example.news.export.all") })
    }

    @Test func theUsersCancelIsAnAction() throws {
        let events = try run("""
            tasks:
              com.example.news.export.all: {kind: continued, work: 10m, progressEvery: 10s}
            submitAtLaunch: [com.example.news.export.all]
            """, during: { app in
            app.engine.schedule(after: .seconds(25)) {
                app.mode(TaskMode.self)?.perform(ManifestAction(["cancel": "com.example.news.export.all"]), trigger: ActionTrigger(.launch))
            }
        })
        #expect(events.suffix(2) == ["25 task.expired com.example.news.export.all", "25 task.completed com.example.news.export.all failed"])
    }

    @Test func aForceQuitCancelsTheQueuedRequest() throws {
        let events = try run("""
            tasks:
              com.example.news.export.a: {kind: continued, work: 10m, progressEvery: 10s}
              com.example.news.export.b: {kind: continued, work: 10m, progressEvery: 10s}
            submitAtLaunch: [com.example.news.export.a, com.example.news.export.b]
            lifecycle:
              - {at: 1m, app: forceQuit}
            """, configure: { $0.scheduler.maxRunningContinuedTasks = 1 })
        #expect(events.contains("60 task.expired com.example.news.export.a"))
        #expect(events.contains { $0.hasPrefix("60 terminated (the user force-quit") })
        #expect(!events.contains { $0.contains("task.launched com.example.news.export.b") })
    }

    @Test func aSecondRegistrationEndsTheApp() throws {
        let events = try run("""
            tasks:
              com.example.news.refresh: {kind: refresh}
            """, during: { app in
            app.engine.schedule(after: .seconds(10)) {
                app.mode(TaskMode.self)?.scheduler.register(forTaskWithIdentifier: "com.example.news.refresh") { _ in }
            }
        })
        #expect(events.contains { $0.hasPrefix("10 error cannot register com.example.news.refresh twice") })
        #expect(events.contains { $0.hasPrefix("10 terminated (the app crashed: cannot register com.example.news.refresh twice") })
    }

    @Test func progressIsShownInTextJSONAndTheReport() {
        let event = TimelineEvent(time: .defaultStart + .seconds(30), kind: .taskProgress(task: "x.export.a", completed: 1, total: 4))
        #expect(JSONLinesRenderer().render(event)
            == #"{"time":"2026-01-01T00:00:30Z","event":"task.progress","task":"x.export.a","completed":1,"total":4}"#)
        #expect(TextTimelineRenderer().render(event).hasSuffix("task.progress   x.export.a 1/4"))
        let report = TimelineReport(title: "export")
        report.record(TimelineEvent(time: .defaultStart, kind: .taskLaunched(task: "x.export.a")))
        report.record(event)
        report.record(TimelineEvent(time: .defaultStart + .seconds(60), kind: .taskCompleted(task: "x.export.a", success: true)))
        let html = report.html()
        #expect(html.components(separatedBy: "class=\"tick progress\"").count == 2, "one progress tick")
        #expect(html.contains("class=\"run success\""))
    }

    static let errors: [AppManifestTests.ErrorCase] = [
        .init(name: "a continued task without a wildcard permit",
              yaml: head + "tasks:\n  com.example.other.job: {kind: continued}\n",
              expected: "app.yaml:7: tasks.com.example.other.job: continued task 'com.example.other.job' has no wildcard permit: add 'com.example.other.*' to permittedIdentifiers"),
        .init(name: "a wildcard without a name",
              yaml: head + "tasks:\n  com.example.news.export.: {kind: continued}\n",
              expected: "app.yaml:7: tasks.com.example.news.export.: a continued task is named by its wildcard's prefix and a name after it"),
        .init(name: "unknown strategy",
              yaml: head + "tasks:\n  com.example.news.export.a: {kind: continued, strategy: wait}\n",
              expected: "app.yaml:7: tasks.com.example.news.export.a.strategy: unknown strategy 'wait' (expected fail or queue)"),
        .init(name: "unknown resources",
              yaml: head + "tasks:\n  com.example.news.export.a: {kind: continued, resources: npu}\n",
              expected: "app.yaml:7: tasks.com.example.news.export.a.resources: unknown resources 'npu' (expected default or gpu)"),
        .init(name: "a continued key on a refresh task",
              yaml: head + "tasks:\n  com.example.news.refresh: {kind: refresh, title: News}\n",
              expected: "app.yaml:7: tasks.com.example.news.refresh.title: only continued tasks take title"),
        .init(name: "a progressEvery of zero",
              yaml: head + "tasks:\n  com.example.news.export.a: {kind: continued, progressEvery: 0s}\n",
              expected: "app.yaml:7: tasks.com.example.news.export.a.progressEvery: progressEvery must be longer than 0s"),
        .init(name: "cancel naming a refresh task",
              yaml: head + "tasks:\n  com.example.news.refresh: {kind: refresh, onLaunch: {cancel: com.example.news.refresh}}\n",
              expected: "app.yaml:7: tasks.com.example.news.refresh.onLaunch.cancel: task 'com.example.news.refresh' is not a continued task: the user cancels only continued tasks"),
        .init(name: "an unknown entitlement", yaml: head + "entitlements: [npu]\n",
              expected: "app.yaml:6: entitlements[0]: unknown entitlement 'npu' (expected gpu)"),
    ]

    @Test(arguments: errors)
    func refusesWithOneLine(_ c: AppManifestTests.ErrorCase) {
        #expect {
            try AppManifest(yaml: c.yaml, file: "app.yaml")
        } throws: { error in
            let text = (error as? InputError)?.description ?? ""
            let ok = text.hasPrefix(c.expected) && !text.contains("\n")
            if !ok { Issue.record("got: \(text)") }
            return ok
        }
    }
}
