import BackgroundApp
import BackgroundCore
import BackgroundPushes
import BackgroundScheduler
import JSON
import Testing

/// An app written against the seam (``AppCode``), not the manifest: its own refresh handler, which ignores
/// the expiration, and its own push handler, on virtual time. The system sees only what it does back, so
/// its events are those of the manifest app that declares the same handlers (issue 33).
@Suite struct AppCodeTests {
    /// What both apps share: the permitted identifier, the server's push, the user's hand.
    static let head = """
        app: com.example.seam
        backgroundModes: [fetch, remote-notification]
        permittedIdentifiers: [com.example.refresh]
        pushes: [{at: 5m, payload: {aps: {content-available: 1}}}]
        lifecycle: [{at: 0s, app: foreground}, {at: 1m, app: background}]
        """

    /// The manifest's handlers: a refresh task that works 60 s and ignores its expiration, a push handler of 5 s.
    static let manifestApp = head + """

        tasks:
          com.example.refresh: {kind: refresh, work: 60s, onExpiration: ignore}
        submitAtLaunch: [com.example.refresh]
        onPush: {work: 5s, result: newData}
        """

    /// The same handlers as code.
    final class RefreshAndPush: AppCode {
        private(set) var pushes: [Int] = []

        func applicationDidFinishLaunching(_ app: EmulatedApp, first: Bool) {
            guard let scheduler = app.mode(TaskMode.self)?.scheduler else { return }
            if first {
                scheduler.register(forTaskWithIdentifier: "com.example.refresh") { [weak app] task in
                    task.expirationHandler = {}     // ignores it: works on
                    app?.engine.schedule(after: .seconds(60)) { [weak task] in task?.setTaskCompleted(success: true) }
                }
            }
            try? scheduler.submit(TaskRequest(refresh: "com.example.refresh"))
        }

        func application(
            _ app: EmulatedApp, didReceiveRemoteNotification userInfo: JSONValue, push: Int,
            fetchCompletionHandler completionHandler: @escaping (PushFetchResult) -> Void
        ) {
            pushes.append(push)
            app.engine.schedule(after: .seconds(5)) { completionHandler(.newData) }
        }
    }

    /// The run's events as "SECONDS name detail", with `code` or the manifest's handlers.
    static func events(_ yaml: String, code: (any AppCode)? = nil) throws -> [String] {
        let manifest = try AppManifest(yaml: yaml, file: "app.yaml")
        let engine = EventEngine(start: .defaultStart)
        let timeline = Timeline(engine: engine, keepingEvents: true)
        let options = AppRecipe.Options()
        let app = try EmulatedApp(
            manifest: manifest, engine: engine, timeline: timeline, modes: AppRecipe.standard.makeModes(options),
            configuration: options.configuration, code: code)
        app.start()
        withExtendedLifetime(app) { engine.run(until: engine.now + .seconds(3600)) }
        return timeline.events.map { "\(Int(($0.time - .defaultStart).seconds)) \($0.kind.name) \($0.kind.textDetail)" }
    }

    @Test func codeGivesTheEventsOfTheManifestsHandlers() throws {
        let code = RefreshAndPush()
        let fromCode = try Self.events(Self.head, code: code)
        let fromManifest = try Self.events(Self.manifestApp)
        #expect(fromCode == fromManifest)
        #expect(code.pushes == [1])
        // The refresh ignored its expiration: terminated when its time was up; the push completed in time.
        #expect(fromCode.contains { $0.hasPrefix("60 task.launched") || $0.contains("task.launched com.example.refresh") })
        #expect(fromCode.contains {
            $0.contains("lifecycle") && $0.contains("terminated")
                && $0.contains("task com.example.refresh: its time was up and the app had not called setTaskCompleted(success:)")
        }, "\(fromCode)")
        #expect(fromCode.contains { $0.contains("push.completed") && $0.contains("newData") }, "\(fromCode)")
    }

    /// A completion handler called late (after the window), or twice, is ignored; the app is terminated once.
    final class LatePush: AppCode {
        func application(
            _ app: EmulatedApp, didReceiveRemoteNotification userInfo: JSONValue, push: Int,
            fetchCompletionHandler completionHandler: @escaping (PushFetchResult) -> Void
        ) {
            app.engine.schedule(after: .seconds(40)) {
                completionHandler(.newData)
                completionHandler(.failed)
            }
        }
    }

    @Test func aLateOrRepeatedCompletionIsIgnored() throws {
        let events = try Self.events(Self.head, code: LatePush())
        #expect(!events.contains { $0.contains("push.completed") }, "\(events)")
        #expect(events.filter { $0.contains("did not call the completion handler within 30s") }.count == 1, "\(events)")
    }
}
