import Synchronization

/// Hands each event of one producer to everyone listening, in one order: every `AsyncStream` added with
/// ``addStream(yield:finish:)``, then every sink in the order added, then the delegate.
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
/// events.addEventListener { if let record = $0.timelineRecord { timeline.record(record) } }
/// events.setDelegate(delegate) { [weak delegate, unowned self] event in delegate?.handle(event, from: self) }
/// events.broadcast(.started(file: "a.wav"))
/// ```
/// In a test:
/// ```swift
/// let events = EventBroadcaster<Int>()
/// let (stream, continuation) = AsyncStream<Int>.makeStream()
/// events.addStream(yield: { continuation.yield($0) }, finish: { continuation.finish() })
/// events.broadcast(1); events.finish()
/// #expect(await Array(stream) == [1])
/// ```
package final class EventBroadcaster<Event: Sendable>: @unchecked Sendable {
    // @unchecked: the receivers are read and written only inside `lock`, and called outside it.
    private let lock = Mutex(())
    /// Whether anyone listens, read without the lock: a replay with no listener pays one load per event.
    private let listened = Atomic(false)
    /// Each stream's yield and finish, made where `Event` is concrete (see ``addStream(yield:finish:)``).
    @exclusivity(unchecked) private var streams: [(Event) -> Void] = []
    @exclusivity(unchecked) private var finishers: [() -> Void] = []
    @exclusivity(unchecked) private var sinks: [(Event) -> Void] = []
    @exclusivity(unchecked) private weak var delegateObject: AnyObject?
    @exclusivity(unchecked) private var deliver: ((Event) -> Void)?

    package init() {}

    deinit {
        for finish in finishers { finish() }
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
            updateListened()
        }
    }

    /// Adds a receiver called with every event from now on, for as long as the broadcaster lives.
    package func addEventListener(_ listener: @escaping (Event) -> Void) {
        lock.withLock { _ in
            sinks.append(listener)
            updateListened()
        }
    }

    /// Adds a stream's continuation, as its two calls: `yield` receives every event from now on, `finish`
    /// is called on ``finish()`` or when the broadcaster goes away. Make them where the event type is
    /// known, so that they are specialized: a `yield` from this generic code looked up
    /// `AsyncStream<Event>.Continuation`'s metadata at run time, some 600 instructions per event.
    ///
    /// ```swift
    /// let (stream, continuation) = AsyncStream<LocationManagerEvent>.makeStream()
    /// broadcaster.addStream(yield: { continuation.yield($0) }, finish: { continuation.finish() })
    /// ```
    package func addStream(yield: @escaping (Event) -> Void, finish: @escaping () -> Void) {
        lock.withLock { _ in
            streams.append(yield)
            finishers.append(finish)
            updateListened()
        }
    }

    /// Finishes every stream added so far; later ones receive later events.
    package func finish() {
        let finished = lock.withLock { _ in
            defer {
                streams.removeAll()
                finishers.removeAll()
                updateListened()
            }
            return finishers
        }
        for finish in finished { finish() }
    }

    /// Hands `event` to every stream, then every sink, then the delegate.
    package func broadcast(_ event: Event) {
        guard listened.load(ordering: .acquiring) else { return }
        let (streams, sinks, deliver) = lock.withLock { _ in
            (self.streams, self.sinks, delegateObject == nil ? nil : self.deliver)
        }
        for yield in streams { yield(event) }
        for sink in sinks { sink(event) }
        deliver?(event)
    }

    /// Call holding `lock`.
    private func updateListened() {
        listened.store(!streams.isEmpty || !sinks.isEmpty || deliver != nil, ordering: .releasing)
    }
}
