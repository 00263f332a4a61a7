import GPSDLocation
import Testing

@Suite struct ReconnectBackoffTests {
    @Test(arguments: [(1, 500), (2, 1000), (3, 2000), (4, 4000), (5, 8000), (6, 8000), (40, 8000)])
    func growsExponentiallyUpToTheCap(attempt: Int, milliseconds: Int) {
        let backoff = ReconnectBackoff(initial: .milliseconds(500), multiplier: 2, maximum: .seconds(8))
        #expect(backoff.delay(beforeAttempt: attempt) == .milliseconds(milliseconds))
    }

    @Test func aMultiplierOfOneKeepsTheDelay() {
        let backoff = ReconnectBackoff(initial: .seconds(1), multiplier: 1, maximum: .seconds(5))
        #expect((1...5).map(backoff.delay(beforeAttempt:)) == Array(repeating: .seconds(1), count: 5))
    }
}
