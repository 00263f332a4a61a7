/// The asynchronous sequences of the iOS 17/18 location API on the emulated device: ``CLMonitor/Events``,
/// ``CLLocationUpdate/Updates`` and ``CLServiceSession/Diagnostics`` are this type, used as Apple's are
/// (`for try await element in sequence`). It finishes when the device's source of its elements ends.
public struct CLEmulatedSequence<Element: Sendable>: AsyncSequence, Sendable {
    let stream: AsyncStream<Element>

    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncStream<Element>.AsyncIterator

        public mutating func next() async throws -> Element? {
            await base.next()
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: stream.makeAsyncIterator())
    }
}
