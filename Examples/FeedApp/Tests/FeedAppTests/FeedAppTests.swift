import AVFoundation
import Foundation
import Testing
import UIKit
import BackgroundTestKit
@testable import FeedApp

/// The feed app's own code on the emulated device: a day, a week, a force quit, and the classic bug of a
/// refresh that ignores its expiration.
///
/// The device's clock replaces the process's while a device runs (docs/guides/your-own-code.md, "Time");
/// under AddressSanitizer it cannot, so these tests do not run there.
@Suite(.serialized, .disabled(if: dlsym(nil, "__asan_init") != nil, "AddressSanitizer intercepts the clock")) @MainActor
struct FeedAppTests {
    /// The device: Examples/FeedApp/device.yaml.
    static let manifest = try! String(
        contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../device.yaml"), encoding: .utf8)
    static let start = Date(timeIntervalSince1970: 1_767_225_600)
    static let day: Duration = .seconds(86_400)

    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("feedapp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        TourGuide.clip = try Self.writeClip(seconds: 20, to: folder.appendingPathComponent("lindenhof.wav"))
        FeedStore.fetchTime = .seconds(3)
        AppDelegate.cancelsOnExpiration = true
    }

    @Test func aDay() async throws {
        let device = try EmulatedDevice(manifest: Self.manifest)
        let app = AppDelegate()
        try await device.launch(app)
        try await device.run(for: .seconds(9 * 3600))
        // At 09:00 the user walks to the museum, the app in the background.
        try await device.replay(gpx: Self.writeWalk(to: folder.appendingPathComponent("walk.gpx")).path)
        try await device.run(for: Self.day - .seconds(9 * 3600 + 600))

        #expect(device.appDelegate === app)
        // Refreshes every 15 minutes or so from 00:16 on (each resubmits itself), one more for the push.
        #expect(app.store.refreshes.count > 80)
        #expect(app.store.refreshes.first == Self.start + 16 * 60 + 3)
        // The cleanup waited for the charger at 23:00.
        #expect(app.store.cleanups == [Self.start + 23 * 3600 + 90])
        // The push at noon refreshed the feed, and the app called its completion handler.
        #expect(app.store.refreshes.contains(Self.start + 12 * 3600 + 3))
        #expect(!device.events.contains { $0.contains(#""state":"terminated""#) })
        // The museum: entered once in the background, the visit's upload started, the tour played to its end.
        #expect(app.visits.entries.count == 1)
        #expect(app.visits.uploader.started == 1)
        // The upload went through the system's background session: created in the background, it is
        // discretionary and waits for the charger (23:00), then the emulated server's 201 (device.yaml scripts
        // none, so its default) is told to the uploader's delegate.
        #expect(app.visits.uploader.finished == [201], "\(app.visits.uploader.finished)")
        let transfers = device.events.filter { $0.contains(#""event":"transfer."#) }
        #expect(transfers.contains { $0.contains(#""event":"transfer.waiting""#) && $0.contains("discretionary") }, "\(transfers)")
        #expect(transfers.contains { $0.hasPrefix(#"{"time":"2026-01-01T23:00:00"#) && $0.contains(#""event":"transfer.completed""#) && $0.contains(#""status":201"#) },
                "\(transfers)")
        let entry = try #require(app.visits.entries.first)
        #expect(app.tour.finished == [entry + 20])
        #expect(device.events.contains { $0.contains(#""event":"audio.finished""#) })
    }

    @Test func aWeek() async throws {
        let device = try EmulatedDevice(manifest: Self.manifest)
        let app = AppDelegate()
        try await device.launch(app)
        try await device.run(for: Self.day * 7)
        #expect(device.appDelegate === app)
        // One cleanup each night on the charger (each asks for the next at least 12 hours on).
        let nights: [Date] = (0..<7).map { (night: Int) -> Date in Self.start + Double(night * 86_400 + 23 * 3600 + 90) }
        #expect(app.store.cleanups == nights)
        #expect(app.store.refreshes.count > 7 * 80)
    }

    @Test func aForceQuitStopsTheBackgroundWorkUntilTheUserOpensTheAppAgain() async throws {
        let quitting = try EmulatedDevice(manifest: Self.manifest.replacingOccurrences(
            of: "lifecycle: [{at: 1m, app: background}]",
            with: "lifecycle: [{at: 1m, app: background}, {at: 2h, app: forceQuit}, {at: 18h, app: foreground}]"))
        let app = AppDelegate()
        try await quitting.launch(app)
        try await quitting.run(for: Self.day)
        // Refreshes until the force quit at 02:00; none (not even the push at noon) until the user opens the app.
        #expect(app.store.refreshes.allSatisfy { $0 < Self.start + 2 * 3600 })
        #expect(app.store.refreshes.count >= 6)
        let reopened = try #require(quitting.appDelegate as? AppDelegate)
        #expect(reopened !== app)
        #expect(reopened.store.refreshes.allSatisfy { $0 > Self.start + 18 * 3600 })
        #expect(reopened.store.refreshes.count > 10)
    }

    @Test func aRefreshThatIgnoresItsExpirationGetsTheAppTerminated() async throws {
        FeedStore.fetchTime = .seconds(60)
        AppDelegate.cancelsOnExpiration = false
        let device = try EmulatedDevice(manifest: Self.manifest)
        let app = AppDelegate()
        try await device.launch(app)
        try await device.run(for: .seconds(20 * 60))
        let terminated = try #require(device.events.first { $0.contains(#""state":"terminated""#) })
        #expect(terminated.contains("had not called setTaskCompleted"))
        #expect(device.appDelegate == nil)
        // The refresh it had resubmitted relaunches it at 31 minutes: a new process, a new delegate.
        try await device.run(for: .seconds(11 * 60 + 10))
        let relaunched = try #require(device.appDelegate as? AppDelegate)
        #expect(relaunched !== app)
        #expect(app.store.refreshes.isEmpty)
    }

    /// A WAV file of `seconds` of a quiet tone (16-bit mono, 8 kHz).
    static func writeClip(seconds: Int, to url: URL) throws -> URL {
        func le<T: FixedWidthInteger>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value.littleEndian) { Array($0) } }
        let rate = 8_000
        var samples: [UInt8] = []
        for n in 0..<(seconds * rate) { samples += le(Int16(sin(Double(n) * 2 * .pi * 440 / Double(rate)) * 2_000)) }
        let format = le(UInt16(1)) + le(UInt16(1)) + le(UInt32(rate)) + le(UInt32(rate * 2)) + le(UInt16(2)) + le(UInt16(16))
        let body = Array("WAVEfmt ".utf8) + le(UInt32(format.count)) + format + Array("data".utf8) + le(UInt32(samples.count)) + samples
        try Data(Array("RIFF".utf8) + le(UInt32(body.count)) + body).write(to: url)
        return url
    }

    /// A walk of ten minutes from 1 km south of the museum to its middle, a fix every 5 seconds.
    static func writeWalk(to url: URL) throws -> URL {
        let formatter = ISO8601DateFormatter()
        let center = VisitTracker.museum.center
        let points = (0...120).map { step in
            let latitude = center.latitude - 0.009 * Double(120 - step) / 120
            let time = formatter.string(from: Date(timeIntervalSince1970: 1_772_355_600 + Double(step) * 5))
            return #"<trkpt lat="\#(latitude)" lon="\#(center.longitude)"><time>\#(time)</time><hdop>1.0</hdop></trkpt>"#
        }
        let gpx = #"<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>"#
            + points.joined() + "</trkseg></trk></gpx>"
        try Data(gpx.utf8).write(to: url)
        return url
    }
}
