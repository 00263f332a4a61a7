import BackgroundApp
import BackgroundAudio
import BackgroundCore
import BackgroundDevice
import BackgroundLocation
import BackgroundScheduler
import BackgroundTestKit
import Foundation
import Testing

/// The emulated app on virtual time: a walk into the region `museum` and out again, through
/// `LocationScenario` with a manifest (docs/DEVICE.md).
@Suite struct EmulatedAppTests {
    static let museum = (latitude: 47.3769, longitude: 8.5417)

    /// 10 m every 5 s: from 500 m out to the centre and back out; the 100 m region is entered at about
    /// 225 s (90 m, then the 20 s dwell) and left at about 335 s.
    static let walk = LocationScenario.path(
        around: museum, bearing: 90, distances: Array(stride(from: 500.0, through: 0, by: -10)) + Array(stride(from: 10.0, through: 500, by: 10)),
        every: .seconds(5))

    /// A manifest in a temporary folder with a clip `clip.wav` of `clipSeconds` of silence.
    final class App {
        let folder: TemporaryFolder
        let manifest: AppManifest

        init(
            modes: String, category: String = "playback", onEnter: String, onExit: String? = nil, lifecycle: String, clipSeconds: Int = 30,
            extra: String = "", sync: String = "{kind: refresh, earliestBegin: 5m, work: 10s}"
        ) throws {
            folder = try TemporaryFolder()
            let rate: UInt32 = 1_000
            let samples = [UInt8](repeating: 128, count: Int(rate) * clipSeconds)
            let fmt = WAVBytes.fmt(tag: 1, channels: 1, rate: rate, blockAlign: 1, bits: 8)
            try folder.write("clip.wav", Data(WAVBytes.file(chunks: [WAVBytes.chunk("fmt ", fmt), WAVBytes.chunk("data", samples)])))
            let yaml = """
                app: com.example.museum
                backgroundModes: [\(modes)]
                permittedIdentifiers: [sync, upload]
                tasks:
                  sync: \(sync)
                  upload: {kind: processing, work: 1m}
                conditions:
                  - {at: 0s, idle: true}
                regions:
                  - {id: museum, lat: \(EmulatedAppTests.museum.latitude), lon: \(EmulatedAppTests.museum.longitude), radius: 100, onEnter: \(onEnter)\(onExit.map { ", onExit: \($0)" } ?? "")}
                audio: {category: \(category), device: "null"}
                lifecycle: \(lifecycle)
                \(extra)
                """
            manifest = try AppManifest(yaml: yaml, file: folder.path + "/app.yaml")
        }

        /// Runs the walk inside the app; every event but `location`, `state` and `conditions` as
        /// "SECONDS name detail".
        func run(
            fixes: [LocationFix] = EmulatedAppTests.walk, updatesLocation: Bool = false,
            _ configure: (inout LocationScenario) -> Void = { _ in }
        ) async throws -> [String] {
            var scenario = LocationScenario(fixes: fixes)
            scenario.app = manifest
            scenario.updatesLocation = updatesLocation
            configure(&scenario)
            return try await scenario.run().compactMap(EmulatedAppTests.describe)
        }
    }

    static func describe(_ event: TimelineEvent) -> String? {
        let at = "\(Int((event.time - .defaultStart).seconds))s"
        func file(_ path: String) -> String { "\(at) \(event.kind.name) \((path as NSString).lastPathComponent)" }
        switch event.kind {
        case let r as LifecycleRecord: return "\(at) \(r.state.rawValue) (\(r.reason ?? ""))"
        case let r as RegionCrossingRecord: return "\(at) \(r.name) \(r.region)"
        case let r as TaskRecord:
            switch r.change {
            case .submitted, .launched, .expired: return "\(at) \(r.name) \(r.task)"
            case .completed(let success): return "\(at) task.completed \(r.task) \(success)"
            case .rejected, .progress, .waiting: return nil
            }
        case let r as AudioRecord:
            if case .finished(let success) = r.change { return "\(file(r.file)) \(success)" }
            return file(r.file)
        case let r as ErrorRecord: return "\(at) error \(r.message)"
        default: return nil
        }
    }

    /// The time of the first event ending with `suffix`, in seconds from the start.
    static func time(of suffix: String, in events: [String]) throws -> Int {
        let event = try #require(events.first { $0.hasSuffix(suffix) }, "no '\(suffix)' in \(events)")
        return try #require(Int(event.prefix { $0 != "s" }))
    }

    static let backgroundAt30s = "[{at: 0s, app: foreground}, {at: 30s, app: background}]"

