@testable import BackgroundAudio
import Testing

/// The player's rules on their own: each input, and the step or events it leads to.
@Suite struct PlayerStateMachineTests {
    /// A machine playing `files`, with the first file opened and its first chunk started.
    static func playing(_ files: [String] = ["a.wav", "b.wav"], writerThread: Bool = false) -> PlayerStateMachine {
        var machine = PlayerStateMachine(files: files, runsWriterThread: writerThread)
        _ = machine.play()
        #expect(machine.nextStep() == .write)
        #expect(machine.fileToOpen() == 0)
        #expect(machine.opened(duration: .seconds(2)) == nil)
        #expect(machine.starting() == .started(file: files[0]))
        return machine
    }

    @Test func playStartsTheWriterThreadOnceOnTheDevicesClock() {
        var machine = PlayerStateMachine(files: ["a.wav"], runsWriterThread: true)
        #expect(machine.play() == .startWriter)
        #expect(machine.pause() == true)
        #expect(machine.play() == .wake)
        #expect(machine.play() == nil)
        #expect(machine.writerRunning)
    }

    @Test func onVirtualTimePlayOnlyWakes() {
        var machine = PlayerStateMachine(files: ["a.wav"], runsWriterThread: false)
        #expect(machine.play() == .wake)
        #expect(!machine.writerRunning)
    }

    @Test func writerThreadExitsUnlessAPlayCameInMeanwhile() {
        var machine = PlayerStateMachine(files: ["a.wav"], runsWriterThread: true)
        _ = machine.play()
        let generation = machine.generation
        _ = machine.stop()
        #expect(machine.writerFinished(at: generation) == true)
        #expect(!machine.writerRunning)

        _ = machine.play()
        let seen = machine.generation
        _ = machine.pause()
        _ = machine.play()
        #expect(machine.writerFinished(at: seen) == false)  // the play came after the writer looked
        #expect(machine.writerRunning)
        #expect(machine.writerFinished(at: machine.generation) == true)
    }

    @Test func startedComesOncePerFileNotPerLoop() {
        var machine = Self.playing(["a.wav"])
        machine.numberOfLoops = 1
        #expect(machine.starting() == nil)
        #expect(machine.endOfFile() == .loop)
        #expect(machine.starting() == nil)
        #expect(machine.endOfFile() == .finish)
        #expect(machine.finishedItem(success: true) == .finished(file: "a.wav", success: true))
        #expect(machine.fileToOpen() == nil)
        #expect(machine.endOfQueue() == .endOfQueue(success: true))
        #expect(machine.status == .idle)
        #expect(machine.nextStep() == .finished)
    }

