import Combine
import Foundation
import Testing

/// A thread that runs its run loop until stopped, for the run loop scheduler and Timer.publish.
final class RunLoopThread: @unchecked Sendable {
    // @unchecked Sendable: the run loop is set once, under the lock, by the thread; the flag under the lock.
    private let lock = NSLock()
    private var loop: RunLoop?
    private var stopped = false

    init() {
        let thread = Thread { [self] in
            lock.withLock { loop = RunLoop.current }
            while !lock.withLock({ stopped }) { RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.005)) }
        }
        thread.start()
        while lock.withLock({ loop == nil }) { usleep(1_000) }
    }

    var runLoop: RunLoop { lock.withLock { loop! } }

    func stop() { lock.withLock { stopped = true } }
}

@Suite struct SchedulerTests {
    @Test func receiveOnDeliversLaterOnTheQueue() async {
        let queue = DispatchQueue(label: "receive-on")
        let key = DispatchSpecificKey<Int>()
        queue.setSpecific(key: key, value: 1)
        let onQueue = Box<Bool>()
        let values = Box<Int>()
        let done = Box<Bool>()
        queue.suspend()
        let cancellable = [1, 2, 3].publisher.receive(on: queue).sink(
            receiveCompletion: { _ in done.append(true) },
            receiveValue: {
                onQueue.append(DispatchQueue.getSpecific(key: key) == 1)
                values.append($0)
            })
        #expect(values.items.isEmpty)
        queue.resume()
        await waitUntil { !done.items.isEmpty }
        #expect(values.items == [1, 2, 3])
        #expect(onQueue.items == [true, true, true])
        cancellable.cancel()
    }

    @Test func cancellingStopsWhatReceiveOnHasScheduled() async {
        let queue = DispatchQueue(label: "receive-on-cancel")
        let subject = PassthroughSubject<Int, Never>()
        let values = Box<Int>()
        queue.suspend()
        let cancellable = subject.receive(on: queue).sink { values.append($0) }
        subject.send(1)
        cancellable.cancel()
        queue.resume()
        queue.sync {}
        #expect(values.items.isEmpty)
    }

    @Test func debounceSendsTheLastValueAfterTheQuietInterval() async {
        let queue = DispatchQueue(label: "debounce")
        let subject = PassthroughSubject<Int, Never>()
        let values = Box<(value: Int, at: ContinuousClock.Instant)>()
        let cancellable = subject.debounce(for: .milliseconds(100), scheduler: queue).sink { values.append(($0, .now)) }
        subject.send(1)
        subject.send(2)
        subject.send(3)
        let lastSent = ContinuousClock.now
        await waitUntil { !values.items.isEmpty }
        try? await Task.sleep(for: .milliseconds(150))
        subject.send(4)
        let fourthSent = ContinuousClock.now
        await waitUntil { values.items.count == 2 }
        #expect(values.items.map(\.value) == [3, 4])
        #expect(values.items[0].at - lastSent >= .milliseconds(99))
        #expect(values.items[1].at - fourthSent >= .milliseconds(99))
        cancellable.cancel()
    }

    @Test func dispatchQueueRunsARepeatingScheduleUntilCancelled() async {
        let queue = DispatchQueue(label: "repeat")
        let runs = Box<Int>()
        let schedule = queue.schedule(after: queue.now, interval: .milliseconds(10)) { runs.append(1) }
        await waitUntil { runs.items.count >= 3 }
        schedule.cancel()
        queue.sync {}
        let count = runs.items.count
        try? await Task.sleep(for: .milliseconds(50))
        #expect(count >= 3)
        #expect(runs.items.count == count)
    }

    @Test func runLoopSchedulesATimerOnItsLoop() async {
        let thread = RunLoopThread()
        let runLoop = thread.runLoop
        let ran = Box<Bool>()
        let start = runLoop.now
        runLoop.schedule(after: start.advanced(by: .milliseconds(50))) { ran.append(RunLoop.current === runLoop) }
        await waitUntil { !ran.items.isEmpty }
        #expect(ran.items == [true])
        #expect(start.distance(to: runLoop.now) >= .milliseconds(50))
        thread.stop()
    }

    @Test func operationQueueRunsNowAndLater() async {
        let queue = OperationQueue()
        let order = Box<String>()
        queue.schedule(after: queue.now.advanced(by: .milliseconds(40))) { order.append("later") }
        queue.schedule { order.append("now") }
        await waitUntil { order.items.count == 2 }
        #expect(order.items == ["now", "later"])
    }

    @Test func stridesConvert() {
        #expect(DispatchQueue.SchedulerTimeType.Stride.seconds(1.5).magnitude == 1_500_000_000)
        #expect(DispatchQueue.SchedulerTimeType.Stride.milliseconds(2) == .microseconds(2_000))
        #expect(RunLoop.SchedulerTimeType.Stride.milliseconds(250).timeInterval == 0.25)
        let now = DispatchQueue.main.now
        #expect(now.distance(to: now.advanced(by: .seconds(3))) == .seconds(3))
    }
}
