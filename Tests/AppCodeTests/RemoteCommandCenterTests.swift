import AVFoundation
import BackgroundAudio
import BackgroundTestKit
import Foundation
import MediaPlayer
import Testing
import UIKit

/// Remote commands reach the app's own `MPRemoteCommandCenter` handlers on virtual time, and what it sets in
/// `MPNowPlayingInfoCenter` is what Now Playing shows (issue 36).
@Suite(.serialized, .disabled(if: AddressSanitizer.isOn, AddressSanitizer.reason)) @MainActor struct RemoteCommandCenterTests {
    static let manifest = """
        app: com.example.tour
        backgroundModes: [audio]
        lifecycle: [{at: 1s, app: background}]
        """

    /// Two 60-second stops in `folder`.
    static func stops(in folder: TemporaryFolder) throws -> [URL] {
        let format = AudioFormat(sample: .s16, channels: 1, sampleRate: 8_000)
        return try (1...2).map { stop in
            let path = folder.path + "/stop\(stop).wav"
            try WAVWriter.write(WAVBytes.pattern(60 * 8_000 * 2), format: format, to: path)
            return URL(fileURLWithPath: path)
        }
    }

    /// The device's `audio.*` events as "SECONDS event FILE-NAME".
    static func audio(_ device: EmulatedDevice) -> [String] {
        device.events.filter { $0.contains(#""event":"audio."#) }.map { line in
            let fields = line.split(separator: "\"")
            let seconds = fields[3].dropFirst(17).prefix(2)
            let file = line.split(separator: "/").last?.split(separator: "\"").first ?? ""
            return "\(Int(seconds) ?? -1) \(fields[7]) \(file)"
        }
    }

    @Test func theAppsHandlersPauseResumeAndSkipOnTheDevicesClock() async throws {
        let folder = try TemporaryFolder()
        RemoteCommandApp.stops = try Self.stops(in: folder)
        let device = try EmulatedDevice(manifest: Self.manifest)
        let app = RemoteCommandApp()
        try await device.launch(app)
        try await device.run(for: .seconds(10))
        try await device.remoteCommand(.togglePlayPause)
        #expect(app.player?.isPlaying == false)
        try await device.run(for: .seconds(10))
        try await device.remoteCommand(.togglePlayPause)
        try await device.run(for: .seconds(5))
        try await device.remoteCommand(.nextTrack)
        try await device.run(for: .seconds(5))
        // The handlers' own calls: pause(), play(), then stop() (no event) and the next stop's play().
        #expect(Self.audio(device) == [
            "0 audio.started stop1.wav", "10 audio.paused stop1.wav", "20 audio.resumed stop1.wav", "25 audio.started stop2.wav",
        ])
        #expect(app.received.map(\.command) == ["togglePlayPause", "togglePlayPause", "nextTrack"])
        // The events' timestamps are the device's uptime: 10 s, then 5 s apart.
        let times = app.received.map(\.timestamp)
        #expect(abs(times[1] - times[0] - 10) < 0.001 && abs(times[2] - times[1] - 5) < 0.001)
    }

    @Test func aCommandWithoutAnEnabledHandlerDoesNothing() async throws {
        let folder = try TemporaryFolder()
        RemoteCommandApp.stops = try Self.stops(in: folder)
        let device = try EmulatedDevice(manifest: Self.manifest)
        let app = RemoteCommandApp()
        try await device.launch(app)
        try await device.run(for: .seconds(10))
        // No handler on stop and pause: the player's own answer is not applied either.
        try await device.remoteCommand(.stop)
        try await device.remoteCommand(.pause)
        // The play/pause handler removed, then the next-track command disabled.
        let center = MPRemoteCommandCenter.shared()
        center.togglePlayPauseCommand.removeTarget(app.toggleTarget)
        try await device.remoteCommand(.togglePlayPause)
        center.nextTrackCommand.isEnabled = false
        try await device.remoteCommand(.nextTrack)
        try await device.run(for: .seconds(10))
        #expect(app.player?.isPlaying == true)
        #expect(app.received.isEmpty)
        #expect(Self.audio(device) == ["0 audio.started stop1.wav"])
        // Enabled again, it reaches the handler; removeTarget(nil) removes every handler.
        center.nextTrackCommand.isEnabled = true
        try await device.remoteCommand(.nextTrack)
        #expect(app.received.map(\.command) == ["nextTrack"])
        center.nextTrackCommand.removeTarget(nil)
        try await device.remoteCommand(.nextTrack)
        #expect(app.received.count == 1)
    }

    @Test func aLifecycleStepSendsTheCommandAtItsTime() async throws {
        let folder = try TemporaryFolder()
        RemoteCommandApp.stops = try Self.stops(in: folder)
        let device = try EmulatedDevice(manifest: """
            app: com.example.tour
            backgroundModes: [audio]
            lifecycle:
              - {at: 1s, app: background}
              - {at: 30s, audio: remote, command: togglePlayPause}
            """)
        try await device.launch(RemoteCommandApp())
        try await device.run(for: .seconds(40))
        #expect(Self.audio(device) == ["0 audio.started stop1.wav", "30 audio.paused stop1.wav"])
    }

    @Test func whatTheAppSetsInNowPlayingIsWhatNowPlayingShows() async throws {
        let folder = try TemporaryFolder()
        RemoteCommandApp.stops = try Self.stops(in: folder)
        let device = try EmulatedDevice(manifest: Self.manifest)
        try await device.launch(RemoteCommandApp())
        let playing = try #require(device.nowPlayingInfo)
        #expect(playing.title == "Stop 1" && playing.artist == "City Museum" && playing.album == "Old Town")
        #expect(playing.duration == .seconds(60) && playing.state == .playing && playing.elapsed == .zero)
        try await device.run(for: .seconds(10))
        try await device.remoteCommand(.togglePlayPause)
        let paused = try #require(device.nowPlayingInfo)
        #expect(paused.state == .paused && paused.elapsed == .seconds(10))
        try await device.remoteCommand(.nextTrack)
        #expect(device.nowPlayingInfo?.title == "Stop 2")
        #expect(device.nowPlayingInfo?.state == .playing)
        // Set to nil: the app says nothing plays.
        MPNowPlayingInfoCenter.default().nowPlayingInfo = nil
        #expect(device.nowPlayingInfo?.title == nil)
    }
}
