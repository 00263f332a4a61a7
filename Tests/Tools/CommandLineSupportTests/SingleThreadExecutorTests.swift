import CommandLineSupport
import Foundation
import Synchronization
import Testing

/// The executor of the bgloc program on a thread of its own, with tasks sent to it by preference: the
/// order it runs jobs in, its delayed jobs, its wake-up from other threads, and a cancelled sleep.
@Suite(.timeLimit(.minutes(1))) struct SingleThreadExecutorTests {
    /// An executor running on a new thread, and that thread's id as the jobs see it.
    final class Running: Sendable {
        let executor = SingleThreadExecutor()
        let thread = Mutex<pthread_t?>(nil)
        let ended = Atomic<Bool>(false)
        /// What the jobs recorded, in the order they ran.
        let recorded = Mutex<[Int]>([])

        init(start: Bool = true) {
            if start { self.start() }
        }

        func start() {
            Thread.detachNewThread { [self] in
                thread.withLock { $0 = pthread_self() }
                executor.run()
                ended.store(true, ordering: .releasing)
            }
        }

        /// Whether the calling job runs on the executor's thread.
        func onThread() -> Bool {
            thread.withLock { $0.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
        }
    }

    @Test func runsJobsInTheOrderTheyCameOnItsOwnThread() async throws {
        let running = Running(start: false)
        let tasks = (0..<20).map { n in
            Task(executorPreference: running.executor) {
                running.recorded.withLock { $0.append(n) }
                return running.onThread()
            }
        }
        running.start()
        for task in tasks { #expect(await task.value) }
        #expect(running.recorded.withLock { $0 } == Array(0..<20))
        running.executor.stop()
    }

    @Test func delayedJobsRunByDeadlineNotBeforeIt() async throws {
        let running = Running()
        let start = ContinuousClock.now
        let tasks = [60, 20, 40].map { milliseconds in
            Task(executorPreference: running.executor) {
                try await Task.sleep(for: .milliseconds(milliseconds))
                running.recorded.withLock { $0.append(milliseconds) }
                return (start.duration(to: .now), running.onThread())
            }
        }
        for (task, milliseconds) in zip(tasks, [60, 20, 40]) {
            let (elapsed, onThread) = try await task.value
            #expect(elapsed >= .milliseconds(milliseconds))
            #expect(onThread)
        }
        #expect(running.recorded.withLock { $0 } == [20, 40, 60])
        running.executor.stop()
    }

    @Test func aJobFromAnotherThreadWakesItsIdleThread() async throws {
        let running = Running()
        // Nothing queued and no deadline: the thread sleeps in ppoll with no timeout until the eventfd.
        try await Task.sleep(for: .milliseconds(50))
        let value = await Task(executorPreference: running.executor) { running.onThread() ? 42 : 0 }.value
        #expect(value == 42)
        running.executor.stop()
    }

    @Test func cancellingASleepingTaskEndsItsSleepAtOnce() async throws {
        let running = Running()
        let start = ContinuousClock.now
        let sleeper = Task(executorPreference: running.executor) {
            try await Task.sleep(for: .seconds(3))
        }
        try await Task.sleep(for: .milliseconds(20))
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(start.duration(to: .now) < .seconds(2))
        // The sleep's wake-up job stays queued until its deadline even though the task has ended (as it does
        // on libdispatch); stopping the executor before it runs would leave that job unfreed (LeakSanitizer).
        try await Task.sleep(until: start + .seconds(3.5))
        running.executor.stop()
    }

    @Test func stopEndsRunAndLeavesLaterJobsQueued() async throws {
        let running = Running()
        let ran = Atomic<Bool>(false)
        await Task(executorPreference: running.executor) { running.executor.stop() }.value
        while !running.ended.load(ordering: .acquiring) { try await Task.sleep(for: .milliseconds(5)) }
        let later = Task(executorPreference: running.executor) { ran.store(true, ordering: .relaxed) }
        try await Task.sleep(for: .milliseconds(50))
        let ranWhileStopped = ran.load(ordering: .relaxed)
        #expect(!ranWhileStopped)
        running.start()
        await later.value
        let ranOnceRunning = ran.load(ordering: .relaxed)
        #expect(ranOnceRunning)
        running.executor.stop()
    }
}
