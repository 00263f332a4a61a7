import BackgroundCore
import Testing

@Suite struct EventBroadcasterTests {
    final class Log: @unchecked Sendable {
        var lines: [String] = []
    }

    final class Delegate {
        let log: Log
        init(_ log: Log) { self.log = log }
    }

    @Test func streamsThenSinksInOrderThenTheDelegate() async {
        let log = Log()
        let events = EventBroadcaster<Int>()
        let stream = makeStream(events)
        events.addEventListener { log.lines.append("sink 1: \($0)") }
        events.addEventListener { log.lines.append("sink 2: \($0)") }
        let delegate = Delegate(log)
        events.setDelegate(delegate) { [weak delegate] in delegate?.log.lines.append("delegate: \($0)") }
        events.broadcast(1)
        events.broadcast(2)
        events.finish()
        #expect(log.lines == ["sink 1: 1", "sink 2: 1", "delegate: 1", "sink 1: 2", "sink 2: 2", "delegate: 2"])
        #expect(await collect(stream) == [1, 2])
    }

    @Test func aStreamSeesNestedEventsInTheOrderTheyWereProduced() async {
        let events = EventBroadcaster<Int>()
        let stream = makeStream(events)
        events.addEventListener { [unowned events] in if $0 == 1 { events.broadcast(2) } }  // the broadcaster holds its sinks
        events.broadcast(1)
        events.finish()
        #expect(await collect(stream) == [1, 2])
    }

    @Test func theDelegateIsHeldWeakly() {
        let log = Log()
        let events = EventBroadcaster<Int>()
        var delegate: Delegate? = Delegate(log)
        events.setDelegate(delegate) { [weak delegate] in delegate?.log.lines.append("\($0)") }
        #expect(events.delegate === delegate)
        events.broadcast(1)
        delegate = nil
        #expect(events.delegate == nil)
        events.broadcast(2)
        #expect(log.lines == ["1"])
        events.setDelegate(nil) { _ in Issue.record("a removed delegate was called") }
        events.broadcast(3)
    }

    @Test func eachStreamStartsWhenMadeAndAllFinishTogether() async {
        let events = EventBroadcaster<Int>()
        let first = makeStream(events)
        events.broadcast(1)
        let second = makeStream(events)
        events.broadcast(2)
        events.finish()
        events.broadcast(3)
        #expect(await collect(first) == [1, 2])
        #expect(await collect(second) == [2])
    }

    @Test func streamsFinishWhenTheBroadcasterGoesAway() async {
        var events: EventBroadcaster<Int>? = EventBroadcaster()
        let stream = makeStream(events!)
        events?.broadcast(1)
        events = nil
        #expect(await collect(stream) == [1])
    }
}

/// A stream of `events`' events.
private func makeStream(_ events: EventBroadcaster<Int>) -> AsyncStream<Int> {
    let (stream, continuation) = AsyncStream<Int>.makeStream()
    events.addStream(yield: { continuation.yield($0) }, finish: { continuation.finish() })
    return stream
}

/// Everything `stream` yields until it finishes.
private func collect<Element>(_ stream: AsyncStream<Element>) async -> [Element] {
    var elements: [Element] = []
    for await element in stream { elements.append(element) }
    return elements
}
