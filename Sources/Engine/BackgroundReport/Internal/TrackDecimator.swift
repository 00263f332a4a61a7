/// Keeps at most `capacity` + 1 points of a track of any length, evenly spread, in bounded memory.
///
/// Points are kept at a stride that doubles whenever the buffer fills (every other kept point is dropped),
/// so a trace of a million fixes keeps between `capacity / 2` and `capacity` of them plus the last one.
/// The result depends only on the sequence of points, so the same trace always draws the same line.
struct TrackDecimator {
    struct Point: Hashable {
        var latitude: Double
        var longitude: Double
    }

    let capacity: Int
    private(set) var kept: [Point] = []
    private(set) var last: Point?
    /// How many points were offered.
    private(set) var seen = 0
    private var stride = 1

    init(capacity: Int) {
        self.capacity = max(2, capacity)
        kept.reserveCapacity(self.capacity)
    }

    mutating func append(_ point: Point) {
        if seen % stride == 0 {
            kept.append(point)
            if kept.count >= capacity {
                kept = kept.enumerated().compactMap { $0.offset % 2 == 0 ? $0.element : nil }
                stride *= 2
            }
        }
        seen += 1
        last = point
    }

    /// The points to draw: the kept ones and the last one seen.
    var points: [Point] {
        guard let last, kept.last != last else { return kept }
        return kept + [last]
    }
}
