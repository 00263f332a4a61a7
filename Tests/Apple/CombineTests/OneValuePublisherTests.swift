import Combine
import Testing

@Suite struct OneValuePublisherTests {
    @Test func justSendsOnDemandThenFinishes() {
        let recorder = Recorder<Int, Never>(initial: .none)
        Just(4).subscribe(recorder)
        #expect(recorder.events.isEmpty)
        recorder.subscription?.request(.max(1))
        #expect(recorder.values == [4])
        #expect(recorder.completions.count == 1)
    }

    @Test func futureRunsAtOnceAndReplaysItsResultToEachSubscriber() {
        var runs = 0
        var fulfil: ((Result<String, TestError>) -> Void)?
        let future = Future<String, TestError> { promise in
            runs += 1
            fulfil = promise
        }
        #expect(runs == 1)
        let early = Recorder<String, TestError>()
        future.subscribe(early)
        #expect(early.events.isEmpty)
        fulfil?(.success("done"))
        fulfil?(.success("again"))
        let late = Recorder<String, TestError>()
        future.subscribe(late)
        #expect(runs == 1)
        #expect(early.values == ["done"])
        #expect(late.values == ["done"])
        #expect(late.completions.count == 1)
    }

    @Test func futureDeliversAFailure() {
        let future = Future<Int, TestError> { $0(.failure(TestError(code: 3))) }
        let recorder = Recorder<Int, TestError>()
        future.subscribe(recorder)
        #expect(recorder.values.isEmpty)
        #expect(recorder.completions == [.failure(TestError(code: 3))])
    }

    @Test func emptyAndFailComplete() {
        let empty = Recorder<Int, Never>()
        Empty<Int, Never>().subscribe(empty)
        let never = Recorder<Int, Never>()
        Empty<Int, Never>(completeImmediately: false).subscribe(never)
        let fail = Recorder<Int, TestError>()
        Fail<Int, TestError>(error: TestError(code: 1)).subscribe(fail)
        #expect(empty.completions.count == 1 && empty.values.isEmpty)
        #expect(never.events.isEmpty)
        #expect(fail.completions == [.failure(TestError(code: 1))])
    }

    @Test func sequenceSendsAsManyAsAsked() {
        let recorder = Recorder<Int, Never>(initial: .max(2), perValue: .none)
        [1, 2, 3, 4].publisher.subscribe(recorder)
        #expect(recorder.values == [1, 2])
        recorder.subscription?.request(.max(5))
        #expect(recorder.values == [1, 2, 3, 4])
        #expect(recorder.completions.count == 1)
    }

    @Test func eraseToAnyPublisherKeepsTheStream() {
        let publisher: AnyPublisher<Int, Never> = [1, 2].publisher.map { $0 + 1 }.eraseToAnyPublisher()
        let recorder = Recorder<Int, Never>()
        publisher.eraseToAnyPublisher().subscribe(recorder)
        #expect(recorder.values == [2, 3])
        #expect(recorder.completions.count == 1)
    }
}
