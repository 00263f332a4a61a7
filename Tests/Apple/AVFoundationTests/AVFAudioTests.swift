import AVFAudio
import Testing

/// `import AVFAudio` alone reaches the audio session and player, as on Apple's platforms.
@Suite struct AVFAudioTests {
    @Test func aFileImportingOnlyAVFAudioNamesTheSessionAndThePlayer() {
        let category: AVAudioSession.Category = .playback
        #expect(category == AVAudioSession.Category.playback)
        #expect(AVAudioSessionInterruptionTypeKey == "AVAudioSessionInterruptionTypeKey")
        let player: AVAudioPlayer.Type = AVAudioPlayer.self
        #expect(player == AVAudioPlayer.self)
    }

    @Test func darwinsTimeConstantsComeWithTheAppleNamedModules() {
        let seconds: UInt64 = NSEC_PER_SEC
        #expect(seconds == 1_000_000_000 && NSEC_PER_MSEC == 1_000_000 && USEC_PER_SEC == 1_000_000 && NSEC_PER_USEC == 1_000)
        #expect(NSEC_PER_SEC == NSEC_PER_MSEC * 1_000 && NSEC_PER_SEC == NSEC_PER_USEC * USEC_PER_SEC)
    }
}
