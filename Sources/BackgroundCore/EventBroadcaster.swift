import Synchronization

/// Hands each event of one producer to everyone listening, in one order: every `AsyncStream` made by
/// ``makeStream()``, then every sink in the order added, then the delegate.
///
/// The streams come first so that they see events in the order they were produced even when a sink or
/// the delegate reacts by producing another event. Sinks live as long as the broadcaster; the delegate is
/// held weakly, as `AVAudioPlayer.delegate` and `CLLocationManager.delegate` are; streams buffer every
/// event until read and finish on ``finish()`` or when the broadcaster goes away. Receivers are called on
/// the thread that calls ``broadcast(_:)``, outside the broadcaster's lock, so they may add receivers or
/// produce events themselves.
///
/// ```swift
/// let events = EventBroadcaster<AudioPlayerEvent>()
/// events.addSink { if let kind = $0.timelineKind { timeline.record(kind) } }
/// events.setDelegate(delegate) { [weak delegate, unowned self] event in delegate?.handle(event, from: self) }
/// events.broadcast(.started(file: "a.wav"))
/// ```
/// In a test:
/// ```swift
/// let events = EventBroadcaster<Int>()
/// let stream = events.makeStream()
/// events.broadcast(1); events.finish()
/// #expect(await Array(stream) == [1])
/// ```
package final class EventBroadcaster<Event: Sendable>: @unchecked Sendable {
    // @unchecked: the receivers are read and written only inside `lock`, and called outside it.
    private let lock = Mutex(())
    @exclusivity(unchecked) private var continuations: [AsyncStream<Event>.Continuation] = []
    @exclusivity(unchecked) private var sinks: [(Event) -> Void] = []
    @exclusivity(unchecked) private weak var delegateObject: AnyObject?
    @exclusivity(unchecked) private var deliver: ((Event) -> Void)?

    package init() {}

    deinit {
        for continuation in continuations { continuation.finish() }
    }

    /// The delegate set by ``setDelegate(_:deliver:)``, while it lives.
    package var delegate: AnyObject? {
        lock.withLock { _ in delegateObject }
    }

    /// Makes `delegate` the receiver called last, held weakly; `deliver` hands it an event (capture the
    /// delegate weakly in it). Nil removes the delegate.
    package func setDelegate(_ delegate: AnyObject?, deliver: @escaping (Event) -> Void) {
        lock.withLock { _ in
            delegateObject = delegate
            self.deliver = delegate == nil ? nil : deliver
        }
    }

    /// Adds a receiver called with every event from now on, for as long as the broadcaster lives.
    package func addSink(_ sink: @escaping (Event) -> Void) {
        lock.withLock { _ in sinks.append(sink) }
    }

    /// A new sequence of every event from now on, buffered until read; it finishes on ``finish()``.
    package func makeStream() -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream<Event>.makeStream()
        lock.withLock { _ in continuations.append(continuation) }
        return stream
    }

    /// Finishes every sequence made so far; later ones receive later events.
    package func finish() {
        let finished = lock.withLock { _ in
            defer { continuations.removeAll() }
            return continuations
        }
        for continuation in finished { continuation.finish() }
    }

    /// Hands `event` to every stream, then every sink, then the delegate.
    package func broadcast(_ event: Event) {
        let (continuations, sinks, deliver) = lock.withLock { _ in
            (self.continuations, self.sinks, delegateObject == nil ? nil : self.deliver)
        }
        for continuation in continuations { continuation.yield(event) }
        for sink in sinks { sink(event) }
        deliver?(event)
    }
}
