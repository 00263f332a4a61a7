import Combine
import Testing

@Suite struct CancellableTests {
    @Test func anyCancellableCancelsOnceOnCancelOrDeinit() {
        var count = 0
        var cancellable: AnyCancellable? = AnyCancellable { count += 1 }
        cancellable?.cancel()
        cancellable?.cancel()
        cancellable = nil
        #expect(count == 1)
        do { _ = AnyCancellable { count += 1 } }
        #expect(count == 2)
    }

    @Test func releasingTheSinkStopsDelivery() {
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        var cancellable: AnyCancellable? = subject.sink { received.append($0) }
        subject.send(1)
        #expect(cancellable != nil)
        cancellable = nil
        subject.send(2)
        #expect(received == [1])
    }

    @Test func cancellingStopsDeliveryAndStoreKeepsTheSubscription() {
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        var set = Set<AnyCancellable>()
        var array: [AnyCancellable] = []
        subject.sink { received.append($0) }.store(in: &set)
        subject.map { $0 * 10 }.sink { received.append($0) }.store(in: &array)
        subject.send(1)
        #expect(received == [1, 10])
        set.first?.cancel()
        subject.send(2)
        #expect(received == [1, 10, 20])
        array = []
        subject.send(3)
        #expect(received == [1, 10, 20])
        #expect(set.count == 1)
    }
}
