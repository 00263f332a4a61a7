import BackgroundAudio
import BackgroundCore
import BackgroundTestKit
import Testing

@Suite struct AudioSessionTests {
    struct BackgroundCase: CustomTestStringConvertible, Sendable {
        let category: AudioSession.Category
        let audioMode: Bool
        let keepsPlaying: Bool
        var testDescription: String { "\(category.rawValue)\(audioMode ? " + audio mode" : "")" }
    }

    /// Apple: playback and playAndRecord continue in the background with the `audio` background mode;
    /// ambient and soloAmbient are silenced by screen locking and never play in the background.
    static let backgroundCases: [BackgroundCase] = AudioSession.Category.allCases.flatMap { category in
        [false, true].map { mode in
            BackgroundCase(category: category, audioMode: mode, keepsPlaying: mode && (category == .playback || category == .playAndRecord))
        }
    }

    @Test(arguments: backgroundCases)
    func goingToTheBackgroundKeepsOrInterruptsPlayback(_ item: BackgroundCase) {
        let session = AudioSession(category: item.category, backgroundAudioMode: item.audioMode)
        let rig = VirtualRig([("a.wav", .tone(s16Stereo8k, seconds: 2))], session: session)
        rig.player.play()
        rig.engine.schedule(at: rig.at(1)) { session.applicationDidEnterBackground() }
        rig.engine.run()
        if item.keepsPlaying {
            #expect(rig.kinds.last == TimelineEvent(time: rig.at(2), kind: .audioFinished(file: "a.wav", success: true)))
        } else {
            #expect(rig.kinds.last == TimelineEvent(time: rig.at(1), kind: .audioInterrupted(file: "a.wav")))
            #expect(!rig.player.play())
            #expect(rig.engine.isIdle)
        }
    }

    @Test func comingBackToTheForegroundLetsTheAppPlayAgain() {
        let session = AudioSession(category: .soloAmbient)
        let rig = VirtualRig([("a.wav", .tone(s16Stereo8k, seconds: 2))], session: session)
        rig.player.play()
        rig.engine.schedule(at: rig.at(0.5)) { session.applicationDidEnterBackground() }
        rig.engine.schedule(at: rig.at(3)) {
            session.applicationWillEnterForeground()
            #expect(!rig.player.isPlaying)
            #expect(rig.player.play())
        }
        rig.engine.run()
        #expect(rig.kinds.map(\.kind.name) == ["audio.started", "audio.interrupted", "audio.resumed", "audio.finished"])
        #expect(rig.kinds.last?.time == rig.at(4.5))
    }

    @Test func activatingAPlaybackSessionInTheBackgroundLetsTheAppPlayThere() throws {
        // An app with the audio mode left the foreground in the default category (suspended), then, woken in
        // the background (a region entry), sets .playback and activates its session: it may play.
        let session = AudioSession(category: .soloAmbient, backgroundAudioMode: true)
        let rig = VirtualRig([("a.wav", .tone(s16Stereo8k, seconds: 2))], session: session)
        session.applicationDidEnterBackground()
        #expect(!rig.player.play())
        session.setCategory(.playback)
        #expect(!rig.player.play())
        try session.setActive(true)
        #expect(rig.player.play())
        rig.engine.run()
        #expect(rig.kinds.map(\.kind.name) == ["audio.started", "audio.finished"])
    }

    @Test(arguments: [true, false])
    func anInterruptionPausesAndItsEndResumesOnlyWhenItShould(shouldResume: Bool) {
        let session = AudioSession(category: .playback)
        let rig = VirtualRig([("a.wav", .tone(s16Stereo8k, seconds: 2))], session: session)
        rig.player.play()
        rig.engine.schedule(at: rig.at(0.5)) { session.beginInterruption() }
        rig.engine.schedule(at: rig.at(1.5)) { session.endInterruption(shouldResume: shouldResume) }
        rig.engine.run()
        if shouldResume {
            #expect(rig.kinds == [
                TimelineEvent(time: rig.at(0), kind: .audioStarted(file: "a.wav")),
                TimelineEvent(time: rig.at(0.5), kind: .audioInterrupted(file: "a.wav")),
                TimelineEvent(time: rig.at(1.5), kind: .audioResumed(file: "a.wav")),
                TimelineEvent(time: rig.at(3), kind: .audioFinished(file: "a.wav", success: true)),
            ])
        } else {
            #expect(rig.kinds.map(\.kind.name) == ["audio.started", "audio.interrupted"])
            #expect(!rig.player.isPlaying)
            #expect(rig.player.currentTime == .milliseconds(500))
        }
    }

    @Test func playingDuringAnInterruptionFails() {
        let session = AudioSession(category: .playback)
        let rig = VirtualRig([("a.wav", .tone(s16Stereo8k, seconds: 1))], session: session)
        session.beginInterruption()
        #expect(!rig.player.play())
        session.endInterruption(shouldResume: false)
        #expect(rig.player.play())
    }

    @Test(arguments: [AudioSession.RouteChangeReason.oldDeviceUnavailable, .newDeviceAvailable])
    func onlyLosingTheDevicePauses(reason: AudioSession.RouteChangeReason) {
        let session = AudioSession(category: .playback)
        let rig = VirtualRig([("a.wav", .tone(s16Stereo8k, seconds: 1))], session: session)
        rig.player.play()
        rig.engine.schedule(at: rig.at(0.25)) { session.routeChange(reason) }
        rig.engine.run()
        if reason == .oldDeviceUnavailable {
            #expect(rig.kinds.last == TimelineEvent(time: rig.at(0.25), kind: .audioPaused(file: "a.wav")))
        } else {
            #expect(rig.kinds.last == TimelineEvent(time: rig.at(1), kind: .audioFinished(file: "a.wav", success: true)))
        }
    }

    @Test func playActivatesAndDeactivatingWhilePlayingIsRefused() throws {
        let session = AudioSession(category: .playback)
        let rig = VirtualRig([("a.wav", .tone(s16Stereo8k, seconds: 1))], session: session)
        #expect(!session.isActive)
        rig.player.play()
        #expect(session.isActive)
        #expect(throws: AudioSession.BusyError.self) { try session.setActive(false) }
        rig.player.pause()
        try session.setActive(false)
        #expect(!session.isActive)
    }

    @Test func categoriesCarryApplesDocumentedTraits() {
        #expect(AudioSession.Category.allCases.filter(\.supportsBackgroundAudio) == [.playback, .playAndRecord])
        #expect(AudioSession.Category.allCases.filter(\.mixesWithOthers) == [.ambient])
        #expect(AudioSession().category == .soloAmbient)
    }
}
