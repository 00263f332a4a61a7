import Combine
import Testing

@Suite struct OperatorTests {
    private func values<P: Publisher>(_ publisher: P) -> [P.Output] where P.Failure == Never {
        let recorder = Recorder<P.Output, Never>()
        publisher.subscribe(recorder)
        return recorder.values
    }

    @Test func mapFilterCompactMap() {
        #expect(values([1, 2, 3, 4].publisher.map { $0 * 2 }) == [2, 4, 6, 8])
        #expect(values([1, 2, 3, 4].publisher.filter { $0 % 2 == 0 }) == [2, 4])
        #expect(values(["1", "x", "3"].publisher.compactMap(Int.init)) == [1, 3])
    }

    @Test func leftOutValuesDoNotUseTheDemand() {
        let recorder = Recorder<Int, Never>(initial: .max(2))
        [1, 2, 3, 4, 5, 6].publisher.filter { $0 > 2 }.subscribe(recorder)
        #expect(recorder.values == [3, 4])
    }

    @Test func removeDuplicatesComparesWithThePreviousValue() {
        #expect(values([1, 1, 2, 2, 1, 3, 3].publisher.removeDuplicates()) == [1, 2, 1, 3])
        #expect(values([1, 2, 12, 3].publisher.removeDuplicates { $0 % 10 == $1 % 10 }) == [1, 2, 3])
    }

    @Test func firstFinishesAndCancelsTheUpstream() {
        let subject = PassthroughSubject<Int, Never>()
        var cancelled = false
        let recorder = Recorder<Int, Never>()
        subject.handleEvents(receiveCancel: { cancelled = true }).first().subscribe(recorder)
        subject.send(7)
        subject.send(8)
        #expect(recorder.values == [7])
        #expect(recorder.completions.count == 1)
        #expect(cancelled)
        #expect(values([1, 5, 8].publisher.first { $0 > 4 }) == [5])
    }

    @Test func dropFirstPrependAppend() {
        #expect(values([1, 2, 3].publisher.dropFirst()) == [2, 3])
        #expect(values([1, 2, 3].publisher.dropFirst(2)) == [3])
        #expect(values([3, 4].publisher.prepend(1, 2)) == [1, 2, 3, 4])
        #expect(values([3, 4].publisher.append(5).prepend(Just(2))) == [2, 3, 4, 5])
    }

    @Test func prependSendsItsValuesBeforeASubjectsAndThenFollowsIt() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        subject.prepend(0).subscribe(recorder)
        subject.send(1)
        subject.send(completion: .finished)
        #expect(recorder.values == [0, 1])
        #expect(recorder.completions.count == 1)
    }

    @Test func mergeInterleavesAndFinishesWhenBothHave() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        a.merge(with: b).subscribe(recorder)
        a.send(1)
        b.send(2)
        a.send(3)
        a.send(completion: .finished)
        b.send(4)
        #expect(recorder.completions.isEmpty)
        b.send(completion: .finished)
        #expect(recorder.values == [1, 2, 3, 4])
        #expect(recorder.completions.count == 1)
    }

    @Test func combineLatestPairsTheLatestValuesOnceBothHaveSent() {
        let a = PassthroughSubject<Int, TestError>()
        let b = PassthroughSubject<String, TestError>()
        let recorder = Recorder<String, TestError>()
        a.combineLatest(b) { "\($0)\($1)" }.subscribe(recorder)
        a.send(1)
        a.send(2)
        b.send("x")
        a.send(3)
        b.send("y")
        b.send(completion: .failure(TestError(code: 2)))
        a.send(4)
        #expect(recorder.values == ["2x", "3x", "3y"])
        #expect(recorder.completions == [.failure(TestError(code: 2))])
    }

    @Test func flatMapAndCollectRunEachPublisherMade() {
        let jobs = [1, 2, 3]
        var finished: [[Int]] = []
        let cancellable = Publishers.Sequence<[Int], Never>(sequence: jobs)
            .flatMap { Just($0 * 10) }
            .collect()
            .sink { finished.append($0) }
        #expect(finished == [[10, 20, 30]])
        cancellable.cancel()
    }

    @Test func flatMapWaitsForEveryPublisherMadeAndCancelsThem() {
        let subjects = [PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>()]
        let recorder = Recorder<Int, Never>()
        [0, 1].publisher.flatMap { subjects[$0] }.subscribe(recorder)
        subjects[1].send(5)
        subjects[0].send(completion: .finished)
        #expect(recorder.completions.isEmpty)
        recorder.subscription?.cancel()
        subjects[1].send(6)
        #expect(recorder.values == [5])
    }

    @Test func handleEventsCallsItsClosuresInOrder() {
        var log: [String] = []
        let cancellable = [1, 2].publisher
            .handleEvents(
                receiveSubscription: { _ in log.append("subscription") }, receiveOutput: { log.append("value \($0)") },
                receiveCompletion: { _ in log.append("completion") }, receiveCancel: { log.append("cancel") },
                receiveRequest: { log.append("request \($0)") })
            .sink { log.append("sink \($0)") }
        #expect(log == ["subscription", "request unlimited", "value 1", "sink 1", "value 2", "sink 2", "completion"])
        cancellable.cancel()
    }

    @Test func sinkReceivesTheCompletionAndSetFailureTypeRetypes() {
        var completions = 0
        var received: [Int] = []
        let cancellable = Just(1).setFailureType(to: TestError.self)
            .sink(receiveCompletion: { _ in completions += 1 }, receiveValue: { received.append($0) })
        #expect(received == [1])
        #expect(completions == 1)
        cancellable.cancel()
    }
}
