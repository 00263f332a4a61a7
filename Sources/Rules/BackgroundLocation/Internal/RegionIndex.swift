/// A spatial index of circles on the sphere: which circles may contain a point, in one hash lookup.
///
/// Points are unit vectors (``Geodesy/unitVector(latitude:longitude:)``), so the index has no seam at the
/// antimeridian and no singularity at the poles. Space is cut into cubes whose edge is twice the largest
/// reach (the chord of the largest circle), so each circle overlaps at most 8 cubes and is stored in every
/// cube it overlaps; a query reads the one cube holding the point, whose entries sit contiguously with
/// their centres, and tests each by squared chord length. Mixing tiny and huge circles makes the cubes
/// large and crowded with small ones: the cost then grows toward a scan of that neighbourhood.
///
/// ```swift
/// let index = RegionIndex([(center: museum, reach2: Geodesy.squaredChord(forDistance: 200))])
/// index.forEachContaining(here) { id in print("inside circle", id) }
/// ```
package struct RegionIndex {
    /// One circle as stored in a cube: its centre, its squared reach and its position in the input.
    private struct Entry {
        var center: UnitVector
        var reach2: Double
        var id: Int32
    }

    /// The smallest cube edge: keeps cube coordinates within 21 bits each (2 / 2⁻¹⁹ = 2²⁰ cubes per axis).
    private static let minimumCellSize = 1.0 / Double(1 << 19)

    private let cellSize: Double
    private let inverseCellSize: Double
    private var entries: [Entry] = []
    /// Open-addressing hash table from cube key to the cube's range in `entries` (start << 32 | count).
    private var keys: [Int64] = []
    private var ranges: [UInt64] = []
    private var mask = 0

    /// Indexes circles given as a centre and the squared chord within which a point counts as contained;
    /// ids are the positions in `circles`.
    package init(_ circles: [(center: UnitVector, reach2: Double)]) {
        let largestReach = circles.reduce(0.0) { max($0, $1.reach2) }.squareRoot()
        cellSize = max(2 * largestReach, Self.minimumCellSize)
        inverseCellSize = 1 / cellSize
        var placed: [(key: Int64, entry: Entry)] = []
        placed.reserveCapacity(circles.count * 2)
        for (position, circle) in circles.enumerated() {
            let reach = circle.reach2.squareRoot()
            let c = circle.center
            let entry = Entry(center: c, reach2: circle.reach2, id: Int32(position))
            let low = (cell(c.x - reach), cell(c.y - reach), cell(c.z - reach))
            let high = (cell(c.x + reach), cell(c.y + reach), cell(c.z + reach))
            for ix in low.0...high.0 {
                for iy in low.1...high.1 {
                    for iz in low.2...high.2 { placed.append((Self.key(ix, iy, iz), entry)) }
                }
            }
        }
        placed.sort { $0.key == $1.key ? $0.entry.id < $1.entry.id : $0.key < $1.key }
        entries = placed.map(\.entry)
        var capacity = 16
        while capacity < placed.count * 2 { capacity <<= 1 }
        keys = Array(repeating: Int64.min, count: capacity)
        ranges = Array(repeating: 0, count: capacity)
        mask = capacity - 1
        var start = 0
        while start < placed.count {
            var end = start + 1
            while end < placed.count, placed[end].key == placed[start].key { end += 1 }
            insert(key: placed[start].key, range: UInt64(start) << 32 | UInt64(end - start))
            start = end
        }
    }

    /// Calls `body` with the id of every circle whose squared reach is at least the point's squared chord
    /// distance from its centre, in ascending id order.
    @inline(__always)
    package func forEachContaining(_ point: UnitVector, _ body: (Int32) -> Void) {
        let key = Self.key(cell(point.x), cell(point.y), cell(point.z))
        var slot = Self.hash(key) & mask
        while true {
            let stored = keys[slot]
            if stored == key { break }
            if stored == Int64.min { return }
            slot = (slot + 1) & mask
        }
        let range = ranges[slot]
        let start = Int(range >> 32)
        let end = start + Int(range & 0xFFFF_FFFF)
        entries.withUnsafeBufferPointer { buffer in
            for i in start..<end where buffer[i].center.squaredDistance(to: point) <= buffer[i].reach2 {
                body(buffer[i].id)
            }
        }
    }

    /// The ids `forEachContaining` reports, as an array (for tests and benchmarks).
    package func containing(_ point: UnitVector) -> [Int32] {
        var found: [Int32] = []
        forEachContaining(point) { found.append($0) }
        return found
    }

    @inline(__always)
    private func cell(_ coordinate: Double) -> Int {
        Int(((coordinate + 1) * inverseCellSize).rounded(.down))
    }

    /// Packs cube coordinates, 21 bits each (a cube just outside -1…1 wraps to an unused value).
    @inline(__always)
    private static func key(_ x: Int, _ y: Int, _ z: Int) -> Int64 {
        Int64(x & 0x1F_FFFF) | Int64(y & 0x1F_FFFF) << 21 | Int64(z & 0x1F_FFFF) << 42
    }

    @inline(__always)
    private static func hash(_ key: Int64) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> 20)
    }

    private mutating func insert(key: Int64, range: UInt64) {
        var slot = Self.hash(key) & mask
        while keys[slot] != Int64.min { slot = (slot + 1) & mask }
        keys[slot] = key
        ranges[slot] = range
    }
}
