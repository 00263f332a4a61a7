import Synchronization

/// The engine's way in from other threads: any thread may post an input, which the engine runs on its
/// owner's thread, at the current live time, during a live run (``EngineRun``'s live pacing, as a
/// ``LiveRun`` has it drive the engine).
///
/// An engine is not thread-safe; its inbox is. A reader thread, a socket or a transfer's completion posts
/// a closure; the live run takes the inputs in the order they were posted and runs each one after every
/// action due by then, at the time it is taken: the engine's rule of "time, then insertion order" holds.
/// A post wakes a live run sleeping until its next timer. Virtual and paced runs (``EventEngine/run(until:)``,
/// ``EngineRun``'s other pacings) never look at the inbox, so they stay as fast and as reproducible as they were; inputs posted while no
/// live run is going wait for the next one, and what is left when a live run ends is dropped.
///
/// A closure posted here must be `@Sendable`, so it cannot reach the engine's own (non-Sendable) state;
/// sources hand typed values to a handler on the engine's side through an ``EngineInput`` instead, which
/// posts here.
///
/// ```swift
/// // production: a thread of its own tells the run that a device is back
/// let engine = EventEngine(start: .now())
/// DedicatedThread.start { waitForDevice(); engine.inbox.post { print("device back") } }
/// try await LiveRun(engine: engine, until: engine.now + .seconds(60)).run()
///
/// // test: a post wakes a run that sleeps on a clock that never moves
/// let inbox = engine.inbox
/// Thread.detachNewThread { inbox.post { posted.store(true, ordering: .relaxed) } }
/// ```
public final class EngineInbox: Sendable {
    private struct State {
        var inputs: [@Sendable () -> Void] = []
        /// The live run waiting in ``wait()``, if it is.
        var waiter: CheckedContinuation<Void, Never>?
        /// A ``wake()`` came while nobody was waiting: the next ``wait()`` returns at once.
        var woken = false
    }

    private let state = Mutex(State())

    init() {}

    /// Posts `input`, to run on the engine's owner during the live run, at the live time it is taken;
    /// wakes the run if it is sleeping. Callable from any thread.
    public func post(_ input: @escaping @Sendable () -> Void) {
        let waiter = state.withLock { state in
            state.inputs.append(input)
            return state.waiter.take()
        }
        waiter?.resume()
    }

    /// Takes every input posted so far, oldest first.
    func take() -> [@Sendable () -> Void] {
        state.withLock { state in
            guard !state.inputs.isEmpty else { return [] }
            defer { state.inputs = [] }
            return state.inputs
        }
    }

    /// Returns once an input is waiting or ``wake()`` is called; at once if either happened since the last
    /// wait. Only one live run waits at a time.
    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                if !state.inputs.isEmpty || state.woken {
                    state.woken = false
                    return true
                }
                state.waiter = continuation
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Wakes the waiting live run without an input: its next timer came due, or its task was cancelled.
    func wake() {
        let waiter = state.withLock { state in
            if state.waiter == nil { state.woken = true }
            return state.waiter.take()
        }
        waiter?.resume()
    }

    /// Drops every input not taken yet (a live run has ended), so nothing they hold outlives it; they are
    /// released outside the lock.
    func discard() {
        var dropped: [@Sendable () -> Void] = []
        state.withLock { state in
            swap(&dropped, &state.inputs)
            state.woken = false
        }
    }
}
