@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
import BackgroundCore
import Glibc
import HeapModule
import Synchronization

/// Swift concurrency on one thread, for a program that must not wake while nothing happens.
///
/// On Linux the default executor is libdispatch's global queues: the first task starts a worker pool, and
/// with it the pool monitor, a 1 s timer that wakes the process every second for as long as it lives. This
/// executor runs every job of the program on the thread that called ``run()``: jobs in a FIFO, delayed ones
/// (`Task.sleep`, `clock.sleep`) in a heap by deadline; with nothing ready the thread sleeps in `poll` until
/// the earliest deadline, or for good when there is none, and a byte down a pipe wakes it when another thread
/// (a reader, a socket, the signal thread) enqueues a job. An idle program thus makes no system call at all.
///
/// ``runProgram(_:)`` makes it the program's main and default executor (Swift 6.3's `ExecutorFactory`,
/// still SPI) and runs the program's async entry point on it: the `bgloc` program's synchronous `main`
/// does. Not the compiler's way, a `typealias DefaultExecutorFactory` on the `@main` type: on Linux the
/// async `main` of Swift 6.3.1 ignores it unless the target is built with `-disable-availability-checking`.
/// Nor the runtime's `swift_task_enqueueGlobal_hook` and kin, which the statically linked release build
/// does not export (docs/PERFORMANCE.md, "One thread for the program's tasks").
///
/// ```swift
/// // production: the program's whole async life on its main thread
/// static func main() { SingleThreadExecutor.runProgram { await BGLoc.main() } }
///
/// // test: an executor of its own on a thread of its own, tasks sent to it by preference
/// let executor = SingleThreadExecutor()
/// DedicatedThread.start { executor.run() }
/// let value = await Task(executorPreference: executor) { 42 }.value
/// executor.stop()
/// ```
///
/// - Warning: Everything runs on one thread: a job that blocks the thread waiting for another job (a
///   semaphore, a condition, a join on a thread that awaits) never returns. Block only on threads of your own.
package final class SingleThreadExecutor: MainExecutor, TaskExecutor, SchedulingExecutor, @unchecked Sendable {
    // @unchecked: the queues live in `state` (a Mutex); the pipe's ends never change, and `runner` is set and
    // read by the running thread only.
    // Package, not public: a public type may not conform to the SPI protocols (MainExecutor, SchedulingExecutor).

    /// A job waiting for its deadline; the heap orders by deadline, then by the order of enqueueing.
    private struct Delayed: Comparable {
        let deadline: ContinuousClock.Instant
        let sequence: UInt64
        let job: UnownedJob

        static func < (lhs: Delayed, rhs: Delayed) -> Bool {
            (lhs.deadline, lhs.sequence) < (rhs.deadline, rhs.sequence)
        }

        static func == (lhs: Delayed, rhs: Delayed) -> Bool {
            lhs.deadline == rhs.deadline && lhs.sequence == rhs.sequence
        }
    }

    private struct State {
        var ready: [UnownedJob] = []
        var delayed = Heap<Delayed>()
        var sequence: UInt64 = 0
        /// The running thread is in (or about to enter) `poll`: an enqueue must write to the pipe.
        var sleeping = false
        var stopped = false

        /// Whether the running thread sleeps, so that an enqueue must wake it; clears it, so one write suffices.
        mutating func takeSleeping() -> Bool {
            defer { sleeping = false }
            return sleeping
        }

        /// The jobs to run now (the ready ones, then those whose deadline has come, in deadline order), or
        /// none and the deadline to sleep until, marking the thread as sleeping; `stopped` once after ``stop()``.
        mutating func next(at now: ContinuousClock.Instant) -> (jobs: [UnownedJob], stopped: Bool, deadline: ContinuousClock.Instant?) {
            if stopped {
                stopped = false
                return ([], true, nil)
            }
            while let first = delayed.min, first.deadline <= now {
                ready.append(delayed.removeMin().job)
            }
            if ready.isEmpty {
                sleeping = true
                return ([], false, delayed.min?.deadline)
            }
            defer { ready.removeAll(keepingCapacity: true) }
            return (ready, false, nil)
        }
    }

    private let state = Mutex(State())
    /// The wake-up pipe, never signalled: its ``StopSignal/wake()`` ends the running thread's sleep in
    /// ``StopSignal/wait(readable:timeout:)``. ``stop()`` is the executor's own flag, since it may run again.
    private let wakeUp: StopSignal
    private var runner: pthread_t?

    /// A stopped executor: jobs enqueued wait until a thread calls ``run()``.
    package init() {
        do {
            wakeUp = try StopSignal()
        } catch {
            // Without the pipe no other thread could ever wake the program: as fatal as failing to start a thread.
            preconditionFailure("cannot create the executor's wake-up pipe: \(error)")
        }
    }

    /// Makes one executor the program's main and default executor, runs `main` on it in a task, and
    /// returns when `main` has returned. Call once, from the program's synchronous `main`, before any task.
    package static func runProgram(_ main: @escaping @Sendable () async -> Void) {
        _createExecutors(factory: ProgramExecutors.self)
        let executor = ProgramExecutors.executor
        Task {
            await main()
            executor.stop()
        }
        executor.run()
    }

    /// Runs `job` on the running thread, after the jobs enqueued before it.
    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let wake = state.withLock { state in
            state.ready.append(job)
            return state.takeSleeping()
        }
        if wake { signal() }
    }

    /// Runs `job` once `clock` reaches `instant` (tolerance is not used: the thread wakes at the deadline).
    package func enqueue<C: Clock>(_ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C) {
        enqueue(job, after: clock.now.duration(to: instant), tolerance: tolerance, clock: clock)
    }

    /// Runs `job` once `delay` has passed on `clock`, measured from now on the continuous clock.
    package func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C) {
        // Every clock of the standard library counts in `Duration`; another counts as due at once.
        let deadline = ContinuousClock.now.advanced(by: (delay as? Duration) ?? .zero)
        let job = UnownedJob(job)
        let wake = state.withLock { state in
            state.sequence += 1
            state.delayed.insert(Delayed(deadline: deadline, sequence: state.sequence, job: job))
            return state.takeSleeping()
        }
        if wake { signal() }
    }

    /// Runs jobs on the calling thread until ``stop()``.
    package func run() {
        runUntil { false }
    }

    /// Runs jobs on the calling thread until ``stop()`` or until `condition` holds, checked before each batch.
    package func runUntil(_ condition: () -> Bool) {
        runner = pthread_self()
        defer { runner = nil }
        while !condition() {
            let now = ContinuousClock.now
            let (jobs, stopped, deadline) = state.withLock { state in state.next(at: now) }
            if stopped { return }
            if jobs.isEmpty {
                sleep(until: deadline)
                continue
            }
            for job in jobs {
                job.runSynchronously(isolatedTo: asUnownedSerialExecutor(), taskExecutor: asUnownedTaskExecutor())
            }
        }
    }

    /// Makes ``run()`` return once the job running now (if any) ends; jobs not run yet stay queued.
    package func stop() {
        let wake = state.withLock { state in
            state.stopped = true
            return state.takeSleeping()
        }
        if wake { signal() }
    }

    /// For `MainActor.assumeIsolated` and the like: true only on the running thread.
    package func checkIsolated() {
        precondition(runner.map { pthread_equal($0, pthread_self()) != 0 } ?? false, "not on the executor's thread")
    }

    /// Sleeps on the pipe until `deadline` (for good with none) or a wake-up, which the wait drains.
    /// `wait` rounds the timeout up to whole milliseconds, so the thread never wakes just before the
    /// deadline and spins.
    private func sleep(until deadline: ContinuousClock.Instant?) {
        _ = wakeUp.wait(timeout: deadline.map { max(.zero, ContinuousClock.now.duration(to: $0)) })
        state.withLock { $0.sleeping = false }
    }

    private func signal() {
        wakeUp.wake()
    }

    /// The executors ``runProgram(_:)`` installs: one instance, as main and as default executor.
    private enum ProgramExecutors: ExecutorFactory {
        static let executor = SingleThreadExecutor()
        static var mainExecutor: any MainExecutor { executor }
        static var defaultExecutor: any TaskExecutor { executor }
    }
}
