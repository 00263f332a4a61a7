import BackgroundAudio
import BackgroundCore
import BackgroundTestKit
import Synchronization
import Testing

/// A player on virtual time with a recording output, its timeline kept for asserts.
struct VirtualRig {
    let engine = EventEngine(start: .defaultStart)
    let timeline: Timeline
    let output = RecordingAudioOutput()
    let player: AudioPlayer
    let decoders: [String: MemoryDecoder]
    var playerEvents: [AudioPlayerEvent] { recorded.events }
    private let recorded = EventLog()

    /// A nil decoder stands for a file that cannot be opened.
    init(_ decoders: [(String, MemoryDecoder?)], session: AudioSession? = nil) {
        timeline = Timeline(engine: engine, keepingEvents: true)
        let table = Dictionary(uniqueKeysWithValues: decoders.compactMap { name, decoder in decoder.map { (name, $0) } })
        self.decoders = table
        player = AudioPlayer(files: decoders.map(\.0), output: output, pacing: .virtual(engine), session: session) { name in
            guard let decoder = table[name] else { throw AudioDecodeError(file: name, message: "\(name): no such file") }
            try decoder.seek(toFrame: 0)
            return decoder
        }
        let timeline = timeline
        let log = recorded
        player.addEventListener { event in
            log.events.append(event)
            if let record = event.timelineRecord { timeline.record(record) }
        }
    }

    /// Seconds since the start of the run.
    func at(_ seconds: Double) -> SimTime { .defaultStart + .nanoseconds(Int64(seconds * 1e9)) }

    var kinds: [TimelineEvent] { timeline.events }
}

final class EventLog: @unchecked Sendable {
    var events: [AudioPlayerEvent] = []
}

let s16Stereo8k = AudioFormat(sample: .s16, channels: 2, sampleRate: 8_000)

@Suite struct AudioPlayerTests {
    static let formats: [AudioFormat.Sample] = [.u8, .s16, .s24Packed, .s24In32, .s32, .f32, .f64]

    @Test(arguments: formats)
    func unityVolumePassesBytesUntouched(sample: AudioFormat.Sample) {
        let tone = MemoryDecoder.tone(AudioFormat(sample: sample, channels: 2, sampleRate: 8_000), seconds: 0.77)
        let rig = VirtualRig([("a.wav", tone)])
        #expect(rig.player.play())
        rig.engine.run()
        #expect(rig.output.bytes == tone.bytes)
        #expect(rig.engine.isIdle)
    }

