import BackgroundCore
import Synchronization

// Test doubles for live runs: a clock that never moves, and sources scripted in a few lines.

/// A clock whose time never moves: a sleep until a later instant lasts until its task is cancelled, so a
/// live run on it handles every input at its start time and wakes only for a post.
final class FrozenClock: Clock, Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let sleepers = Mutex(0)
    var now: Instant { Instant(offset: .zero) }
    var minimumResolution: Duration { .nanoseconds(1) }
    /// How many sleeps have started so far.
    var sleepsStarted: Int { sleepers.withLock { $0 } }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        guard deadline > now else { return }
        sleepers.withLock { $0 += 1 }
        try await Forever.wait()
    }
}

/// Waits until the task is cancelled, then throws `CancellationError`.
enum Forever {
    static func wait() async throws {
        let (never, keep) = AsyncStream<Never>.makeStream()
        for await _ in never {}  // an AsyncStream's iteration ends when its task is cancelled
        withExtendedLifetime(keep) {}
        throw CancellationError()
    }
}

/// A source that posts its values from a thread of its own, in order, and ends when they are all posted.
struct ThreadedScript<Value: Sendable>: LiveSource {
    let values: [Value]

    func run(posting input: EngineInput<Value>) async throws {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DedicatedThread.start {
                for value in values { input.post(value) }
                done.resume()
            }
        }
    }
}

/// A source that posts its values, then waits for cancellation (noting that it was stopped) or throws.
struct WaitingSource: LiveSource {
    /// What the source does after posting.
    enum Then: Sendable {
        case waitForCancellation
        case fail(any Error)
        case failWhenCancelled(any Error)
    }

    let values: [Int]
    let then: Then
    let stopped: Tally

    func run(posting input: EngineInput<Int>) async throws {
        for value in values { input.post(value) }
        switch then {
        case .fail(let error):
            throw error
        case .waitForCancellation:
            defer { stopped.add() }
            try await Forever.wait()
        case .failWhenCancelled(let error):
            defer { stopped.add() }
            try? await Forever.wait()
            throw error
        }
    }
}

/// An error a test source throws, told apart by its name.
struct SourceFailure: Error, Equatable {
    let name: String
}

/// A count that threads add to.
final class Tally: Sendable {
    private let count = Atomic(0)
    var value: Int { count.load(ordering: .relaxed) }
    func add() { count.add(1, ordering: .relaxed) }
}
