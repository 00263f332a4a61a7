import BackgroundApp
import BackgroundCore
import BackgroundTestKit
import BackgroundTransfers
import Foundation
import Testing

/// The transfers mode inside the emulated app: a task's `onLaunch:` creates an upload, the manifest's
/// conditions are the session's network, and transfers that end while the app is suspended wake it.
@Suite struct TransferModeTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder(prefix: "bgkit-transfer-mode")
        // 10 MB: 2 s on Wi-Fi at the simulated 5 MB/s, longer than the task's 1 s of work.
        try folder.write("visits.log", Data(count: 10_000_000))
    }

    /// Runs the app for `duration` with `manifest` (tasks, session and conditions around a task `upload`
    /// whose launch creates an upload), keeping its transfers in `store`; every event but `conditions` as
    /// "SECONDS name detail".
    private func run(
        session: String = "{}", conditions: String, server: String = "[]", duration: Duration = .seconds(900),
        store: MemoryTransferStore? = nil, settles: Bool = true, lifecycle: String = "[{at: 1m, app: background}]"
    ) throws -> [String] {
        let yaml = taskUploadManifest(url: "https://example.org/visits/museum.log", rest: """
            session: \(session)
            server: \(server)
            conditions: \(conditions)
            lifecycle: \(lifecycle)
            """)
        let manifest = try AppManifest(yaml: yaml, file: folder.path + "/app.yaml")
        let engine = EventEngine(start: .defaultStart)
        let timeline = Timeline(engine: engine, keepingEvents: true)
        let app = try EmulatedApp(manifest: manifest, engine: engine, timeline: timeline, modes: [TaskMode(), TransferMode(store: store)])
        app.start()
        engine.run(until: engine.now + duration)
        #expect(app.isSettled == settles)
        return timeline.events.filter { $0.kind.name != "conditions" }.map { event in
            "\(Int((event.time - .defaultStart) / .seconds(1))) \(event.kind.name) \(event.kind.textDetail)"
        }
    }

    @Test func anUploadThatEndsWhileTheAppIsSuspendedWakesItForItsEvents() throws {
        let events = try run(conditions: "[{at: 0s, idle: true, power: charging}]")
        let launched = try #require(events.firstIndex { $0.contains("task.launched") })
        let tail = events[launched...].map { $0.split(separator: " ", maxSplits: 1)[1] }
        #expect(Array(tail) == [
            "task.launched upload",
            "lifecycle background (task upload launched)",
            "transfer.created 1 upload https://example.org/visits/museum.log (10000000 bytes)",
            "transfer.started 1",
            "task.completed upload succeeded",
            "lifecycle suspended (task upload completed)",
            "transfer.completed 1 status 201, 10000000 bytes",
            "session.events com.example.museum.transfers",
            "lifecycle background (session.events com.example.museum.transfers)",
            "lifecycle suspended (the app called the completion handler of its session's events)",
        ])
    }

    @Test func theConditionsAreTheSessionsNetwork() throws {
        let events = try run(
            session: "{allowsExpensive: false}",
            conditions: "[{at: 0s, idle: true, power: charging, network: cellular}, {at: 10m, network: wifi}]")
        let waiting = try #require(events.first { $0.contains("transfer.waiting") })
        #expect(waiting.hasSuffix("transfer.waiting 1 waiting: expensiveNotAllowed"))
        #expect(events.contains { $0.hasPrefix("600 transfer.started 1") })
    }

    @Test func aTransferCreatedInTheBackgroundWaitsForWiFiAndPower() throws {
        let events = try run(conditions: "[{at: 0s, idle: true, power: battery}, {at: 10m, power: charging}]")
        #expect(events.contains { $0.hasSuffix("transfer.waiting 1 waiting: discretionary") })
        #expect(events.contains { $0.hasPrefix("600 transfer.started 1") })
    }

    @Test func aRestartedAppCarriesItsPendingTransferOnOnce() throws {
        let store = MemoryTransferStore()
        let first = try run(conditions: "[{at: 0s, idle: true, power: charging, network: none}]", store: store, settles: false)
        #expect(first.contains { $0.hasSuffix("transfer.waiting 1 waiting: noNetwork") })
        #expect(store.rows.keys.sorted() == [1])
        // The process dies; the next run has the network, and its own task creates a second upload.
        let second = try run(conditions: "[{at: 0s, idle: true, power: charging}]", store: store)
        #expect(second.filter { $0.contains("transfer.created") }.map { $0.split(separator: " ")[2] } == ["2"])
        #expect(second.filter { $0.contains("transfer.completed 1 ") }.count == 1)
        #expect(second.filter { $0.contains("transfer.completed 2 ") }.count == 1)
        #expect(store.rows.isEmpty)
    }

    /// The manifest's `app: forceQuit` step: the waiting upload fails with `userForceQuitApplication`, the
    /// app is terminated, and when the network comes back nothing starts and nothing relaunches the app.
    @Test func aForceQuitCancelsTheTransfersAndTheirRelaunches() throws {
        let events = try run(
            conditions: "[{at: 0s, idle: true, power: charging, network: none}, {at: 10m, network: wifi}]",
            lifecycle: "[{at: 1m, app: background}, {at: 5m, app: forceQuit}]")
        #expect(events.contains { $0.hasPrefix("120 transfer.created 1") })
        let failed = try #require(events.first { $0.contains("transfer.failed 1") })
        #expect(failed.hasPrefix("300 ") && failed.contains("userForceQuitApplication"), "\(failed)")
        #expect(events.contains("300 lifecycle terminated (the user force-quit the app)"), "\(events)")
        #expect(!events.contains { $0.contains("transfer.started") || $0.contains("session.events") }, "\(events)")
    }
}
