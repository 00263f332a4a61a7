/// A width and a height on the map's projection, in map points, as Apple's `MKMapSize`.
public struct MKMapSize: Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init() {
        self.init(width: 0, height: 0)
    }

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The whole world: 2^28 (268,435,456) map points a side.
    public static let world = MKMapSize(width: Mercator.worldSide, height: Mercator.worldSide)
}