    @Test func aRegionEntryWakesTheSuspendedAppAndItsActionsHappenAtTheEntry() async throws {
        let app = try App(modes: "fetch, audio", onEnter: "{submit: sync, play: clip.wav}", lifecycle: Self.backgroundAt30s, clipSeconds: 5)
        let events = try await app.run()
        let t = try Self.time(of: "enter museum", in: events)
        #expect(Array(events.prefix(9)) == [
            "0s foreground (launched by the user)", "30s background (the user left the app)",
            "35s suspended (the system's background task after leaving the foreground ended)",
            "\(t)s enter museum", "\(t)s background (region museum entered)", "\(t)s task.submitted sync",
            "\(t)s audio.started clip.wav", "\(t + 5)s audio.finished clip.wav true",
            "\(t + 10)s suspended (the wake window ended)",
        ])
    }

    @Test func aSignificantChangeWakesTheSuspendedAppAndRunsItsAction() async throws {
        let app = try App(modes: "fetch", onEnter: "{submit: sync}", lifecycle: Self.backgroundAt30s,
                          extra: "significantChange: {submit: sync}")
        let drive = LocationScenario.walk(from: (47.30, 8.5417), bearing: 180, speed: 3, every: .seconds(5), duration: .seconds(900))
        let events = try await app.run(fixes: drive) { $0.configuration.significantChangeInterval = .seconds(200) }
        #expect(Array(events.prefix(7)) == [
            "0s foreground (launched by the user)", "0s task.submitted sync", "30s background (the user left the app)",
            "35s suspended (the system's background task after leaving the foreground ended)",
            "200s background (significant location change)", "200s task.submitted sync",
            "210s suspended (the wake window ended)",
        ])
    }

    @Test func anAppWithoutRegionsRunsWithoutALocationManager() async throws {
        let manifest = try AppManifest(yaml: """
            app: com.example.daily
            backgroundModes: [fetch]
            permittedIdentifiers: [sync]
            tasks:
              sync: {kind: refresh, earliestBegin: 5m, work: 10s}
            submitAtLaunch: [sync]
            lifecycle: \(Self.backgroundAt30s)
            """, file: "app.yaml")
        let engine = EventEngine(start: .defaultStart)
        let timeline = Timeline(engine: engine, keepingEvents: true)
        let app = try AppRecipe.standard.app(manifest, engine: engine, timeline: timeline)
        #expect(app.mode(LocationMode.self) == nil)
        app.start()
        try await app.linger(upTo: .seconds(3600))
        let events = timeline.events.compactMap(Self.describe)
        #expect(app.isSettled)
        #expect(events == [
            "0s foreground (launched by the user)", "0s task.submitted sync", "30s background (the user left the app)",
            "35s suspended (the system's background task after leaving the foreground ended)", "300s task.launched sync",
            "300s background (task sync launched)", "310s task.completed sync true", "310s suspended (task sync completed)",
        ])
    }

    @Test func aBackgroundTaskLaunchesTheSuspendedApp() async throws {
        let app = try App(modes: "fetch", onEnter: "{submit: sync}", lifecycle: Self.backgroundAt30s)
        let events = try await app.run()
        let launched = try Self.time(of: "task.launched sync", in: events)
        #expect(events.contains("\(launched)s background (task sync launched)"))
        #expect(events.contains("\(launched + 10)s suspended (task sync completed)"))
    }

    @Test func aLaunchedTasksOnLaunchActionIsCarriedOutByEveryMode() async throws {
        let app = try App(
            modes: "fetch, processing, audio", onEnter: "{submit: sync}", lifecycle: Self.backgroundAt30s,
            sync: "{kind: refresh, work: 10s, onLaunch: {submit: upload, play: clip.wav}}")
        let events = try await app.run()
        let launched = try Self.time(of: "task.launched sync", in: events)
        #expect(events.contains("\(launched)s task.submitted upload"))
        #expect(events.contains("\(launched)s audio.started clip.wav"))
    }

    @Test func backgroundAudioPlaysOnAndKeepsTheAppRunningPastTheWakeWindow() async throws {
        let app = try App(modes: "audio", onEnter: "{play: clip.wav}", lifecycle: Self.backgroundAt30s, clipSeconds: 30)
        let events = try await app.run()
        let t = try Self.time(of: "enter museum", in: events)
        #expect(events.contains("\(t + 30)s audio.finished clip.wav true"))
        #expect(events.contains("\(t + 30)s suspended (audio \(app.folder.path)/clip.wav finished)"))
        #expect(!events.contains { $0.hasPrefix("\(t + 10)s suspended") })
    }

    struct StopCase: CustomTestStringConvertible, Sendable {
        var name: String
        var modes: String
        var category: String
        var testDescription: String { name }
    }

    @Test(arguments: [
        StopCase(name: "playback without the audio mode", modes: "fetch", category: "playback"),
        StopCase(name: "ambient with the audio mode", modes: "audio", category: "ambient"),
        StopCase(name: "soloAmbient with the audio mode", modes: "audio", category: "soloAmbient"),
    ])
    func audioThatCannotPlayInTheBackgroundStopsWhenTheAppLeavesTheForeground(_ c: StopCase) async throws {
        let app = try App(modes: c.modes, category: c.category, onEnter: "{play: clip.wav}",
                          lifecycle: "[{at: 0s, app: foreground}, {at: 300s, app: background}]", clipSeconds: 200)
        let events = try await app.run()
        #expect(events.contains("300s audio.interrupted clip.wav"))
        #expect(!events.contains { $0.contains("audio.finished") })
        #expect(events.contains("305s suspended (the system's background task after leaving the foreground ended)"))
    }

    @Test func playingInTheBackgroundWithoutTheAudioModeIsReported() async throws {
        let app = try App(modes: "fetch", onEnter: "{play: clip.wav}", lifecycle: Self.backgroundAt30s)
        let events = try await app.run()
        let t = try Self.time(of: "enter museum", in: events)
        #expect(events.contains(
            "\(t)s error cannot play \(app.folder.path)/clip.wav: the app is in the background and its audio category (playback) needs the audio background mode"))
        #expect(!events.contains { $0.contains("audio.started") })
    }

    @Test func continuousUpdatesAreHeldWhileSuspendedAndDeliveredOnResume() async throws {
        let app = try App(modes: "fetch", onEnter: "{submit: sync}",
                          lifecycle: "[{at: 0s, app: foreground}, {at: 30s, app: background}, {at: 400s, app: foreground}]")
        var scenario = LocationScenario(fixes: Self.walk)
        scenario.app = app.manifest
        scenario.updatesLocation = true
        scenario.prepare = { $0.pausesLocationUpdatesAutomatically = false }
        let events = try await scenario.run()
        let resume = SimTime.defaultStart + .seconds(400)
        // The suspended stretches before the resume, from the lifecycle events: [suspended, next change).
        var suspended: [Range<SimTime>] = []
        var since: SimTime?
        for event in events {
            guard let state = (event.kind as? LifecycleRecord)?.state else { continue }
            if let start = since { suspended.append(start..<event.time) }
            since = state == .suspended ? event.time : nil
        }
        let held = Self.walk.filter { fix in suspended.contains { $0.contains(fix.time!) } }
        let locations = events.filter { $0.kind.name == "location" }
        #expect(held.count > 50)
        #expect(!locations.contains { event in suspended.contains { $0.contains(event.time) } })
        let delivered = locations.filter { $0.time == resume }.map { ($0.kind as? LocationRecord)?.fix }
        #expect(delivered == held + [Self.walk[80]], "the held fixes, then the fix of 400 s")
    }

    @Test func theLocationModeKeepsAnUpdatingAppRunning() async throws {
        let app = try App(modes: "fetch, location", onEnter: "{submit: sync}", lifecycle: Self.backgroundAt30s)
        let events = try await app.run(updatesLocation: true) { scenario in
            scenario.prepare = { manager in manager.pausesLocationUpdatesAutomatically = false }
        }
        #expect(!events.contains { $0.contains("suspended") })
        var scenario = LocationScenario(fixes: Self.walk)
        scenario.app = app.manifest
        scenario.updatesLocation = true
        let locations = try await scenario.run().filter { $0.kind.name == "location" }
        #expect(locations.last?.time == Self.walk.last?.time, "delivered in the background")
    }

    @Test func aTerminatedAppIsRelaunchedByARegionEntryAndLaunchesAgain() async throws {
        let app = try App(modes: "fetch, processing", onEnter: "{submit: sync}",
                          lifecycle: "[{at: 0s, app: foreground}, {at: 30s, app: terminated}]", extra: "submitAtLaunch: [upload]")
        let events = try await app.run()
        let t = try Self.time(of: "enter museum", in: events)
        #expect(events.contains("30s terminated (the user terminated the app)"))
        #expect(events.contains("\(t)s background (relaunched: region museum entered)"))
        #expect(events.filter { $0.hasSuffix("task.submitted upload") } == ["0s task.submitted upload", "\(t)s task.submitted upload"])
    }

    @Test func terminationExpiresTheRunningTaskAndStopsTheAudio() async throws {
        let app = try App(modes: "processing, audio", onEnter: "{submit: upload, play: clip.wav}",
                          lifecycle: "[{at: 0s, app: foreground}, {at: 250s, app: terminated}]", clipSeconds: 100)
        let events = try await app.run()
        let launched = try Self.time(of: "task.launched upload", in: events)
        #expect(launched < 250)
        #expect(Array(events.drop { !$0.contains("terminated") }.prefix(3)) == [
            "250s terminated (the user terminated the app)", "250s task.expired upload", "250s task.completed upload false",
        ])
        #expect(!events.contains { $0.contains("audio.finished") })
    }

    /// The test kit's promise (docs/DEVICE.md): a region-entry test through a trace in about ten lines.
    @Test func everyStopPlaysItsClipAndQueuesTheUpload() async throws {
        let tour = TestSupport.packageRoot + "/Examples/AudioTour"
        var scenario = try LocationScenario(trace: tour + "/tour.gpx")
        scenario.app = try AppManifest(contentsOf: tour + "/app.yaml")
        var visits: [String] = []
        scenario.onEnter = { region, _ in visits.append(region) }
        let events = try await scenario.run()
        #expect(visits == ["lindenhof", "stpeter", "fraumuenster"])
        #expect(events.filter { $0.kind.name == "audio.started" }.count == 3)
        #expect(scenario.audioOutput.framesWritten == 3 * 6_000)
    }

    @Test func theSameRunTwiceGivesTheSameEvents() async throws {
        let app = try App(modes: "fetch, processing, audio", onEnter: "{submit: upload, play: clip.wav}", lifecycle: Self.backgroundAt30s)
        let first = try await app.run(updatesLocation: true)
        #expect(try await app.run(updatesLocation: true) == first)
    }

    /// On a board (`bgloc live --app`) the machine's own network gates an upload: the task waits while sysfs
    /// lists no interface up, and launches once one comes up.
    @Test func onTheMachinesConditionsAnUploadWaitsForItsNetwork() async throws {
        let sysfs = try TemporaryFolder()
        try sysfs.write("sys/class/power_supply/AC/type", "Mains\n")
        try sysfs.write("sys/class/power_supply/AC/online", "1\n")
        try sysfs.write("sys/class/net/lo/operstate", "unknown\n")
        // A laptop's battery: on virtual time the kernel's events never arrive, its poll reads sysfs again.
        try sysfs.write("sys/class/power_supply/BAT0/type", "Battery\n")
        try sysfs.write("sys/class/power_supply/BAT0/status", "Full\n")
        let folder = try TemporaryFolder()
        let manifest = try AppManifest(yaml: """
            app: com.example.board
            backgroundModes: [processing]
            permittedIdentifiers: [upload]
            tasks:
              upload: {kind: processing, requiresNetwork: true, work: 10s}
            regions:
              - {id: museum, lat: \(Self.museum.latitude), lon: \(Self.museum.longitude), radius: 100, onEnter: {submit: upload}}
            """, file: folder.path + "/app.yaml")
        var scenario = LocationScenario(fixes: Self.walk)
        scenario.app = manifest
        scenario.appConfiguration.conditions = .machine(root: sysfs.path, pollInterval: .seconds(5))
        // The cable goes in 2 minutes after the entry: a later poll of the battery's sees it.
        var engine: EventEngine?
        scenario.prepare = { engine = $0.engine }
        scenario.onEnter = { _, _ in
            engine?.schedule(after: .seconds(120)) { _ = try? sysfs.write("sys/class/net/eth0/operstate", "up\n") }
        }
        let events = try await scenario.run()
        let networks = events.compactMap { event -> (SimTime, DeviceConditions.Network)? in
            (event.kind as? ConditionsRecord).map { (event.time, $0.conditions.network) }
        }
        #expect(networks.first?.1 == DeviceConditions.Network.none)
        #expect(networks.first?.0 == events.first?.time, "the machine's conditions are read at launch")
        let submitted = try #require(events.first { $0.kind == .taskSubmitted(task: "upload", kind: .processing, earliestBegin: nil) })
        let up = try #require(networks.first { $0.1 == .wifi }, "the poll saw the cable")
        let launched = try #require(events.first { $0.kind == .taskLaunched(task: "upload") })
        #expect(submitted.time < up.0)
        #expect(up.0 <= launched.time && launched.time < up.0 + .seconds(60), "launched within a minute of the network")
    }
}
