import BackgroundCore
import Glibc
import Testing

@Suite struct LiveRunTests {
    @Test func takesThePostsOfSeveralThreadsInTheirOrderAndLosesNone() async throws {
        let engine = EventEngine(start: .defaultStart)
        let run = LiveRun(engine: engine, clock: FrozenClock())
        var seen: [[Int]] = Array(repeating: [], count: 4)
        for thread in 0..<4 {
            run.add(ThreadedScript(values: Array(0..<2_000)), whenFinished: .keepRunning) { seen[thread].append($0) }
        }

        try await run.run()  // ends when the last source has ended

        for thread in 0..<4 {
            #expect(seen[thread] == Array(0..<2_000), "thread \(thread)")
        }
        #expect(engine.now == .defaultStart, "a frozen clock: every input at the start time")
    }

    @Test func aPostWakesARunSleepingUntilItsNextTimer() async throws {
        let engine = EventEngine(start: .defaultStart)
        var timerRan = false
        engine.schedule(after: .seconds(3_600)) { timerRan = true }
        let clock = FrozenClock()
        let run = LiveRun(engine: engine, clock: clock)
        var handled: [(Int, SimTime)] = []
        run.add(SleepThenPost(clock: clock)) { handled.append(($0, engine.now)) }

        // On a frozen clock the timer an hour away never comes: only the post can wake the run.
        try await run.run()

        #expect(handled.map(\.0) == [42])
        #expect(handled.map(\.1) == [.defaultStart])
        #expect(!timerRan)
    }

    @Test func postsWakeTheRunButItKeepsOneSleeperForAnUnchangedDeadline() async throws {
        let engine = EventEngine(start: .defaultStart)
        engine.schedule(after: .seconds(3_600)) {}
        let clock = FrozenClock()
        let run = LiveRun(engine: engine, clock: clock)
        let handled = Tally()
        // Each value is posted once the one before it was handled: twenty separate wakes of the run.
        run.add(PostEachWhenHandled(count: 20, handled: handled)) { _ in handled.add() }

        try await run.run()

        #expect(handled.value == 20)
        #expect(clock.sleepsStarted == 1, "one sleep until the timer, not one per wake")
    }

    @Test func cancellationStopsEverySource() async throws {
        let stopped = Tally()
        let started = Tally()
        let task = Task {
            let engine = EventEngine(start: .defaultStart)
            let run = LiveRun(engine: engine, clock: FrozenClock())
            for _ in 0..<3 {
                run.add(WaitingSource(values: [1], then: .waitForCancellation, stopped: stopped)) { _ in
                    started.add()
                    if started.value == 3 { withUnsafeCurrentTask { $0?.cancel() } }  // Ctrl-C, once all are up
                }
            }
            try await run.run()
        }

        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(started.value == 3)
        #expect(stopped.value == 3, "run() returns only once every source has stopped")
    }

    @Test func theFirstErrorWinsAndStopsTheOtherSources() async throws {
        let engine = EventEngine(start: .defaultStart)
        let run = LiveRun(engine: engine, clock: FrozenClock())
        let stopped = Tally()
        var seen: [Int] = []
        run.add(WaitingSource(values: [1, 2], then: .fail(SourceFailure(name: "first")), stopped: stopped)) { seen.append($0) }
        run.add(WaitingSource(values: [], then: .failWhenCancelled(SourceFailure(name: "later")), stopped: stopped)) { seen.append($0) }

        await #expect(throws: SourceFailure(name: "first")) { try await run.run() }
        #expect(seen == [1, 2], "what the failing source posted before its error arrives")
        #expect(stopped.value == 1)
    }

    @Test func aSourceThatEndsTheRunHasAllItsInputsHandledAndStopsTheOthers() async throws {
        let engine = EventEngine(start: .defaultStart)
        let run = LiveRun(engine: engine, clock: FrozenClock())
        let stopped = Tally()
        var seen: [Int] = []
        run.add(WaitingSource(values: [], then: .waitForCancellation, stopped: stopped), whenFinished: .keepRunning) { _ in }
        run.add(ThreadedScript(values: Array(1...500))) { seen.append($0) }

        try await run.run()

        #expect(seen == Array(1...500))
        #expect(stopped.value == 1)
    }

    @Test func theStopTimeEndsTheRunThereAndStopsTheSources() async throws {
        let engine = EventEngine(start: .defaultStart)
        var ran: [Duration] = []
        for seconds in [10, 30, 60] as [Int64] {
            // Unowned: the engine's queue holds the action (LeakSanitizer finds the cycle a strong capture makes).
            engine.schedule(after: .seconds(seconds)) { [unowned engine] in ran.append(engine.now - .defaultStart) }
        }
        let run = LiveRun(engine: engine, until: .defaultStart + .seconds(30), clock: ManualClock())
        let stopped = Tally()
        run.add(WaitingSource(values: [], then: .waitForCancellation, stopped: stopped)) { _ in }

        try await run.run()

        #expect(ran == [.seconds(10), .seconds(30)])
        #expect(engine.now == .defaultStart + .seconds(30))
        #expect(stopped.value == 1)
    }
}

/// A source that waits until the run's clock has a sleeper, then posts 42 from a thread of its own.
private struct SleepThenPost: LiveSource {
    let clock: FrozenClock

    func run(posting input: EngineInput<Int>) async throws {
        while clock.sleepsStarted == 0 { await Task.yield() }
        try await ThreadedScript(values: [42]).run(posting: input)
    }
}

/// Posts 0, 1, 2… from a thread of its own, each once `handled` has counted the one before.
private struct PostEachWhenHandled: LiveSource {
    let count: Int
    let handled: Tally

    func run(posting input: EngineInput<Int>) async throws {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DedicatedThread.start {
                for value in 0..<count {
                    input.post(value)
                    while handled.value <= value { usleep(200) }
                }
                done.resume()
            }
        }
    }
}