    @Test func negativeLoopsLoopForever() {
        var machine = Self.playing(["a.wav"])
        machine.numberOfLoops = -1
        for _ in 0..<100 { #expect(machine.endOfFile() == .loop) }
    }

    @Test func pauseIsAnnouncedOnceAndResumeAfterIt() {
        var machine = Self.playing()
        #expect(machine.pause() == true)
        #expect(machine.pause() == false)
        #expect(machine.nextStep() == .pause(announce: .paused(file: "a.wav")))
        #expect(machine.nextStep() == .wait)
        #expect(machine.play() == .wake)
        #expect(machine.nextStep() == .resume(announce: .resumed(file: "a.wav")))
        #expect(machine.nextStep() == .write)
    }

    @Test func pauseBeforeTheFirstChunkAnnouncesNothing() {
        var machine = PlayerStateMachine(files: ["a.wav"], runsWriterThread: false)
        _ = machine.play()
        _ = machine.pause()
        #expect(machine.nextStep() == .pause(announce: nil))
        _ = machine.play()
        #expect(machine.nextStep() == .resume(announce: nil))
    }

    @Test func interruptionPausesAndItsEndResumesOrStaysPaused() {
        var machine = Self.playing()
        #expect(machine.interruptionBegan() == true)
        #expect(machine.isInterrupted)
        #expect(machine.nextStep() == .pause(announce: .interrupted(file: "a.wav")))
        #expect(machine.interruptionEnded(resume: false) == true)
        #expect(machine.status == .paused(.user))
        #expect(machine.interruptionEnded(resume: true) == false)  // no longer interrupted

        _ = machine.play()
        _ = machine.nextStep()
        _ = machine.interruptionBegan()
        #expect(machine.interruptionEnded(resume: true) == true)
        #expect(machine.status == .playing)
    }

    @Test func stopClosesOnceAndKeepsThePosition() {
        var machine = Self.playing()
        machine.seek(to: .seconds(1))
        _ = machine.takePending()
        #expect(machine.stop() == true)
        #expect(machine.stop() == false)
        #expect(machine.nextStep() == .close)
        #expect(machine.nextStep() == .finished)
        #expect(machine.position == .seconds(1))
        #expect(machine.fileToOpen() == nil)  // the decoder stays open to play on from there
    }

    @Test func seekIsPendingUntilTakenOrUsedAtOpen() {
        var machine = PlayerStateMachine(files: ["a.wav"], runsWriterThread: false)
        machine.seek(to: .seconds(-3))
        #expect(machine.pendingSeek == .zero)
        machine.seek(to: .seconds(5))
        #expect(machine.position == .seconds(5))
        _ = machine.play()
        _ = machine.nextStep()
        #expect(machine.opened(duration: nil) == .seconds(5))
        #expect(machine.takePending().seek == nil)
    }

    @Test func volumeWithoutFadeReadsAtOnceAndWithFadeFollowsTheRamp() {
        var machine = Self.playing()
        machine.setVolume(0.5, fade: .zero)
        #expect(machine.volume == 0.5)
        machine.setVolume(0, fade: .seconds(1))
        #expect(machine.volume == 0.5)
        let pending = machine.takePending()
        #expect(pending.volume?.volume == 0 && pending.volume?.fade == .seconds(1))
        machine.applied(volume: 0.25)
        #expect(machine.volume == 0.25)
    }

    @Test func progressOncePerSecondHeard() {
        var machine = Self.playing()
        #expect(machine.heard(.milliseconds(100), second: 0) == .progress(file: "a.wav", position: .milliseconds(100), duration: .seconds(2)))
        #expect(machine.heard(.milliseconds(900), second: 0) == nil)
        #expect(machine.position == .milliseconds(900))
        #expect(machine.heard(.milliseconds(1_000), second: 1) != nil)
    }

    @Test func aFileThatDoesNotOpenEndsUnsuccessfullyAndTheQueueGoesOn() {
        var machine = PlayerStateMachine(files: ["bad.wav", "b.wav"], runsWriterThread: false)
        _ = machine.play()
        _ = machine.nextStep()
        #expect(machine.fileToOpen() == 0)
        #expect(machine.openFailed(message: "bad") == [.decodeError(file: "bad.wav", message: "bad"), .finished(file: "bad.wav", success: false)])
        #expect(machine.fileToOpen() == 1)
        _ = machine.opened(duration: nil)
        #expect(machine.starting() == .started(file: "b.wav"))
        _ = machine.finishedItem(success: true)
        #expect(machine.endOfQueue() == .endOfQueue(success: false))
        #expect(machine.endOfQueue() == .endOfQueue(success: true))  // failures are counted per pass
    }

    @Test func aDecodeErrorEndsTheFileAndIsCounted() {
        var machine = Self.playing()
        #expect(machine.decodeFailed(message: "short") == [.decodeError(file: "a.wav", message: "short"), .finished(file: "a.wav", success: false)])
        #expect(machine.fileToOpen() == 1)
    }

    @Test func aLostDevicePausesAsARouteChangeAndTellsTheSessionOnce() {
        var machine = Self.playing()
        #expect(machine.deviceLost(message: "gone") == [.paused(file: "a.wav"), .outputError(message: "gone")])
        #expect(machine.status == .paused(.route))
        #expect(machine.nextStep() == .wait)
        #expect(machine.takeRouteLost() == true)
        #expect(machine.takeRouteLost() == false)
        _ = machine.play()
        #expect(machine.nextStep() == .resume(announce: .resumed(file: "a.wav")))
    }

    @Test func anOutputFailureStopsForGood() {
        var machine = Self.playing()
        #expect(machine.failed(message: "broken") == [
            .finished(file: "a.wav", success: false), .outputError(message: "broken"), .endOfQueue(success: false),
        ])
        #expect(machine.status == .idle)
        #expect(machine.fileToOpen() == 0)
        #expect(machine.nextStep() == .finished)
    }

    @Test func routeChangePausesOnlyWhilePlaying() {
        var machine = PlayerStateMachine(files: ["a.wav"], runsWriterThread: false)
        #expect(machine.routeBecameUnavailable() == false)
        _ = machine.play()
        #expect(machine.routeBecameUnavailable() == true)
        #expect(machine.status == .paused(.route))
    }
}
