import Combine
import Testing

private class Settings: ObservableObject {
    @Published var count = 0
    @Published var name = "a"
}

private final class MoreSettings: Settings {
    @Published var flag = false
}

private final class Plain {
    @Published var value = 1
}

@Suite struct PublishedTests {
    @Test func publishesTheNewValueInWillSet() {
        let settings = Settings()
        var seen: [(published: Int, property: Int)] = []
        let cancellable = settings.$count.sink { seen.append(($0, settings.count)) }
        settings.count = 1
        settings.count = 2
        #expect(seen.map(\.published) == [0, 1, 2])
        #expect(seen.map(\.property) == [0, 0, 1])
        #expect(settings.count == 2)
        cancellable.cancel()
    }

    @Test func objectWillChangeFiresBeforeEachChange() {
        let settings = Settings()
        var log: [String] = []
        let will = settings.objectWillChange.sink { log.append("will change, count \(settings.count)") }
        let count = settings.$count.dropFirst().sink { log.append("count \($0)") }
        settings.count = 3
        settings.name = "b"
        #expect(log == ["will change, count 0", "count 3", "will change, count 3"])
        #expect(settings.objectWillChange === settings.objectWillChange)
        will.cancel()
        count.cancel()
    }

    @Test func aSubclassSharesOnePublisherForItsOwnAndInheritedProperties() {
        let settings = MoreSettings()
        var changes = 0
        let cancellable = settings.objectWillChange.sink { changes += 1 }
        settings.flag = true
        settings.count = 1
        #expect(changes == 2)
        cancellable.cancel()
    }

    @Test func assignToPublishedWritesTheProperty() {
        let plain = Plain()
        let subject = PassthroughSubject<Int, Never>()
        subject.assign(to: &plain.$value)
        var seen: [Int] = []
        let cancellable = plain.$value.sink { seen.append($0) }
        subject.send(5)
        subject.send(6)
        #expect(plain.value == 6)
        #expect(seen == [1, 5, 6])
        cancellable.cancel()
    }

    @Test func assignToOnWritesAKeyPath() {
        let plain = Plain()
        let cancellable = [3, 4].publisher.assign(to: \.value, on: plain)
        #expect(plain.value == 4)
        cancellable.cancel()
    }
}
