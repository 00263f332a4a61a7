import Combine
import Foundation
import Testing

@Suite struct SubjectTests {
    @Test func passthroughSendsInOrderAndNothingAfterCompletion() {
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = Recorder<Int, TestError>()
        subject.subscribe(recorder)
        subject.send(1)
        subject.send(2)
        subject.send(completion: .failure(TestError(code: 7)))
        subject.send(3)
        subject.send(completion: .finished)
        #expect(recorder.values == [1, 2])
        #expect(recorder.completions == [.failure(TestError(code: 7))])
    }

    @Test func aLateSubscriberOfACompletedSubjectGetsTheCompletionAlone() {
        let subject = PassthroughSubject<Int, Never>()
        subject.send(completion: .finished)
        let recorder = Recorder<Int, Never>()
        subject.subscribe(recorder)
        #expect(recorder.values.isEmpty)
        #expect(recorder.completions.count == 1)
    }

    @Test func passthroughMissesValuesWithoutDemand() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>(initial: .none)
        subject.subscribe(recorder)
        subject.send(1)
        recorder.subscription?.request(.max(2))
        subject.send(2)
        subject.send(3)
        subject.send(4)
        #expect(recorder.values == [2, 3])
    }

    @Test func currentValueReplaysItsValueToEachNewSubscriber() {
        let subject = CurrentValueSubject<String, Never>("a")
        let first = Recorder<String, Never>()
        subject.subscribe(first)
        subject.value = "b"
        let second = Recorder<String, Never>()
        subject.subscribe(second)
        subject.send("c")
        #expect(first.values == ["a", "b", "c"])
        #expect(second.values == ["b", "c"])
        #expect(subject.value == "c")
    }

    @Test func currentValueIsCurrentWhenItsSubscribersReceiveIt() {
        let subject = CurrentValueSubject<Int, Never>(0)
        var seen: [Int] = []
        let cancellable = subject.sink { _ in seen.append(subject.value) }
        subject.send(5)
        #expect(seen == [0, 5])
        cancellable.cancel()
    }

    @Test func currentValueKeepsTheLatestForASubscriberWithoutDemand() {
        let subject = CurrentValueSubject<Int, Never>(1)
        let recorder = Recorder<Int, Never>(initial: .none)
        subject.subscribe(recorder)
        subject.send(2)
        subject.send(3)
        recorder.subscription?.request(.max(1))
        #expect(recorder.values == [3])
    }

    @Test func currentValueSendsNothingAfterCompletion() {
        let subject = CurrentValueSubject<Int, Never>(1)
        let recorder = Recorder<Int, Never>()
        subject.subscribe(recorder)
        subject.send(completion: .finished)
        subject.send(2)
        #expect(recorder.values == [1])
        #expect(subject.value == 1)
        #expect(recorder.completions.count == 1)
    }

    @Test func sendsFromManyThreadsAllArrive() {
        let subject = PassthroughSubject<Int, Never>()
        let received = Box<Int>()
        let cancellable = subject.sink { received.append($0) }
        DispatchQueue.concurrentPerform(iterations: 1000) { subject.send($0) }
        #expect(received.items.sorted() == Array(0..<1000))
        cancellable.cancel()
    }

    @Test func aSubjectSubscribedToAPublisherSendsItsValuesOn() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        subject.subscribe(recorder)
        let cancellable = [1, 2, 3].publisher.subscribe(subject)
        #expect(recorder.values == [1, 2, 3])
        #expect(recorder.completions.count == 1)
        cancellable.cancel()
    }
}
