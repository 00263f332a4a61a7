/// A typed way into a live run from any thread: each value posted goes, through the engine's
/// ``EngineInbox``, to a handler that runs on the engine's owner at the current live time.
///
/// A ``LiveRun`` makes one for each source it starts, bound to the handler it was given with the source
/// (`run.add(source) { fix in manager.receive(fix) }`), and hands it to the source's
/// ``LiveSource/run(posting:)``. The source never sees the handler or the engine, so it can post from a
/// thread of its own; the handler never leaves the engine's owner. Once the run has ended, posting does
/// nothing.
///
/// ```swift
/// // production: gpsd's reader thread hands over each fix
/// func run(posting input: EngineInput<LocationSourceEvent>) async throws {
///     await reader.run { event in input.post(event) }
/// }
///
/// // test: a source that posts three numbers from another thread
/// struct Counter: LiveSource {
///     func run(posting input: EngineInput<Int>) async throws {
///         Thread.detachNewThread { for n in 1...3 { input.post(n) } }
///     }
/// }
/// ```
public struct EngineInput<Input: Sendable>: Sendable {
    /// The handler, reached only on the engine's owner.
    final class Handler: @unchecked Sendable {
        // @unchecked: `handle` is read and cleared only on the engine's owner (inside inputs the live run
        // takes, and by the run when it ends); other threads only carry the reference into the inbox.
        var handle: ((Input) -> Void)?
        init(_ handle: @escaping (Input) -> Void) { self.handle = handle }
    }

    let inbox: EngineInbox
    let handler: Handler

    init(inbox: EngineInbox, handle: @escaping (Input) -> Void) {
        self.inbox = inbox
        self.handler = Handler(handle)
    }

    /// Posts `input` to the handler; callable from any thread, in the order the handler will see.
    public func post(_ input: Input) {
        inbox.post { [handler] in handler.handle?(input) }
    }

    /// Detaches the handler (the run has ended): later posts reach nothing and hold nothing of the run's.
    /// Call on the engine's owner.
    func disconnect() {
        handler.handle = nil
    }
}
