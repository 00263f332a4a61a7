import BackgroundTestKit
import Foundation
import Testing

/// `bgtask simulate --transfers`: a task's `onLaunch:` upload through the background session, simulated
/// on virtual time or real over HTTP to nginx.
@Suite struct BGTaskSimulateTransfersTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder(prefix: "bgkit-simulate-transfers")
    }

    /// A manifest whose task `upload` launches at 2 min and uploads `visits.log` (`bytes` bytes) to `url`.
    private func manifest(url: String, bytes: Int, network: String = "wifi") throws -> String {
        try folder.write("visits.log", Data((0..<bytes).map { UInt8(truncatingIfNeeded: $0 &* 31) }))
        return try folder.write("app.yaml", taskUploadManifest(url: url, rest: """
            server:
              - {url: "https://example.org/visits/*", answers: [{drop: 40000}, 503]}
            conditions:
              - {at: 0s, idle: true, power: charging, network: \(network)}
            """))
    }

    @Test func simulatedTransfersFollowTheServerList() async throws {
        let app = try manifest(url: "https://example.org/visits/museum.log", bytes: 3_000_000)
        let result = try await TestSupport.run(BGTaskSimulateTests.bgtask, ["simulate", app, "--for", "10m", "--format", "jsonl"])
        #expect(result.status == 0)
        let transfers = result.stdout.split(separator: "\n").filter { $0.contains("\"transfer.") }
        #expect(transfers == [
            #"{"time":"2026-01-01T00:02:00Z","event":"transfer.created","transfer":1,"kind":"upload","url":"https://example.org/visits/museum.log","bytes":3000000,"key":"9278c8ff-b1de-8f62-b7e3-a1f517ee8e5b"}"#,
            #"{"time":"2026-01-01T00:02:00Z","event":"transfer.started","transfer":1}"#,
            #"{"time":"2026-01-01T00:02:00.008Z","event":"transfer.retrying","transfer":1,"reason":"networkConnectionLost","next":"2026-01-01T00:02:10.008Z"}"#,
            #"{"time":"2026-01-01T00:02:10.008Z","event":"transfer.started","transfer":1}"#,
            #"{"time":"2026-01-01T00:02:10.608Z","event":"transfer.completed","transfer":1,"status":503,"bytes":3000000}"#,
        ])
    }

    @Test(.enabled(if: NginxServer.program != nil || TestSupport.integrationRequired, "install nginx-light (tools/install-deps)"))
    func realTransfersUploadTheFile() async throws {
        let nginx = try await NginxServer.start()
        let app = try manifest(url: nginx.url("visits/museum.log"), bytes: 300_000)
        let result = try await TestSupport.run(
            BGTaskSimulateTests.bgtask, ["simulate", app, "--for", "10m", "--format", "text", "--transfers", "real"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("transfer.completed 1 status 201, 300000 bytes"))
        #expect(FileManager.default.contents(atPath: nginx.root + "/visits/museum.log") == FileManager.default.contents(atPath: folder.path + "/visits.log"))
    }

    /// An app the user sends to the background at 1 min; at 2 min its share extension uploads `visits.log`
    /// through the app's session (a discretionary transfer: created while the app is in the background), on a device on Wi-Fi on battery at 60 % every
    /// midnight, draining 10 %/h, on the charger at 06:00.
    private func backgroundUploadManifest(url: String) throws -> String {
        try folder.write("visits.log", Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }))
        return try folder.write("app.yaml", """
            app: com.example.museum
            lifecycle:
              - {at: 1m, app: background}
              - {at: 2m, extension: com.example.museum.share, upload: {file: visits.log, to: "\(url)"}}
            conditions:
              - {at: "00:00", network: wifi, power: battery, battery: 60, drain: 10%/h}
              - {at: "06:00", power: charging, charge: 30%/h}
            """)
    }

    @Test(.enabled(if: NginxServer.program != nil || TestSupport.integrationRequired, "install nginx-light (tools/install-deps)"))
    func underRealisticABackgroundUploadGoesOnWiFiOnBatteryWhereEagerWaitsForPower() async throws {
        let nginx = try await NginxServer.start()
        let app = try backgroundUploadManifest(url: nginx.url("visits/tour.log"))
        let eager = try await TestSupport.run(
            BGTaskSimulateTests.bgtask, ["simulate", app, "--for", "10m", "--format", "jsonl", "--transfers", "real"])
        #expect(eager.status == 0)
        #expect(eager.stdout.contains(#""event":"transfer.waiting","transfer":1,"reason":"discretionary""#))
        #expect(!eager.stdout.contains("transfer.completed"))
        #expect(!FileManager.default.fileExists(atPath: nginx.root + "/visits/tour.log"))
        let realistic = try await TestSupport.run(
            BGTaskSimulateTests.bgtask,
            ["simulate", app, "--for", "10m", "--format", "jsonl", "--transfers", "real", "--policy", "realistic"])
        #expect(realistic.status == 0)
        #expect(!realistic.stdout.contains("transfer.waiting"))
        #expect(realistic.stdout.contains(#""event":"transfer.completed","transfer":1,"status":201,"bytes":300000"#))
        #expect(FileManager.default.contents(atPath: nginx.root + "/visits/tour.log") == FileManager.default.contents(atPath: folder.path + "/visits.log"))
    }

    @Test func underRealisticTheDrainedBatteryHoldsTheUploadUntilTheChargerAtSix() async throws {
        // At 05:30 the battery (60 % at midnight, 10 %/h) is at 5 %; the upload created at 05:32 waits.
        let app = try backgroundUploadManifest(url: "https://example.org/visits/tour.log")
        let result = try await TestSupport.run(BGTaskSimulateTests.bgtask, [
            "simulate", app, "--for", "1h", "--start", "2026-01-01T05:30:00Z", "--format", "jsonl", "--policy", "realistic",
            "--events", "transfer.*",
        ])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").filter { $0.contains("\"transfer.") }
        #expect(lines.count == 4)
        #expect(lines.dropFirst().first?.hasPrefix(#"{"time":"2026-01-01T05:32:00Z","event":"transfer.waiting","transfer":1,"reason":"lowBattery"}"#) == true)
        #expect(lines.dropFirst(2).first?.hasPrefix(#"{"time":"2026-01-01T06:00:00Z","event":"transfer.started","transfer":1}"#) == true)
        // A month of such days, twice: the same events, byte for byte.
        let month = ["simulate", app, "--for", "30d", "--format", "jsonl", "--policy", "realistic", "--seed", "3"]
        let first = try await TestSupport.run(BGTaskSimulateTests.bgtask, month)
        let second = try await TestSupport.run(BGTaskSimulateTests.bgtask, month)
        #expect(first.status == 0 && first.stdout == second.stdout)
        #expect(first.stdout.split(separator: "\n").filter { $0.contains(#""event":"conditions""#) }.count > 30 * 100)
    }

    @Test func aTasksOnLaunchSubmitIsCarriedOutToo() async throws {
        let app = try folder.write("app.yaml", """
            app: com.example.museum
            backgroundModes: [fetch, processing]
            permittedIdentifiers: [first, second]
            tasks:
              first: {kind: processing, work: 1s, onLaunch: {submit: second}}
              second: {kind: refresh, work: 1s}
            submitAtLaunch: [first]
            conditions:
              - {at: 0s, idle: true}
            """)
        let result = try await TestSupport.run(BGTaskSimulateTests.bgtask, ["simulate", app, "--for", "1h", "--format", "text"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map { $0.dropFirst(25) }
        #expect(Array(lines.filter { $0.hasPrefix("task.") }.prefix(4)) == [
            "task.submitted  first (processing)", "task.launched   first", "task.submitted  second (refresh)", "task.launched   second",
        ])
    }

    @Test func withStateAPendingUploadOutlivesTheRunAndCompletesOnceInTheNext() async throws {
        let state = folder.path + "/state.db"
        func simulate(network: String) async throws -> [Substring] {
            let app = try manifest(url: "https://example.org/visits/museum.log", bytes: 300_000, network: network)
            let result = try await TestSupport.run(
                BGTaskSimulateTests.bgtask, ["simulate", app, "--for", "10m", "--format", "text", "--state", state])
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout.split(separator: "\n").filter { $0.contains("transfer.") }.map { $0.dropFirst(25) }
        }
        #expect(try await simulate(network: "none") == [
            "transfer.created 1 upload https://example.org/visits/museum.log (300000 bytes)", "transfer.waiting 1 waiting: noNetwork",
        ])
        let pending = try await TestSupport.run(BGTaskSimulateTests.bgtask, ["state", "--state", state])
        #expect(pending.stdout.contains("https://example.org/visits/museum.log"), "\(pending.stdout)")
        let next = try await simulate(network: "wifi")
        #expect(next.filter { $0.hasPrefix("transfer.completed 1 ") }.count == 1)
        #expect(next.filter { $0.hasPrefix("transfer.created") } == [
            "transfer.created 2 upload https://example.org/visits/museum.log (300000 bytes)",
        ])
        #expect(next.filter { $0.hasPrefix("transfer.completed 2 ") } == ["transfer.completed 2 status 503, 300000 bytes"])
        let after = try await TestSupport.run(BGTaskSimulateTests.bgtask, ["state", "--state", state])
        #expect(!after.stdout.contains("https://example.org/visits/museum.log"), "\(after.stdout)")
    }
}
