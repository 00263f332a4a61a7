import BackgroundCore
import BackgroundDevice
import BackgroundScheduler
import Testing

/// The ported handler of docs/guides/porting-bgtask-handlers.md, kept compiling and behaving as the guide says.
final class FeedApp {
    static let refreshID = "com.example.feed.refresh"
    let engine: EventEngine
    let scheduler: TaskScheduler
    private(set) var refreshes = 0

    init(engine: EventEngine, timeline: Timeline) throws {
        self.engine = engine
        scheduler = try TaskScheduler(
            engine: engine, timeline: timeline,
            permittedIdentifiers: [Self.refreshID],                  // Info.plist: BGTaskSchedulerPermittedIdentifiers
            backgroundModes: ["fetch"],                              // Info.plist: UIBackgroundModes
            conditions: ScriptedConditions([]))                      // the device: Wi-Fi, battery, not idle
    }

    func didFinishLaunching() {
        scheduler.register(forTaskWithIdentifier: Self.refreshID, using: nil) { [weak self] task in
            self?.handleAppRefresh(task: task as! RefreshTask)
        }
        scheduleAppRefresh()
        scheduler.finishLaunching()
    }

    func scheduleAppRefresh() {
        var request = TaskRequest(refresh: Self.refreshID)
        request.earliestBeginDate = engine.now + .seconds(15 * 60)
        do {
            try scheduler.submit(request)
        } catch {
            print("Could not schedule app refresh: \(error)")
        }
    }

    func handleAppRefresh(task: RefreshTask) {
        scheduleAppRefresh()
        let fetch = engine.schedule(after: .seconds(4)) {            // the work: 4 s of fetching
            self.refreshes += 1
            task.setTaskCompleted(success: true)
        }
        task.expirationHandler = {
            self.engine.cancel(fetch)
            task.setTaskCompleted(success: false)
        }
    }
}

@Suite struct PortingGuideTests {
    @Test func feedRefreshesEveryQuarterHour() throws {
        let engine = EventEngine(start: .defaultStart)
        let timeline = Timeline(engine: engine, keepingEvents: true)
        let app = try FeedApp(engine: engine, timeline: timeline)
        app.didFinishLaunching()
        engine.run(until: engine.now + .seconds(3600))

        let launches = timeline.events.filter { $0.kind.name == "task.launched" }.map(\.time.rfc3339)
        #expect(launches == ["2026-01-01T00:15:00Z", "2026-01-01T00:30:00Z", "2026-01-01T00:45:00Z", "2026-01-01T01:00:00Z"])
        #expect(app.refreshes == 3, "the fourth is still fetching when the hour ends")
        // Let the fourth finish: a task left running would keep itself (through its expiration handler,
        // as in Apple's sample) and the app alive after the test.
        engine.run(until: engine.now + .seconds(10))
        #expect(app.refreshes == 4)
    }
}
