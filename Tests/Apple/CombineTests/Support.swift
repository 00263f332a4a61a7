import Combine
import Foundation

/// A subscriber that records what it receives and asks for `initial` values, then `perValue` more for each.
final class Recorder<Input, Failure: Error>: Subscriber, @unchecked Sendable {
    // @unchecked Sendable: every field is read and changed under the lock.
    enum Event {
        case value(Input)
        case completion(Subscribers.Completion<Failure>)
    }

    private let lock = NSLock()
    private var recorded: [Event] = []
    private var subscriptionHeld: (any Subscription)?
    private let initial: Subscribers.Demand
    private let perValue: Subscribers.Demand

    init(initial: Subscribers.Demand = .unlimited, perValue: Subscribers.Demand = .none) {
        self.initial = initial
        self.perValue = perValue
    }

    var events: [Event] { lock.withLock { recorded } }
    var values: [Input] {
        events.compactMap { if case .value(let value) = $0 { value } else { nil } }
    }
    var completions: [Subscribers.Completion<Failure>] {
        events.compactMap { if case .completion(let completion) = $0 { completion } else { nil } }
    }
    var subscription: (any Subscription)? { lock.withLock { subscriptionHeld } }

    func receive(subscription: any Subscription) {
        lock.withLock { subscriptionHeld = subscription }
        if initial > 0 { subscription.request(initial) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.withLock { recorded.append(.value(input)) }
        return perValue
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.withLock { recorded.append(.completion(completion)) }
    }
}

extension Subscribers.Completion {
    var isFinished: Bool {
        if case .finished = self { true } else { false }
    }
}

struct TestError: Error, Equatable {
    let code: Int
}

/// Waits (on the machine's clock) until `condition` holds, or `timeout` has passed.
func waitUntil(timeout: Duration = .seconds(5), _ condition: () -> Bool) async {
    let deadline = ContinuousClock.now + timeout
    while !condition(), ContinuousClock.now < deadline {
        try? await Task.sleep(for: .milliseconds(5))
    }
}

/// A list that threads may append to.
final class Box<Value>: @unchecked Sendable {
    // @unchecked Sendable: the items are read and changed under the lock.
    private let lock = NSLock()
    private var stored: [Value] = []

    func append(_ value: Value) { lock.withLock { stored.append(value) } }
    var items: [Value] { lock.withLock { stored } }
}
