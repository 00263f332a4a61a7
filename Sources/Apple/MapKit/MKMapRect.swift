/// A rectangle on the map's projection, in map points, as Apple's `MKMapRect`.
public struct MKMapRect: Hashable, Sendable {
    public var origin: MKMapPoint
    public var size: MKMapSize

    public init() {
        self.init(origin: MKMapPoint(), size: MKMapSize())
    }

    public init(origin: MKMapPoint, size: MKMapSize) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: MKMapPoint(x: x, y: y), size: MKMapSize(width: width, height: height))
    }

    /// The whole world: origin (0, 0), ``MKMapSize/world``.
    public static let world = MKMapRect(origin: MKMapPoint(), size: .world)
    /// No rectangle (what `intersection` of disjoint rectangles is): its origin is at infinity.
    public static let null = MKMapRect(x: .infinity, y: .infinity, width: 0, height: 0)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var width: Double { size.width }
    public var height: Double { size.height }
    /// Whether this is ``null``.
    public var isNull: Bool { origin.x.isInfinite || origin.y.isInfinite }
    /// Whether it is null or has no area.
    public var isEmpty: Bool { isNull || size.width == 0 || size.height == 0 }

    /// Whether `point` lies in the rectangle (its edges included).
    public func contains(_ point: MKMapPoint) -> Bool {
        !isNull && minX <= point.x && point.x <= maxX && minY <= point.y && point.y <= maxY
    }

    /// Whether `rect` lies wholly in this rectangle.
    public func contains(_ rect: MKMapRect) -> Bool {
        !isNull && !rect.isNull && minX <= rect.minX && rect.maxX <= maxX && minY <= rect.minY && rect.maxY <= maxY
    }

    /// Whether the two rectangles overlap.
    public func intersects(_ rect: MKMapRect) -> Bool { !intersection(rect).isNull }

    /// The overlap of the two rectangles, or ``null`` when they do not overlap.
    public func intersection(_ rect: MKMapRect) -> MKMapRect {
        guard !isNull, !rect.isNull else { return .null }
        let (left, right) = (max(minX, rect.minX), min(maxX, rect.maxX))
        let (top, bottom) = (max(minY, rect.minY), min(maxY, rect.maxY))
        guard left < right, top < bottom else { return .null }
        return MKMapRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The smallest rectangle holding both (a null rectangle adds nothing).
    public func union(_ rect: MKMapRect) -> MKMapRect {
        if isNull { return rect }
        if rect.isNull { return self }
        let (left, top) = (min(minX, rect.minX), min(minY, rect.minY))
        return MKMapRect(x: left, y: top, width: max(maxX, rect.maxX) - left, height: max(maxY, rect.maxY) - top)
    }

    /// The rectangle moved in by `dx` on the left and right and `dy` at the top and bottom.
    public func insetBy(dx: Double, dy: Double) -> MKMapRect {
        MKMapRect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    /// The rectangle moved by `dx` and `dy`.
    public func offsetBy(dx: Double, dy: Double) -> MKMapRect {
        MKMapRect(x: minX + dx, y: minY + dy, width: width, height: height)
    }
}
