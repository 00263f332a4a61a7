import Glibc

/// A histogram of non-negative integers with fixed bucket edges, so that two histograms merge by adding
/// their counts and a percentile read from a merge equals the percentile of the whole: summaries of shards
/// carry these, never averages (CONTRACTS.md §8, docs/POPULATION.md).
///
/// The edges are the same for every histogram (log-linear, as HdrHistogram's): every integer below 256 is a
/// bucket of its own; above, each power of two is split into 128 buckets, so a bucket is less than 0.8 % of
/// its values wide. A percentile is the lower edge of the bucket that holds it (nearest rank), and the
/// largest value is kept exactly.
///
/// ```swift
/// var ages = Histogram()
/// ages.add(90); ages.add(3_600); ages.add(7_200)
/// ages.percentile(50)      // 3584 (the lower edge of 3,600's bucket)
/// ages.max                 // 7200
/// ```
public struct Histogram: Hashable, Sendable {
    /// The non-empty buckets, by index.
    public private(set) var counts: [Int: Int] = [:]
    /// How many values were added.
    public private(set) var count = 0
    /// The largest value added (0 when none).
    public private(set) var max: Int64 = 0

    public init() {}

    /// Adds `value` (a negative value counts as 0).
    public mutating func add(_ value: Int64) {
        let value = Swift.max(value, 0)
        counts[Self.bucket(of: value), default: 0] += 1
        count += 1
        max = Swift.max(max, value)
    }

    /// Adds every value of `other`.
    public mutating func merge(_ other: Histogram) {
        for (bucket, count) in other.counts { counts[bucket, default: 0] += count }
        count += other.count
        max = Swift.max(max, other.max)
    }

    /// The `percent` percentile (nearest rank: the smallest bucket holding at least `percent` % of the
    /// values), as its bucket's lower edge; 0 when empty.
    public func percentile(_ percent: Int) -> Int64 {
        guard count > 0 else { return 0 }
        // ceil(count × percent / 100), without overflowing for any count.
        let rank = Swift.max(1, count / 100 * percent + (count % 100 * percent + 99) / 100)
        var seen = 0
        for bucket in counts.keys.sorted() {
            seen += counts[bucket]!
            if seen >= rank { return Self.lowerEdge(of: bucket) }
        }
        return max
    }

    /// The buckets as (lower edge, count), in order: what a summary file keeps.
    public var buckets: [(lowerEdge: Int64, count: Int)] {
        counts.keys.sorted().map { (Self.lowerEdge(of: $0), counts[$0]!) }
    }

    /// A histogram read back from its buckets and its largest value; nil when an edge is not a bucket's
    /// lower edge, a count is not positive, the counts add up to 2^50 or more, or the largest value lies
    /// outside the last bucket.
    public init?(buckets: [(lowerEdge: Int64, count: Int)], max: Int64) {
        for (edge, count) in buckets {
            guard edge >= 0, count > 0 else { return nil }
            let bucket = Self.bucket(of: edge)
            guard Self.lowerEdge(of: bucket) == edge, counts[bucket] == nil else { return nil }
            counts[bucket] = count
            self.count += count
            guard self.count < Self.countLimit else { return nil }
        }
        guard let last = counts.keys.max() else {
            guard max == 0 else { return nil }
            return
        }
        guard Self.bucket(of: max) == last else { return nil }
        self.max = max
    }

    /// The values in coarser bars for a picture: 0, then two bars per doubling (each from its lower edge),
    /// every bar from the smallest value's to the largest's, empty ones included.
    public var bars: [(lowerEdge: Int64, count: Int)] {
        func bar(_ value: Int64) -> Int { value == 0 ? 0 : Int((2 * log2(Double(value))).rounded(.down)) + 1 }
        func edge(_ bar: Int) -> Int64 { bar == 0 ? 0 : Int64(pow(2, Double(bar - 1) / 2).rounded(.up)) }
        guard let first = counts.keys.min() else { return [] }
        let low = bar(Self.lowerEdge(of: first)), high = bar(max)
        var result = (low...high).map { (lowerEdge: edge($0), count: 0) }
        for (bucket, count) in counts { result[bar(Self.lowerEdge(of: bucket)) - low].count += count }
        return result
    }

    /// The most values a histogram read from a file may hold (2^50: a merge of thousands stays far from
    /// overflowing).
    static let countLimit = 1 << 50

    /// Values below this are buckets of their own.
    static let exactBelow: Int64 = 256
    /// Buckets per power of two above ``exactBelow`` (a power of two itself).
    static let perOctave: Int64 = 128

    /// The index of the bucket that holds `value` (non-negative).
    static func bucket(of value: Int64) -> Int {
        guard value >= exactBelow else { return Int(value) }
        let octave = 63 - value.leadingZeroBitCount          // floor(log2(value)), at least 8
        let shift = octave - 7                                // keeps the top 8 bits: 128...255
        let top = value >> shift
        return Int(exactBelow) + (octave - 8) * Int(perOctave) + Int(top - perOctave)
    }

    /// The smallest value of bucket `index`.
    static func lowerEdge(of index: Int) -> Int64 {
        guard index >= Int(exactBelow) else { return Int64(index) }
        let offset = index - Int(exactBelow)
        let octave = offset / Int(perOctave) + 8
        let top = Int64(offset % Int(perOctave)) + perOctave
        return top << (octave - 7)
    }
}
