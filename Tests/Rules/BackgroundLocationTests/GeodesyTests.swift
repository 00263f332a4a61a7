import BackgroundLocation
import Testing

@Suite struct GeodesyTests {
    struct DistanceCase: CustomTestStringConvertible, Sendable {
        var name: String
        var from: (Double, Double)
        var to: (Double, Double)
        var metres: Double
        var testDescription: String { name }
    }

    static let distances: [DistanceCase] = [
        // One degree of arc on the mean sphere: 2πR / 360.
        DistanceCase(name: "one degree along the equator", from: (0, 0), to: (0, 1), metres: 111_195.08),
        DistanceCase(name: "one degree along a meridian", from: (10, 20), to: (11, 20), metres: 111_195.08),
        DistanceCase(name: "across the antimeridian", from: (0, 179.5), to: (0, -179.5), metres: 111_195.08),
        DistanceCase(name: "over the north pole", from: (89.5, 0), to: (89.5, 180), metres: 111_195.08),
        DistanceCase(name: "antipodes", from: (0, 0), to: (0, 180), metres: 20_015_114.4),
        DistanceCase(name: "same point", from: (47.3769, 8.5417), to: (47.3769, 8.5417), metres: 0),
    ]

    @Test(arguments: distances)
    func haversineDistance(_ c: DistanceCase) {
        let d = Geodesy.distance(fromLatitude: c.from.0, longitude: c.from.1, toLatitude: c.to.0, longitude: c.to.1)
        #expect(abs(d - c.metres) < 0.5, "\(d)")
    }

    struct DestinationCase: CustomTestStringConvertible, Sendable {
        var name: String
        var start: (Double, Double)
        var bearing: Double
        var metres: Double
        var testDescription: String { name }
    }

    static let destinations: [DestinationCase] = [
        DestinationCase(name: "east across the antimeridian", start: (0, 179.9999), bearing: 90, metres: 500),
        DestinationCase(name: "north over the pole", start: (89.9999, 10), bearing: 0, metres: 50),
        DestinationCase(name: "south over the pole", start: (-89.9999, -170), bearing: 180, metres: 50),
        DestinationCase(name: "50 km north-west", start: (47.3769, 8.5417), bearing: 315, metres: 50_000),
        DestinationCase(name: "west across the antimeridian", start: (-16.5, -179.99), bearing: 270, metres: 20_000),
    ]

    @Test(arguments: destinations)
    func destinationLiesAtTheDistance(_ c: DestinationCase) {
        let end = Geodesy.destination(latitude: c.start.0, longitude: c.start.1, bearing: c.bearing, distance: c.metres)
        #expect((-180..<180).contains(end.longitude))
        #expect((-90...90).contains(end.latitude))
        let back = Geodesy.distance(fromLatitude: c.start.0, longitude: c.start.1, toLatitude: end.latitude, longitude: end.longitude)
        #expect(abs(back - c.metres) < 0.01 * max(1, c.metres / 1000), "\(back)")
    }

    @Test(arguments: [(181.0, -179.0), (-180.0, -180.0), (540.0, -180.0), (-190.0, 170.0), (12.5, 12.5)])
    func longitudesWrap(_ input: Double, _ expected: Double) {
        #expect(abs(Geodesy.normalizedLongitude(input) - expected) < 1e-9)
    }

    @Test func chordOrdersLikeDistance() {
        let a = Geodesy.unitVector(latitude: 0, longitude: 179.999)
        let b = Geodesy.unitVector(latitude: 0, longitude: -179.999)
        let metres = Geodesy.distance(fromLatitude: 0, longitude: 179.999, toLatitude: 0, longitude: -179.999)
        #expect(a.squaredDistance(to: b) <= Geodesy.squaredChord(forDistance: metres + 0.01))
        #expect(a.squaredDistance(to: b) > Geodesy.squaredChord(forDistance: metres - 0.01))
    }
}
