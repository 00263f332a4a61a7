/// SplitMix64 (Steele, Lea, Flood 2014): a tiny, fast, well-mixed PRNG whose sequence depends only on its
/// seed, on every platform. The one seeded generator of the package: the scheduler's realistic launch policy,
/// and the tests' and benchmarks' random tables.
package struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    package init(seed: UInt64) {
        state = seed
    }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `range`, by rejection so that every value is equally likely.
    package mutating func next(in range: ClosedRange<UInt64>) -> UInt64 {
        let span = range.upperBound - range.lowerBound + 1
        let limit = UInt64.max - UInt64.max % span
        var value = next()
        while value >= limit { value = next() }
        return range.lowerBound + value % span
    }
}
