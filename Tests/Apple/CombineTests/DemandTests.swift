import Combine
import Testing

@Suite struct DemandTests {
    @Test func arithmeticStopsAtZeroAndUnlimitedAbsorbs() {
        #expect(Subscribers.Demand.max(2) + .max(3) == .max(5))
        #expect(Subscribers.Demand.max(2) - .max(3) == .none)
        #expect(Subscribers.Demand.unlimited + .max(3) == .unlimited)
        #expect(Subscribers.Demand.unlimited - .max(3) == .unlimited)
        #expect(Subscribers.Demand.max(Int.max) + 1 == .unlimited)
        #expect(Subscribers.Demand.max(4) * 3 == .max(12))
        #expect(Subscribers.Demand.max(3).max == 3)
        #expect(Subscribers.Demand.unlimited.max == nil)
        #expect(Subscribers.Demand.none < .max(1))
        #expect(Subscribers.Demand.max(5) < .unlimited)
        #expect(Subscribers.Demand.unlimited > 1_000_000)
        #expect(Subscribers.Demand.max(1) > 0)
        #expect(!(Subscribers.Demand.none > 0))
        #expect(Subscribers.Demand.unlimited.description == "unlimited")
        #expect(Subscribers.Demand.max(7).description == "max(7)")
    }
}
