import BackgroundTestKit
import Foundation
import Testing
import UIKit

@Suite(.serialized, .disabled(if: AddressSanitizer.isOn, Comment(rawValue: AddressSanitizer.reason))) @MainActor struct TransferTests {
    /// A file of `bytes` bytes to upload.
    static func file(_ bytes: Int) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bgkit-upload-\(bytes).log")
        try Data(repeating: 7, count: bytes).write(to: url)
        return url
    }

    init() {
        UploadApp.journal.clear()
        UploadApp.callsCompletionHandler = true
    }

    @Test func anUploadFinishingWhileTheAppRunsReachesTheDelegateAtOnce() async throws {
        let device = try EmulatedDevice(manifest: """
            app: com.example.feed
            conditions: [{at: 0s, network: wifi}]
            """)
        let app = UploadApp()
        try await device.launch(app)
        let identifier = app.uploads.upload(try Self.file(10_000_000))
        try await device.run(for: .seconds(60))
        // 10 MB over Wi-Fi's 5 MB/s: two seconds.
        #expect(UploadApp.journal.all == [
            "launched", "sent 10000000 of 10000000", "completed \(identifier) status 201 error - at 1767225602.0",
        ])
        #expect(device.events.contains { $0.contains(#""event":"transfer.completed""#) && $0.contains(#""status":201"#) })
        #expect(!device.events.contains { $0.contains("session.events") })
    }

    @Test func anUploadFinishingAfterTerminationRelaunchesTheAppWhichRecreatesTheSession() async throws {
        let device = try EmulatedDevice(manifest: """
            app: com.example.feed
            conditions: [{at: 0s, network: none}, {at: 10m, network: wifi}]
            lifecycle: [{at: 1m, app: background}, {at: 3m, app: terminated}]
            """)
        let first = UploadApp()
        try await device.launch(first)
        let identifier = first.uploads.upload(try Self.file(1_000_000))
        try await device.run(for: .seconds(20 * 60))
        #expect(UploadApp.journal.all == [
            "launched", "waiting \(identifier)",
            "launched", "handleEvents \(UploadManager.identifier)", "sent 1000000 of 1000000",
            "completed \(identifier) status 201 error - at 1767226200.2", "finished \(UploadManager.identifier)",
        ])
        let relaunched = try #require(device.appDelegate as? UploadApp)
        #expect(relaunched !== first)
        let lifecycle = device.events.filter { $0.contains(#""event":"lifecycle""#) }
        #expect(lifecycle.last?.contains(#""state":"suspended""#) == true)
        #expect(lifecycle.last?.contains("the app called the completion handler of its session's events") == true)
        #expect(device.events.contains { $0.contains(#""event":"session.events""#) && $0.contains(UploadManager.identifier) })
    }

    @Test func anUploadWaitsForConnectivityThenRetriesAfterADroppedConnection() async throws {
        let device = try EmulatedDevice(manifest: """
            app: com.example.feed
            conditions: [{at: 0s, network: none}, {at: 5m, network: wifi}]
            server:
              - {url: "https://example.org/visits/*", answers: [{drop: 1000}, 201]}
            """)
        let app = UploadApp()
        try await device.launch(app)
        let identifier = app.uploads.upload(try Self.file(100_000))
        try await device.run(for: .seconds(10 * 60))
        let events = device.events.joined(separator: "\n")
        #expect(events.contains(#""event":"transfer.waiting","transfer":1,"reason":"noNetwork""#))
        #expect(events.contains(#""event":"transfer.retrying""#))
        let journal = UploadApp.journal.all
        #expect(journal.first == "launched")
        #expect(journal.dropFirst().first == "waiting \(identifier)")
        #expect(journal.last?.hasPrefix("completed \(identifier) status 201 error -") == true)
    }

    @Test func aCompletionHandlerNeverCalledKeepsTheAppRunningForItsBackgroundTimeOnly() async throws {
        UploadApp.callsCompletionHandler = false
        let device = try EmulatedDevice(manifest: """
            app: com.example.feed
            conditions: [{at: 0s, network: none}, {at: 10m, network: wifi}]
            lifecycle: [{at: 1m, app: background}, {at: 3m, app: terminated}]
            """)
        try await device.launch(UploadApp())
        UploadApp.journal.clear()
        (device.appDelegate as? UploadApp)?.uploads.upload(try Self.file(1_000_000))
        try await device.run(for: .seconds(20 * 60))
        #expect(UploadApp.journal.all.contains("finished \(UploadManager.identifier)"))
        let suspended = try #require(device.events.last { $0.contains(#""state":"suspended""#) })
        #expect(suspended.contains("the app did not call the completion handler of its session's events"))
        // Relaunched at 10m00.2s when the upload ended, suspended 30 s later.
        #expect(suspended.hasPrefix(#"{"time":"2026-01-01T00:10:30.2"#))
    }

    @Test func aDownloadsFileIsTheDelegatesUntilItsCallReturns() async throws {
        let device = try EmulatedDevice(manifest: """
            app: com.example.feed
            conditions: [{at: 0s, network: wifi}]
            """)
        let app = UploadApp()
        try await device.launch(app)
        let identifier = app.uploads.download("https://example.org/tours/next.json")
        try await device.run(for: .seconds(60))
        // Simulated: no byte moves, the file is there and empty; then gone from where it was given.
        #expect(UploadApp.journal.all.contains("downloaded \(identifier) 0 bytes"))
        #expect(UploadApp.journal.all.contains { $0.hasPrefix("completed \(identifier) status 200 error -") })
        #expect(!FileManager.default.fileExists(
            atPath: FileManager.default.temporaryDirectory.appendingPathComponent("bgkit-download-\(UploadManager.identifier)-\(identifier).tmp").path))
    }

    @Test func aRealDeviceUploadsOverHTTP() async throws {
        let server = try FaultyHTTPServer([.init(status: 201)])
        defer { server.stop() }
        let device = try EmulatedDevice(manifest: """
            app: com.example.feed
            conditions: [{at: 0s, network: wifi}]
            """, policy: .eager, seed: 0, transfers: .real)
        let app = UploadApp()
        try await device.launch(app)
        let identifier = app.uploads.upload(try Self.file(1000), to: server.url("visits/museum.log"))
        try await device.run(for: .seconds(60))
        #expect(server.requests.first?.hasPrefix("PUT /visits/museum.log HTTP/1.1") == true)
        #expect(server.bodies.first?.count == 1000)
        #expect(UploadApp.journal.all.contains { $0.hasPrefix("completed \(identifier) status 201 error -") })
    }

    @Test func aSessionKeptInAStaticIsTakenAsRecreatedAfterARelaunch() async throws {
        let device = try EmulatedDevice(manifest: """
            app: com.example.feed
            conditions: [{at: 0s, network: none}, {at: 10m, network: wifi}]
            lifecycle: [{at: 1m, app: background}, {at: 3m, app: terminated}]
            """)
        try await device.launch(SharedUploadApp())
        let identifier = SharedUploadApp.uploads.upload(try Self.file(1000))
        try await device.run(for: .seconds(20 * 60))
        let journal = UploadApp.journal.all
        #expect(journal.contains { $0.hasPrefix("completed \(identifier) status 201 error -") })
        #expect(journal.last == "finished \(UploadManager.identifier)")
        let suspended = try #require(device.events.last { $0.contains(#""state":"suspended""#) })
        #expect(suspended.contains("the app called the completion handler of its session's events"))
    }
}
