import BackgroundCore
import Synchronization
import Testing

@Suite struct EngineInboxTests {
    @Test func closuresPostedFromSeveralThreadsAllRunInEachThreadsOrder() async throws {
        let engine = EventEngine(start: .defaultStart)
        let log = ThreadLog(threads: 4)
        let run = LiveRun(engine: engine, clock: FrozenClock())
        for thread in 0..<4 {
            run.add(PostingThread(inbox: engine.inbox, thread: thread, log: log), whenFinished: .keepRunning) { _ in }
        }

        try await run.run()  // each source ends once its thread has posted everything

        for thread in 0..<4 {
            #expect(log.entries(of: thread) == Array(0..<1_000), "thread \(thread)")
        }
    }

    @Test func inputsWaitForALiveRunAndAVirtualRunLeavesThem() async throws {
        let engine = EventEngine(start: .defaultStart)
        let ran = Tally()
        engine.inbox.post { ran.add() }
        engine.run()
        #expect(ran.value == 0, "a virtual run never looks at the inbox")

        let run = LiveRun(engine: engine, clock: FrozenClock())
        run.add(ThreadedScript(values: [Int]())) { _ in }
        try await run.run()

        #expect(ran.value == 1, "posted before the run, taken at its start")
    }

    @Test func whatIsLeftWhenARunEndsIsDropped() async throws {
        // Unchecked: the first run's task uses the engine, and this test only once that task has ended.
        nonisolated(unsafe) let engine = EventEngine(start: .defaultStart)
        let ran = Tally()
        let first = Task {
            let run = LiveRun(engine: engine, clock: FrozenClock())
            run.add(WaitingSource(values: [1], then: .waitForCancellation, stopped: Tally())) { _ in
                engine.inbox.post { ran.add() }  // posted after the inputs the run took...
                withUnsafeCurrentTask { $0?.cancel() }  // ...which end with a Ctrl-C
            }
            try await run.run()
        }
        await #expect(throws: CancellationError.self) { try await first.value }

        let next = LiveRun(engine: engine, clock: FrozenClock())
        next.add(ThreadedScript(values: [Int]())) { _ in }
        try await next.run()

        #expect(ran.value == 0, "left in the inbox by the first run, dropped, never run by the next")
    }
}

/// What each thread's closures did, in the order they ran.
private final class ThreadLog: Sendable {
    private let entries: Mutex<[[Int]]>
    init(threads: Int) { entries = Mutex(Array(repeating: [], count: threads)) }
    func append(_ value: Int, to thread: Int) { entries.withLock { $0[thread].append(value) } }
    func entries(of thread: Int) -> [Int] { entries.withLock { $0[thread] } }
}

/// Posts `0..<1000` as plain closures into the inbox from a thread of its own, then ends.
private struct PostingThread: LiveSource {
    let inbox: EngineInbox
    let thread: Int
    let log: ThreadLog

    func run(posting input: EngineInput<Never>) async throws {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DedicatedThread.start { [inbox, thread, log] in
                for n in 0..<1_000 { inbox.post { log.append(n, to: thread) } }
                done.resume()
            }
        }
    }
}