    @Test func finishedComesOneFileLengthAfterStarted() {
        let rig = VirtualRig([("a.wav", .tone(s16Stereo8k, seconds: 2.5))])
        rig.player.play()
        rig.engine.run()
        #expect(rig.kinds == [
            TimelineEvent(time: rig.at(0), kind: .audioStarted(file: "a.wav")),
            TimelineEvent(time: rig.at(2.5), kind: .audioFinished(file: "a.wav", success: true)),
        ])
        #expect(rig.playerEvents.last == .endOfQueue(success: true))
        #expect(rig.output.calls.last == .close)
    }

    @Test func loopsPlayEachFileNPlusOneTimesWithOneStartAndFinish() {
        let tone = MemoryDecoder.tone(s16Stereo8k, seconds: 0.3)
        let rig = VirtualRig([("a.wav", tone)])
        rig.player.numberOfLoops = 2
        rig.player.play()
        rig.engine.run()
        #expect(rig.output.bytes == tone.bytes + tone.bytes + tone.bytes)
        #expect(rig.kinds.map(\.kind.name) == ["audio.started", "audio.finished"])
        #expect(rig.kinds.first?.kind == .audioStarted(file: "a.wav"))
        #expect(rig.kinds.last?.kind == .audioFinished(file: "a.wav", success: true))
        #expect(rig.kinds.last?.time == rig.at(0.9))
    }

    @Test func negativeLoopsPlayUntilStopped() {
        let tone = MemoryDecoder.tone(s16Stereo8k, seconds: 0.25)
        let rig = VirtualRig([("a.wav", tone)])
        rig.player.numberOfLoops = -1
        rig.player.play()
        rig.engine.run(until: rig.at(10))
        #expect(rig.player.isPlaying)
        rig.player.stop()
        #expect(rig.engine.isIdle)
        #expect(rig.output.framesWritten >= 10 * 8_000)
        #expect(rig.output.calls.last == .close)
    }

    @Test func pauseHoldsThePositionAndResumeFinishesLater() {
        let tone = MemoryDecoder.tone(s16Stereo8k, seconds: 2)
        let rig = VirtualRig([("a.wav", tone)])
        rig.player.play()
        rig.engine.run(until: rig.at(1.02))
        rig.player.pause()
        #expect(rig.player.currentTime == .milliseconds(1020))
        #expect(rig.output.isPaused)
        let written = rig.output.framesWritten
        rig.engine.run(until: rig.at(6.02))
        #expect(rig.output.framesWritten == written)
        #expect(rig.engine.isIdle)
        rig.player.play()
        rig.engine.run()
        #expect(rig.output.bytes == tone.bytes)
        #expect(rig.kinds == [
            TimelineEvent(time: rig.at(0), kind: .audioStarted(file: "a.wav")),
            TimelineEvent(time: rig.at(1.02), kind: .audioPaused(file: "a.wav")),
            TimelineEvent(time: rig.at(6.02), kind: .audioResumed(file: "a.wav")),
            TimelineEvent(time: rig.at(7), kind: .audioFinished(file: "a.wav", success: true)),
        ])
    }

    @Test func stopKeepsThePositionAndPlayContinuesFromIt() {
        let tone = MemoryDecoder.tone(s16Stereo8k, seconds: 2)
        let rig = VirtualRig([("a.wav", tone)])
        rig.player.play()
        rig.engine.run(until: rig.at(0.5))
        rig.player.stop()
        #expect(rig.output.format == nil)
        #expect(rig.player.currentTime == .milliseconds(500))
        let before = rig.output.bytes.count
        rig.player.play()
        rig.engine.run()
        let resumed = Array(rig.output.bytes[before...])
        #expect(resumed == Array(tone.bytes[(4_000 * 4)...]))
    }

    @Test func seekingMovesToTheNewPosition() {
        let tone = MemoryDecoder.tone(s16Stereo8k, seconds: 2)
        let rig = VirtualRig([("a.wav", tone)])
        rig.player.currentTime = .milliseconds(1500)
        rig.player.play()
        rig.engine.run()
        #expect(rig.output.bytes == Array(tone.bytes[(12_000 * 4)...]))
        #expect(rig.kinds.last?.time == rig.at(0.5))
    }

    @Test func seekingWhilePlayingDropsWhatWasQueuedAndGoesOnFromThere() {
        let tone = MemoryDecoder.tone(s16Stereo8k, seconds: 2)
        let rig = VirtualRig([("a.wav", tone)])
        rig.player.play()
        rig.engine.schedule(at: rig.at(0.5)) { rig.player.currentTime = .milliseconds(1500) }
        rig.engine.run()
        #expect(rig.output.bytes == Array(tone.bytes[..<(4_000 * 4)] + tone.bytes[(12_000 * 4)...]))
        #expect(rig.output.calls.contains(.drop))
        #expect(rig.kinds.last == TimelineEvent(time: rig.at(1), kind: .audioFinished(file: "a.wav", success: true)))
    }

    @Test func halfVolumeHalvesEverySample() {
        let tone = MemoryDecoder.tone(AudioFormat(sample: .s16, channels: 1, sampleRate: 8_000), seconds: 0.5)
        let rig = VirtualRig([("a.wav", tone)])
        rig.player.volume = 0.5
        rig.player.play()
        rig.engine.run()
        let expected = samples16(tone.bytes).map { Int16((Double($0) * 0.5).rounded()) }
        #expect(samples16(rig.output.bytes) == expected)
    }

    @Test func fadeRampsLinearlyOverItsDuration() {
        let tone = MemoryDecoder.tone(AudioFormat(sample: .s16, channels: 1, sampleRate: 8_000), seconds: 1.5)
        let rig = VirtualRig([("a.wav", tone)])
        rig.player.setVolume(0, fadeDuration: .seconds(1))
        rig.player.play()
        rig.engine.run()
        let original = samples16(tone.bytes)
        let expected = original.indices.map { i in
            Int16((Double(original[i]) * (i < 8_000 ? 1 - Double(i) / 8_000 : 0)).rounded())
        }
        #expect(samples16(rig.output.bytes) == expected)
        #expect(rig.player.volume == 0)
    }

    @Test func matchingFormatsPlayGaplesslyOnOneOpenOutput() {
        let a = MemoryDecoder.tone(s16Stereo8k, seconds: 0.5)
        let b = MemoryDecoder.tone(s16Stereo8k, seconds: 0.25, frequency: 880)
        let rig = VirtualRig([("a.wav", a), ("b.wav", b)])
        rig.player.play()
        rig.engine.run()
        #expect(rig.output.bytes == a.bytes + b.bytes)
        #expect(rig.output.calls.filter { if case .open = $0 { true } else { false } }.count == 1)
        #expect(rig.kinds == [
            TimelineEvent(time: rig.at(0), kind: .audioStarted(file: "a.wav")),
            TimelineEvent(time: rig.at(0.5), kind: .audioFinished(file: "a.wav", success: true)),
            TimelineEvent(time: rig.at(0.5), kind: .audioStarted(file: "b.wav")),
            TimelineEvent(time: rig.at(0.75), kind: .audioFinished(file: "b.wav", success: true)),
        ])
    }

    @Test func aDifferentFormatDrainsAndReopensTheOutput() {
        let mono = AudioFormat(sample: .f32, channels: 1, sampleRate: 16_000)
        let rig = VirtualRig([("a.wav", .tone(s16Stereo8k, seconds: 0.1)), ("b.wav", .tone(mono, seconds: 0.1))])
        rig.player.play()
        rig.engine.run()
        let lifecycle = rig.output.calls.filter { if case .write = $0 { false } else { true } }
        #expect(lifecycle == [.open(s16Stereo8k), .drain, .close, .open(mono), .drain, .close])
    }

    @Test func aDecodeErrorEndsThatFileAndTheQueueGoesOn() {
        let broken = MemoryDecoder.tone(s16Stereo8k, seconds: 1, name: "bad.wav", failAtFrame: 2_000)
        let good = MemoryDecoder.tone(s16Stereo8k, seconds: 0.2)
        let rig = VirtualRig([("bad.wav", broken), ("missing.wav", nil), ("good.wav", good)])
        let delegate = RecordingDelegate()
        rig.player.delegate = delegate
        rig.player.play()
        rig.engine.run()
        #expect(rig.kinds.map(\.kind.name) == [
            "audio.started", "error", "audio.finished", "error", "audio.finished", "audio.started", "audio.finished",
        ])
        #expect(rig.kinds[2].kind == .audioFinished(file: "bad.wav", success: false))
        #expect(rig.playerEvents.last == .endOfQueue(success: false))
        #expect(delegate.finished == [false])
        #expect(delegate.decodeErrors.count == 2)
        #expect(rig.output.bytes == Array(broken.bytes[..<(2_000 * 4)]) + good.bytes)
    }

    @Test(arguments: [RecordingAudioOutput.Fault.underrun, .suspend])
    func recoveredFaultsLoseNothing(fault: RecordingAudioOutput.Fault) {
        let tone = MemoryDecoder.tone(s16Stereo8k, seconds: 1)
        let rig = VirtualRig([("a.wav", tone)])
        rig.output.inject(fault, afterFrames: 3_000)
        rig.player.play()
        rig.engine.run()
        #expect(rig.output.bytes == tone.bytes)
        #expect(rig.output.underruns + rig.output.suspends == 1)
        #expect(rig.playerEvents.last == .endOfQueue(success: true))
    }

    @Test func unpluggingPausesWithARouteChangeAndReplugContinues() {
        let tone = MemoryDecoder.tone(s16Stereo8k, seconds: 1)
        let session = AudioSession(category: .playback)
        var notifications: [AudioSession.Notification] = []
        session.addNotificationListener { notifications.append($0) }
        let rig = VirtualRig([("a.wav", tone)], session: session)
        rig.output.inject(.unplug, afterFrames: 3_000)
        rig.player.play()
        rig.engine.run()
        #expect(!rig.player.isPlaying)
        #expect(rig.output.framesWritten == 3_000)
        #expect(rig.kinds.last == TimelineEvent(time: rig.at(0.35), kind: .error(message: "The audio device 'recording' went away (unplugged); playback paused.", code: nil)))
        #expect(rig.kinds.dropLast().last?.kind == .audioPaused(file: "a.wav"))
        #expect(notifications == [.routeChange(.oldDeviceUnavailable)])
        // 2 800 frames had played when the write of frames 2 800…3 199 failed after 200 of them.
        #expect(rig.player.currentTime == .milliseconds(350))
        rig.output.replug()
        rig.player.play()
        rig.engine.run()
        #expect(rig.output.bytes == Array(tone.bytes[..<(3_000 * 4)] + tone.bytes[(2_800 * 4)...]))
        #expect(rig.playerEvents.last == .endOfQueue(success: true))
    }

    @Test func aBusyDeviceEndsPlaybackWithItsMessage() {
        let rig = VirtualRig([("a.wav", .tone(s16Stereo8k, seconds: 1))])
        rig.output.inject(.busyOnOpen)
        rig.player.play()
        rig.engine.run()
        #expect(rig.playerEvents.contains(.outputError(message: "The audio device 'recording' is busy: another program is using it.")))
        #expect(rig.playerEvents.last == .endOfQueue(success: false))
        #expect(rig.output.framesWritten == 0)
    }

    @Test func onTheDevicesClockAThreadWritesEveryFrame() async {
        let tone = MemoryDecoder.tone(s16Stereo8k, seconds: 0.6)
        let output = RecordingAudioOutput()
        let player = AudioPlayer(files: ["a.wav", "b.wav"], output: output) { _ in
            MemoryDecoder(format: tone.format, bytes: tone.bytes)
        }
        let events = player.events  // before play(), to see every event
        player.play()
        var seen: [AudioPlayerEvent] = []
        for await event in events {
            if case .progress = event { continue }
            seen.append(event)
            if case .endOfQueue = event { break }
        }
        #expect(seen == [
            .started(file: "a.wav"), .finished(file: "a.wav", success: true),
            .started(file: "b.wav"), .finished(file: "b.wav", success: true), .endOfQueue(success: true),
        ])
        #expect(output.bytes == tone.bytes + tone.bytes)
    }

    @Test func onTheDevicesClockItWritesWholePeriodsUpToAQuarterSecondAndOnVirtualTimeAStepOf50ms() async {
        let tone = MemoryDecoder.tone(s16Stereo8k, seconds: 0.6)  // 4,800 frames at 8 kHz; a quarter second is 2,000
        func sizes(_ output: RecordingAudioOutput) -> [Int] {
            output.calls.compactMap { if case .write(let frames) = $0 { frames } else { nil } }
        }
        func writes(periodFrames: Int) async -> [Int] {
            let device = RecordingAudioOutput(periodFrames: periodFrames)
            let player = AudioPlayer(files: ["a.wav"], output: device) { _ in MemoryDecoder(format: tone.format, bytes: tone.bytes) }
            let events = player.events
            player.play()
            for await event in events { if case .endOfQueue = event { break } }
            #expect(device.bytes == tone.bytes)
            return sizes(device)
        }
        // On the device's clock: as many whole periods as fit in a quarter of a second.
        #expect(await writes(periodFrames: 1_000) == [2_000, 2_000, 800])
        #expect(await writes(periodFrames: 600) == [1_800, 1_800, 1_200])
        // At least one period; a period longer than a quarter of a second is written a quarter at a time.
        #expect(await writes(periodFrames: 1_500) == [1_500, 1_500, 1_500, 300])
        #expect(await writes(periodFrames: 10_000) == [2_000, 2_000, 800])
        // On virtual time the steps stay 50 ms (400 frames), whatever the device's period.
        let engine = EventEngine(start: .defaultStart)
        let virtual = RecordingAudioOutput(periodFrames: 1_000)
        let virtualPlayer = AudioPlayer(files: ["a.wav"], output: virtual, pacing: .virtual(engine)) { _ in
            MemoryDecoder(format: tone.format, bytes: tone.bytes)
        }
        virtualPlayer.play()
        engine.run()
        #expect(sizes(virtual) == Array(repeating: 400, count: 12))
    }

    /// A device that does not open ends the run at the writer's first step, and a sink that stops the
    /// player then (as `bgaudio play` does) calls `stop()` on the writer thread, possibly before `play()`
    /// has returned on the caller's. The writer used to learn its own id from the caller, after
    /// `pthread_create` returned: when it got there first, it waited for its own end, forever (`bgaudio
    /// play` without a sound card hung under load). Many short runs on several threads at once make that
    /// order likely (without the fix, about one run in a few hundred hung); a run still going after
    /// ``hangLimit`` counts as hung, so a regression fails here instead of stalling the suite.
    @Test func aSinkThatStopsThePlayerWhenTheDeviceDoesNotOpenAlwaysEndsTheRun() async throws {
        let tone = MemoryDecoder.tone(s16Stereo8k, seconds: 0.1)
        let (threads, runsPerThread) = (4, 300)
        let ended = Atomic<Int>(0)
        let failures = Atomic<Int>(0)
        for _ in 0..<threads {
            DedicatedThread.start {
                for _ in 0..<runsPerThread {
                    let output = RecordingAudioOutput()
                    output.inject(.busyOnOpen)
                    let player = AudioPlayer(files: ["a.wav"], output: output) { _ in
                        MemoryDecoder(format: tone.format, bytes: tone.bytes)
                    }
                    // As `bgaudio play`'s console: the sink stops the player, then ends the run the caller waits for.
                    let end = ConditionLock()
                    var stopped = false
                    player.addEventListener { [weak player] event in
                        guard case .outputError = event else { return }
                        failures.add(1, ordering: .relaxed)
                        player?.stop()
                        end.withLock {
                            stopped = true
                            end.broadcast()
                        }
                    }
                    player.play()
                    end.withLock { end.wait { stopped } }
                    ended.add(1, ordering: .relaxed)
                }
            }
        }
        let deadline = ContinuousClock.now + Self.hangLimit
        while ended.load(ordering: .relaxed) < threads * runsPerThread, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        let runs = threads * runsPerThread
        #expect(ended.load(ordering: .relaxed) == runs, "runs still going after \(Self.hangLimit): the writer waits for itself")
        #expect(failures.load(ordering: .relaxed) == runs)
    }

    /// How long the runs above may take before they count as hung: minutes more than a loaded machine needs.
    static let hangLimit = Duration.seconds(120)
}

final class RecordingDelegate: AudioPlayerDelegate {
    var finished: [Bool] = []
    var decodeErrors: [any Error] = []
    func audioPlayerDidFinishPlaying(_ player: AudioPlayer, successfully flag: Bool) { finished.append(flag) }
    func audioPlayerDecodeErrorDidOccur(_ player: AudioPlayer, error: any Error) { decodeErrors.append(error) }
}

func samples16(_ bytes: [UInt8]) -> [Int16] {
    stride(from: 0, to: bytes.count, by: 2).map { Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8) }
}
