import Combine
import Foundation
import Testing

@Suite struct FoundationPublisherTests {
    @Test func notificationCenterPublishesPostsUntilCancelled() {
        let center = NotificationCenter()
        let name = Notification.Name("refreshed")
        let sender = NSObject()
        var received: [String] = []
        let cancellable = center.publisher(for: name, object: sender)
            .compactMap { $0.userInfo?["id"] as? String }
            .sink { received.append($0) }
        center.post(name: name, object: sender, userInfo: ["id": "a"])
        center.post(name: name, object: NSObject(), userInfo: ["id": "other sender"])
        center.post(name: Notification.Name("else"), object: sender, userInfo: ["id": "other name"])
        center.post(name: name, object: sender, userInfo: ["id": "b"])
        cancellable.cancel()
        center.post(name: name, object: sender, userInfo: ["id": "c"])
        #expect(received == ["a", "b"])
    }

    @Test func timerPublishFiresOnItsRunLoopOnceConnected() async {
        let thread = RunLoopThread()
        let dates = Box<Date>()
        let publisher = Timer.publish(every: 0.02, on: thread.runLoop, in: .default)
        let cancellable = publisher.sink { dates.append($0) }
        try? await Task.sleep(for: .milliseconds(60))
        #expect(dates.items.isEmpty)
        let connection = publisher.connect()
        await waitUntil { dates.items.count >= 3 }
        connection.cancel()
        try? await Task.sleep(for: .milliseconds(30))
        let count = dates.items.count
        try? await Task.sleep(for: .milliseconds(60))
        #expect(count >= 3)
        #expect(dates.items.count == count)
        #expect(dates.items == dates.items.sorted())
        cancellable.cancel()
        thread.stop()
    }

    @Test func autoconnectStartsOnTheFirstSubscriberAndStopsAfterTheLast() async {
        let thread = RunLoopThread()
        let ticks = Box<Int>()
        var cancellable: AnyCancellable? = Timer.publish(every: 0.02, on: thread.runLoop, in: .default)
            .autoconnect()
            .map { _ in 1 }
            .sink { ticks.append($0) }
        await waitUntil { ticks.items.count >= 2 }
        #expect(cancellable != nil)
        cancellable = nil
        try? await Task.sleep(for: .milliseconds(30))
        let count = ticks.items.count
        try? await Task.sleep(for: .milliseconds(60))
        #expect(count >= 2)
        #expect(ticks.items.count == count)
        thread.stop()
    }
}
