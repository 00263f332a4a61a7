import Testing
@testable import BackgroundPopulation

@Suite struct HistogramTests {
    @Test func valuesBelow256AreExact() {
        var histogram = Histogram()
        for value in [0, 1, 7, 7, 255] as [Int64] { histogram.add(value) }
        #expect(histogram.percentile(50) == 7)
        #expect(histogram.percentile(100) == 255)
        #expect(histogram.percentile(1) == 0)
        #expect(histogram.max == 255)
        #expect(histogram.count == 5)
    }

    @Test func everyValueFallsInABucketLessThanOnePercentWide() {
        var generator = SplitMix64Probe(seed: 3)
        for _ in 0..<10_000 {
            let value = Int64(generator.next() >> (2 + generator.next() % 62))
            let bucket = Histogram.bucket(of: value)
            let lower = Histogram.lowerEdge(of: bucket)
            let upper = Histogram.lowerEdge(of: bucket + 1)
            #expect(lower <= value && value < upper, "value \(value) bucket \(bucket) [\(lower), \(upper))")
            #expect(Double(upper - lower) <= max(1, Double(lower) / 128))
        }
    }

    @Test func mergingInAnyOrderGivesTheHistogramOfAllTheValues() {
        var generator = SplitMix64Probe(seed: 9)
        let values = (0..<2_000).map { _ in Int64(generator.next() % 1_000_000) }
        var whole = Histogram()
        values.forEach { whole.add($0) }
        var parts = [Histogram](repeating: Histogram(), count: 7)
        for (index, value) in values.enumerated() { parts[index % 7].add(value) }
        var forward = Histogram()
        parts.forEach { forward.merge($0) }
        var backward = Histogram()
        parts.reversed().forEach { backward.merge($0) }
        #expect(forward == whole)
        #expect(backward == whole)
        #expect(forward.percentile(90) == whole.percentile(90))
    }

    @Test func percentilesAreNearestRankOnLowerEdges() {
        var histogram = Histogram()
        for value in 1...100 as ClosedRange<Int64> { histogram.add(value * 100) }
        // The 50th of 100 values is 5,000, in the bucket from 4,992 (width 32 from 4,096).
        #expect(histogram.percentile(50) == 4_992)
        #expect(histogram.percentile(90) == 8_960)
        #expect(histogram.max == 10_000)
    }

    @Test func bucketsReadBackOnlyWhenTheyAreBgkitsOwn() {
        var histogram = Histogram()
        for value in [3, 300, 300, 70_000] as [Int64] { histogram.add(value) }
        #expect(Histogram(buckets: histogram.buckets, max: histogram.max) == histogram)
        #expect(Histogram(buckets: [(301, 1)], max: 301) == nil)             // 301 is inside 300's bucket
        #expect(Histogram(buckets: [(3, 0)], max: 3) == nil)                 // an empty bucket
        #expect(Histogram(buckets: [(3, 1)], max: 9) == nil)                 // max past the last bucket
        #expect(Histogram(buckets: [(3, 1), (3, 2)], max: 3) == nil)         // one bucket twice
        #expect(Histogram(buckets: [], max: 0) == Histogram())
    }
}

/// SplitMix64's sequence, for test values (the package's generator is package-visible only to its modules).
struct SplitMix64Probe {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
