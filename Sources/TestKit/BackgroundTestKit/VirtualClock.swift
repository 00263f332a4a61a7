import BackgroundCore
import CVirtualClock
import EmulatedFoundation
import Foundation

/// The device's clock in the test process, for the app's code (docs/guides/your-own-code.md, "Time"):
/// CLOCK_REALTIME — what `Date()` reads — set to the device's time while a device runs (and, for the app's
/// code only, the monotonic clocks moving with it: `ContinuousClock`, `DispatchTime`), and the app's
/// delayed work (`Task.sleep` and `DispatchQueue.asyncAfter` in the app's tasks: those started from the
/// device's calls into the app, which carry ``AppContext/isAppCode``) taken from `dispatch_after` and
/// scheduled on the device's engine, and the timers the app's code schedules on the main queue
/// (`Timer.scheduledTimer`, `RunLoop.add`, which reach `CFRunLoopAddTimer`) taken for the device to fire
/// (``AppTimers``). It also counts the jobs enqueued on Swift's executors, and those on the global executor
/// until they have run, which tells the device whether the app's code still runs.
final class VirtualClock: @unchecked Sendable {
    static let shared = VirtualClock()

    private let lock = NSLock()
    private var taking = false
    private var sleeps: [(delay: Duration, work: OpaquePointer)] = []
    private var timers: [Timer] = []

    private init() {}

    /// Takes the app's sleeps from now on, and sets CLOCK_REALTIME to `time`.
    func start(at time: SimTime) {
        lock.withLock { taking = true }
        bgkit_hooks_install { delay, work in
            guard let work, AppContext.isAppCode else { return 0 }
            // To the millisecond: the delay is measured a few microseconds after the caller computed its deadline.
            let milliseconds = (delay + 500_000) / 1_000_000
            return VirtualClock.shared.take(.milliseconds(milliseconds), work) ? 1 : 0
        }
        bgkit_timer_sink_set { timer in
            guard let timer, let info = bgkit_timer_info(timer), EmulatedSystem.isOnMainQueue else { return 0 }
            // Foundation's Timer keeps itself in its CFRunLoopTimer's context.
            return VirtualClock.shared.take(Unmanaged<Timer>.fromOpaque(info).takeUnretainedValue()) ? 1 : 0
        }
        bgkit_clock_start(time.nanosecondsSinceEpoch) { AppContext.isAppCode ? 1 : 0 }
    }

    /// Leaves the sleeps and CLOCK_REALTIME to the machine; returns the sleeps taken and not handed back.
    func stop() -> [OpaquePointer] {
        bgkit_clock_clear()
        bgkit_timer_sink_set(nil)
        return lock.withLock {
            taking = false
            timers = []
            defer { sleeps = [] }
            return sleeps.map(\.work)
        }
    }

    func set(_ time: SimTime) {
        bgkit_clock_set_realtime(time.nanosecondsSinceEpoch)
    }

    private func take(_ delay: Duration, _ work: OpaquePointer) -> Bool {
        lock.withLock {
            guard taking else { return false }
            sleeps.append((delay, work))
            return true
        }
    }

    private func take(_ timer: Timer) -> Bool {
        lock.withLock {
            guard taking else { return false }
            timers.append(timer)
            return true
        }
    }

    /// The timers taken since the last call.
    func takenTimers() -> [Timer] {
        lock.withLock {
            defer { timers = [] }
            return timers
        }
    }

    /// The sleeps taken since the last call, with their delays.
    func takenSleeps() -> [(delay: Duration, work: OpaquePointer)] {
        lock.withLock {
            defer { sleeps = [] }
            return sleeps
        }
    }

    /// Jobs enqueued on Swift's executors so far.
    var enqueuedJobs: UInt64 { bgkit_enqueued_jobs() }

    /// Hands delayed work back to its queue now.
    func resume(_ work: OpaquePointer) {
        bgkit_delayed_work_submit(work)
    }

    /// Whether jobs put on Swift's global executor while the device runs (but the device's own task's) are
    /// still to run.
    var isPoolJobRunning: Bool { bgkit_pool_jobs_running() > 0 }

    /// Makes the calling task the device's own, whose jobs the device never waits for.
    func adoptCurrentTask() {
        withUnsafeCurrentTask { task in
            bgkit_device_task_set(task.map { unsafeBitCast($0, to: UnsafeMutableRawPointer.self) })
        }
    }

    /// Whether work handed back is still to run.
    var isResumedWorkRunning: Bool { bgkit_delayed_work_running() > 0 }
}
