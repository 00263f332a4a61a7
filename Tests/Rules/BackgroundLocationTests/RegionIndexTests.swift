import BackgroundCore
import BackgroundLocation
import Testing

@Suite struct RegionIndexTests {
    struct Area: CustomTestStringConvertible, Sendable {
        var name: String
        var latitudes: ClosedRange<Double>
        var longitudes: [ClosedRange<Double>]
        var radii: ClosedRange<Double>
        var testDescription: String { name }
    }

    static let areas = [
        Area(name: "a city, 50–500 m", latitudes: 47.3...47.45, longitudes: [8.45...8.65], radii: 50...500),
        Area(name: "a country, 50 m–50 km", latitudes: 45.8...47.8, longitudes: [5.9...10.5], radii: 50...50_000),
        Area(name: "the antimeridian", latitudes: -17...(-16), longitudes: [179.5...180, -180...(-179.5)], radii: 50...5_000),
        Area(name: "the north pole", latitudes: 89.9...90, longitudes: [-180...180], radii: 50...2_000),
        Area(name: "the south pole", latitudes: -90...(-89.9), longitudes: [-180...180], radii: 50...2_000),
    ]

    @Test(arguments: areas)
    func equalsAStraightScan(_ area: Area) {
        var random = SplitMix64(seed: 42)
        func point() -> (Double, Double) {
            let lon = area.longitudes.randomElement(using: &random)!
            return (Double.random(in: area.latitudes, using: &random), Double.random(in: lon, using: &random))
        }
        let circles = (0..<2_000).map { _ in
            let (lat, lon) = point()
            return (
                center: Geodesy.unitVector(latitude: lat, longitude: lon),
                reach2: Geodesy.squaredChord(forDistance: Double.random(in: area.radii, using: &random))
            )
        }
        let index = RegionIndex(circles)
        var hits = 0
        for _ in 0..<2_000 {
            let (lat, lon) = point()
            let p = Geodesy.unitVector(latitude: lat, longitude: lon)
            let scan = circles.indices.filter { circles[$0].center.squaredDistance(to: p) <= circles[$0].reach2 }
            #expect(index.containing(p).map(Int.init) == scan)
            hits += scan.count
        }
        #expect(hits > 0, "the table should exercise hits, not only misses")
    }

    @Test func emptyIndexFindsNothing() {
        #expect(RegionIndex([]).containing(Geodesy.unitVector(latitude: 0, longitude: 0)).isEmpty)
    }
}
