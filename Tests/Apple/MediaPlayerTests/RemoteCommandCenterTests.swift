import AVFoundation
import BackgroundAudio
import BackgroundTestKit
import Foundation
import MediaPlayer
import Testing
import UIKit

/// Remote commands reach the app's own `MPRemoteCommandCenter` handlers on virtual time, and what it sets in
/// `MPNowPlayingInfoCenter` is what Now Playing shows (issue 36).
@Suite(.serialized, .disabled(if: AddressSanitizer.isOn, Comment(rawValue: AddressSanitizer.reason))) @MainActor struct RemoteCommandCenterTests {
    static let manifest = """
        app: com.example.tour
        backgroundModes: [audio]
        lifecycle: [{at: 1s, app: background}]
        """

    /// A device of `manifest` that launched a ``RemoteCommandApp`` with two 60-second stops in `folder`.
    static func launch(_ manifest: String = manifest, in folder: TemporaryFolder) async throws -> (EmulatedDevice, RemoteCommandApp) {
        let format = AudioFormat(sample: .s16, channels: 1, sampleRate: 8_000)
        RemoteCommandApp.stops = try (1...2).map { stop in
            let path = folder.path + "/stop\(stop).wav"
            try WAVWriter.write(WAVBytes.pattern(60 * 8_000 * 2), format: format, to: path)
            return URL(fileURLWithPath: path)
        }
        let device = try EmulatedDevice(manifest: manifest)
        let app = RemoteCommandApp()
        try await device.launch(app)
        return (device, app)
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
        let (device, app) = try await Self.launch(in: folder)
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
        let (device, app) = try await Self.launch(in: folder)
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
        let (device, _) = try await Self.launch("""
            app: com.example.tour
            backgroundModes: [audio]
            lifecycle:
              - {at: 1s, app: background}
              - {at: 30s, audio: remote, command: togglePlayPause}
            """, in: folder)
        try await device.run(for: .seconds(40))
        #expect(Self.audio(device) == ["0 audio.started stop1.wav", "30 audio.paused stop1.wav"])
    }

    @Test func whatTheAppSetsInNowPlayingIsWhatNowPlayingShows() async throws {
        let folder = try TemporaryFolder()
        let (device, _) = try await Self.launch(in: folder)
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

    @Test func skipAndPositionEventsCarryTheirValues() async throws {
        let folder = try TemporaryFolder()
        let (device, app) = try await Self.launch(in: folder)
        let center = MPRemoteCommandCenter.shared()
        var heard: [String] = []
        center.skipForwardCommand.preferredIntervals = [15]
        center.skipForwardCommand.addTarget { event in
            heard.append("forward \((event as? MPSkipIntervalCommandEvent)?.interval ?? -1)")
            return .success
        }
        center.skipBackwardCommand.addTarget { event in
            heard.append("backward \((event as? MPSkipIntervalCommandEvent)?.interval ?? -1)")
            return .success
        }
        center.changePlaybackPositionCommand.addTarget { event in
            guard let event = event as? MPChangePlaybackPositionCommandEvent else { return .commandFailed }
            heard.append("position \(event.positionTime)")
            app.player?.currentTime = event.positionTime
            return .success
        }
        try await device.remoteCommand(.skip(by: .seconds(15)))
        try await device.remoteCommand(.skip(by: .seconds(-10)))
        try await device.remoteCommand(.changePlaybackPosition(to: .seconds(42)))
        try await device.remoteCommand(.changeVolume(to: 0.5))
        #expect(heard == ["forward 15.0", "backward 10.0", "position 42.0"])
        #expect(abs((app.player?.currentTime ?? 0) - 42) < 0.01)
        #expect(app.player?.volume == 1)
        #expect(center.skipForwardCommand.preferredIntervals == [15])
    }

    @Test func theHandlersAndNowPlayingEndWithTheProcess() async throws {
        let folder = try TemporaryFolder()
        let (device, first) = try await Self.launch("""
            app: com.example.tour
            backgroundModes: [audio]
            lifecycle: [{at: 1s, app: background}, {at: 20s, app: terminated}, {at: 40s, app: foreground}]
            """, in: folder)
        try await device.run(for: .seconds(30))
        try await device.remoteCommand(.togglePlayPause)
        #expect(first.received.isEmpty)
        #expect(device.nowPlayingInfo?.title == nil)
        // The relaunched process adds its handlers again, once.
        try await device.run(for: .seconds(20))
        let second = try #require(device.appDelegate as? RemoteCommandApp)
        try await device.remoteCommand(.togglePlayPause)
        #expect(second !== first && second.received.map(\.command) == ["togglePlayPause"] && first.received.isEmpty)
        #expect(device.nowPlayingInfo?.title == "Stop 1" && device.nowPlayingInfo?.state == .paused)
        #expect(Self.audio(device) == ["0 audio.started stop1.wav", "40 audio.started stop1.wav", "50 audio.paused stop1.wav"])
    }

    @Test func anAppWhoseCodeHasNoHandlerAnswersWithTheManifest() async throws {
        let folder = try TemporaryFolder()
        let format = AudioFormat(sample: .s16, channels: 1, sampleRate: 8_000)
        try WAVWriter.write(WAVBytes.pattern(60 * 8_000 * 2), format: format, to: folder.path + "/next.wav")
        let device = try EmulatedDevice(manifest: """
            app: com.example.tour
            backgroundModes: [audio]
            audio: {category: playback, device: "null", remoteCommands: {nextTrack: {play: \(folder.path)/next.wav}}}
            """)
        try await device.launch(SilentApp())
        try await device.run(for: .seconds(5))
        try await device.remoteCommand(.nextTrack)
        #expect(Self.audio(device) == ["5 audio.started next.wav"])
        #expect(device.nowPlayingInfo?.title == "next.wav")
    }
}

/// An app whose code adds no remote command handler.
final class SilentApp: UIResponder, UIApplicationDelegate {}
