import AVFoundation
import BackgroundAudio
import BackgroundTestKit
import Foundation
import Testing
import UIKit

/// A player as iOS apps write it: the session's category at launch, a player of a file, its delegate.
final class AudioApp: UIResponder, UIApplicationDelegate, AVAudioPlayerDelegate {
    nonisolated(unsafe) static var clip: URL?
    nonisolated(unsafe) static var category = AVAudioSession.Category.playback

    var player: AVAudioPlayer?
    var finished: [(Date, Bool)] = []

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        do {
            try AVAudioSession.sharedInstance().setCategory(Self.category, mode: .spokenAudio)
            try AVAudioSession.sharedInstance().setActive(true)
            let player = try AVAudioPlayer(contentsOf: Self.clip!)
            player.delegate = self
            player.play()
            self.player = player
        } catch {
            print("Could not play the clip: \(error)")
        }
        return true
    }

    nonisolated func audioPlayerDidFinishPlaying(_ player: AVAudioPlayer, successfully flag: Bool) {
        MainActor.assumeIsolated { finished.append((Date(), flag)) }
    }
}

@Suite(.serialized, .disabled(if: AddressSanitizer.isOn, Comment(rawValue: AddressSanitizer.reason))) @MainActor struct AVAudioPlayerTests {
    static let start = Date(timeIntervalSince1970: 1_767_225_600)
    static let format = AudioFormat(sample: .s16, channels: 1, sampleRate: 8_000)

    /// A 10-second clip of known samples, in `folder`.
    static func clip(in folder: TemporaryFolder) throws -> (url: URL, samples: [UInt8]) {
        let samples = WAVBytes.pattern(10 * 8_000 * 2)
        let path = folder.path + "/tour.wav"
        try WAVWriter.write(samples, format: format, to: path)
        return (URL(fileURLWithPath: path), samples)
    }

    @Test func aPlayerPlaysPausesAndFinishesOnTheDevicesClock() async throws {
        let folder = try TemporaryFolder()
        AudioApp.clip = try Self.clip(in: folder).url
        AudioApp.category = .playback
        let device = try EmulatedDevice(manifest: "app: com.example.tour")
        let app = AudioApp()
        try await device.launch(app)
        let player = try #require(app.player)
        #expect(player.isPlaying)
        #expect(player.duration == 10)
        try await device.run(for: .seconds(4))
        #expect(abs(player.currentTime - 4) < 0.1)
        player.pause()
        #expect(!player.isPlaying)
        try await device.run(for: .seconds(60))
        #expect(abs(player.currentTime - 4) < 0.1)
        player.play()
        try await device.run(for: .seconds(60))
        #expect(!player.isPlaying)
        #expect(app.finished.map(\.0) == [Self.start + 70])
        #expect(app.finished.map(\.1) == [true])
        player.currentTime = 0
        player.play()
        player.stop()
        #expect(!player.isPlaying)
    }

    @Test func playbackWithTheAudioModeGoesOnInTheBackgroundOnTheManifestsALSADevice() async throws {
        let folder = try TemporaryFolder()
        let (url, samples) = try Self.clip(in: folder)
        AudioApp.clip = url
        AudioApp.category = .playback
        let raw = folder.path + "/out.raw"
        let device = try EmulatedDevice(manifest: """
            app: com.example.tour
            backgroundModes: [audio]
            audio: {device: "file:'\(raw)',raw"}
            lifecycle: [{at: 2s, app: background}]
            """)
        let app = AudioApp()
        try await device.launch(app)
        try await device.run(for: .seconds(60))
        #expect(app.finished.map(\.0) == [Self.start + 10])
        #expect(device.events.contains { $0.contains(#""event":"audio.finished""#) })
        // ALSA's file device wrote exactly the clip's samples.
        #expect(try Data(contentsOf: URL(fileURLWithPath: raw)) == Data(samples))
    }

    @Test(arguments: [("[audio]", AVAudioSession.Category.soloAmbient), ("[]", .playback)])
    func withoutBackgroundAudioThePlayerStopsWhenTheAppLeavesTheForeground(modes: String, category: AVAudioSession.Category) async throws {
        let folder = try TemporaryFolder()
        AudioApp.clip = try Self.clip(in: folder).url
        AudioApp.category = category
        let device = try EmulatedDevice(manifest: """
            app: com.example.tour
            backgroundModes: \(modes)
            lifecycle: [{at: 2s, app: background}]
            """)
        let app = AudioApp()
        try await device.launch(app)
        try await device.run(for: .seconds(60))
        let player = try #require(app.player)
        #expect(!player.isPlaying)
        #expect(abs(player.currentTime - 2) < 0.1)
        #expect(app.finished.isEmpty)
        #expect(device.events.contains { $0.contains(#""event":"audio.interrupted""#) })
    }
}
