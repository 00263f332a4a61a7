import BackgroundAudio
import BackgroundCore
import BackgroundTestKit
import Testing

/// What a player does on a remote command (issue 36): the same calls, so the same events, as from inside;
/// next and previous move along the queue; Now Playing follows.
@Suite struct RemoteCommandTests {
    /// On virtual time a move waits for the write due (a chunk is 50 ms), as a seek does.
    @Test func nextEndsTheFileAndStartsTheNextAtTheNextChunk() {
        let rig = VirtualRig([("a.wav", MemoryDecoder.tone(s16Stereo8k, seconds: 2)), ("b.wav", MemoryDecoder.tone(s16Stereo8k, seconds: 2))])
        rig.player.play()
        rig.engine.run(until: rig.at(0.5))
        rig.player.perform(.nextTrack)
        rig.engine.run()
        #expect(rig.kinds == [
            TimelineEvent(time: rig.at(0), kind: .audioStarted(file: "a.wav")),
            TimelineEvent(time: rig.at(0.55), kind: .audioFinished(file: "a.wav", success: true)),
            TimelineEvent(time: rig.at(0.55), kind: .audioStarted(file: "b.wav")),
            TimelineEvent(time: rig.at(2.55), kind: .audioFinished(file: "b.wav", success: true)),
        ])
    }

    @Test func previousGoesBackAndNextOnTheLastEndsTheQueue() {
        let rig = VirtualRig([("a.wav", MemoryDecoder.tone(s16Stereo8k, seconds: 1)), ("b.wav", MemoryDecoder.tone(s16Stereo8k, seconds: 1))])
        rig.player.play()
        rig.engine.run(until: rig.at(1.5))
        #expect(rig.player.nowPlaying { _ in AudioTags() }.canGoPrevious)
        rig.player.perform(.previousTrack)
        rig.engine.run(until: rig.at(1.75))
        var info = rig.player.nowPlaying { _ in AudioTags(artist: "Tagged") }
        #expect(info.file == "a.wav" && info.title == "a.wav" && info.artist == "Tagged" && info.state == .playing && info.canGoNext)
        rig.player.perform(.nextTrack)
        rig.player.perform(.nextTrack)
        rig.engine.run()
        info = rig.player.nowPlaying { _ in AudioTags() }
        #expect(info.state == .stopped)
        #expect(rig.playerEvents.last == .endOfQueue(success: true))
        #expect(rig.kinds == [
            TimelineEvent(time: rig.at(0), kind: .audioStarted(file: "a.wav")),
            TimelineEvent(time: rig.at(1), kind: .audioFinished(file: "a.wav", success: true)),
            TimelineEvent(time: rig.at(1), kind: .audioStarted(file: "b.wav")),
            TimelineEvent(time: rig.at(1.55), kind: .audioFinished(file: "b.wav", success: true)),
            TimelineEvent(time: rig.at(1.55), kind: .audioStarted(file: "a.wav")),
            TimelineEvent(time: rig.at(1.8), kind: .audioFinished(file: "a.wav", success: true)),
        ])
    }

    @Test func togglePauseSeekAndVolumeActAsFromInside() {
        let rig = VirtualRig([("a.wav", MemoryDecoder.tone(s16Stereo8k, seconds: 4))])
        rig.player.play()
        rig.engine.run(until: rig.at(1))
        rig.player.perform(.togglePlayPause)
        #expect(!rig.player.isPlaying)
        rig.player.perform(.togglePlayPause)
        #expect(rig.player.isPlaying)
        rig.player.perform(.skip(by: .seconds(10)))
        #expect(rig.player.currentTime == .seconds(4))
        rig.player.perform(.changePlaybackPosition(to: .seconds(2)))
        #expect(rig.player.currentTime == .seconds(2))
        rig.player.perform(.changeVolume(to: 1.5))
        #expect(rig.player.volume == 1)
        rig.engine.run(until: rig.at(1.1))
        #expect(rig.kinds == [
            TimelineEvent(time: rig.at(0), kind: .audioStarted(file: "a.wav")),
            TimelineEvent(time: rig.at(1), kind: .audioPaused(file: "a.wav")),
            TimelineEvent(time: rig.at(1), kind: .audioResumed(file: "a.wav")),
        ])
    }
}
