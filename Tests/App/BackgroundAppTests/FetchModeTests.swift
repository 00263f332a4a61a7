import BackgroundApp
import BackgroundCore
import Testing

/// The legacy background fetch (`backgroundFetch:`) on virtual time: it runs the app now and then only
/// without permitted identifiers (Apple: BGTaskSchedulerPermittedIdentifiers disables it).
@Suite struct FetchModeTests {
    private func run(_ lines: String, permitted: String = "[]", modes: String = "[fetch]") throws -> [String] {
        let engine = EventEngine(start: .defaultStart)
        let timeline = Timeline(engine: engine, keepingEvents: true)
        let manifest = try AppManifest(yaml: """
            app: com.example.news
            backgroundModes: \(modes)
            permittedIdentifiers: \(permitted)
            \(lines)
            """, file: "app.yaml")
        let app = try EmulatedApp(manifest: manifest, engine: engine, timeline: timeline, modes: [FetchMode()])
        app.start()
        engine.run(until: .defaultStart + .seconds(3 * 3600 + 60))
        return timeline.events.compactMap { event in
            guard event.kind.name.hasPrefix("fetch") || event.kind.name == "error" || event.kind.name == "lifecycle" else { return nil }
            return "\(Int((event.time - .defaultStart).seconds)) \(event.kind.name) \(event.kind.textDetail)"
        }
    }

    @Test func runsTheAppEveryMinimumIntervalInTheBackground() throws {
        let events = try run("""
            backgroundFetch: {minimumInterval: 1h, work: 10s, result: noData}
            lifecycle: [{at: 0s, app: foreground}, {at: 1m, app: background}, {at: 1h59m, app: foreground}, {at: 2h1m, app: background}]
            """)
        #expect(events.contains("3600 fetch.launched "), "\(events)")
        #expect(events.contains("3610 fetch.completed noData"))
        #expect(!events.contains { $0.hasPrefix("7200 fetch.launched") }, "not while the app is in the foreground")
        #expect(events.contains("10800 fetch.launched "))
    }

    @Test func permittedIdentifiersDisableIt() throws {
        let events = try run("backgroundFetch: {minimumInterval: 1h}\nlifecycle: [{at: 1m, app: background}]", permitted: "[com.example.refresh]")
        #expect(events.contains { $0.hasPrefix("0 error ") && $0.hasSuffix("[backgroundFetchDisabled]") }, "\(events)")
        #expect(!events.contains { $0.contains("fetch.launched") })
    }

    @Test func itNeedsTheFetchMode() throws {
        let events = try run("backgroundFetch: {minimumInterval: 1h}\nlifecycle: [{at: 1m, app: background}]", modes: "[audio]")
        #expect(events.contains { $0.hasPrefix("0 error ") && $0.hasSuffix("[notPermitted]") }, "\(events)")
        #expect(!events.contains { $0.contains("fetch.launched") })
    }

    @Test func aHandlerPastThirtySecondsGetsTheAppTerminated() throws {
        let events = try run("backgroundFetch: {minimumInterval: 1h, work: 45s}\nlifecycle: [{at: 1m, app: background}]")
        #expect(events.contains("3630 lifecycle terminated (background fetch: the app did not call the completion handler within 30s)"), "\(events)")
    }
}
