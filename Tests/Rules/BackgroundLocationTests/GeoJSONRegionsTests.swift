import BackgroundCore
import BackgroundLocation
import BackgroundTestKit
import Testing

@Suite struct GeoJSONRegionsTests {
    static func collection(_ features: String) -> [UInt8] {
        Array(#"{"type": "FeatureCollection", "features": [\#(features)]}"#.utf8)
    }

    static func point(_ properties: String, coordinates: String = "[8.54069, 47.37297]") -> String {
        #"{"type": "Feature", "geometry": {"type": "Point", "coordinates": \#(coordinates)}, "properties": {\#(properties)}}"#
    }

    @Test func readsTheBundledRegions() throws {
        let regions = try GeoJSONRegions.load(path: "\(TestSupport.packageRoot)/Traces/walk-through-region.gpx.regions.geojson")
        #expect(regions == [CircularRegion(identifier: "lindenhof", latitude: 47.37297, longitude: 8.54069, radius: 150)])
    }

    @Test func readsNotifyFlags() throws {
        let regions = try GeoJSONRegions.parse(
            Self.collection(Self.point(#""id": "a", "radius": 50.5, "notifyOnEntry": false"#) + ", "
                + Self.point(#""id": "b", "radius": 20000, "notifyOnExit": false"#, coordinates: "[-179.9, -16.5]")),
            file: "r.geojson"
        )
        #expect(regions == [
            CircularRegion(identifier: "a", latitude: 47.37297, longitude: 8.54069, radius: 50.5, notifyOnEntry: false),
            CircularRegion(identifier: "b", latitude: -16.5, longitude: -179.9, radius: 20_000, notifyOnExit: false),
        ])
    }

    struct Bad: CustomTestStringConvertible, Sendable {
        var name: String
        var text: [UInt8]
        var key: String?
        var testDescription: String { name }
    }

    static let bad = [
        Bad(name: "not JSON", text: Array("{\"type\": ".utf8), key: nil),
        Bad(name: "not a collection", text: Array(#"{"type": "Feature"}"#.utf8), key: "type"),
        Bad(name: "no features", text: Array(#"{"type": "FeatureCollection"}"#.utf8), key: "features"),
        Bad(name: "not a point", text: collection(#"{"type": "Feature", "geometry": {"type": "LineString", "coordinates": []}, "properties": {}}"#), key: "features[0].geometry"),
        Bad(name: "latitude 91", text: collection(point(#""id": "a", "radius": 5"#, coordinates: "[8, 91]")), key: "features[0].geometry.coordinates"),
        Bad(name: "one coordinate", text: collection(point(#""id": "a", "radius": 5"#, coordinates: "[8]")), key: "features[0].geometry.coordinates"),
        Bad(name: "missing id", text: collection(point(#""radius": 5"#)), key: "features[0].properties.id"),
        Bad(name: "numeric id", text: collection(point(#""id": 7, "radius": 5"#)), key: "features[0].properties.id"),
        Bad(name: "duplicate id", text: collection(point(#""id": "a", "radius": 5"#) + "," + point(#""id": "a", "radius": 6"#)), key: "features[1].properties.id"),
        Bad(name: "missing radius", text: collection(point(#""id": "a""#)), key: "features[0].properties.radius"),
        Bad(name: "negative radius", text: collection(point(#""id": "a", "radius": -1"#)), key: "features[0].properties.radius"),
        Bad(name: "radius as text", text: collection(point(#""id": "a", "radius": "100""#)), key: "features[0].properties.radius"),
        Bad(name: "radius true", text: collection(point(#""id": "a", "radius": true"#)), key: "features[0].properties.radius"),
        Bad(name: "flag as number", text: collection(point(#""id": "a", "radius": 5, "notifyOnExit": 1"#)), key: "features[0].properties.notifyOnExit"),
    ]

    @Test(arguments: bad)
    func problemsNameTheFileAndKey(_ c: Bad) {
        #expect {
            try GeoJSONRegions.parse(c.text, file: "regions.geojson")
        } throws: { error in
            guard let error = error as? InputError, error.file == "regions.geojson" else { return false }
            if let key = c.key { return error.place == .key(key, line: nil) }
            guard case .text = error.place else { return false }
            return error.message.hasPrefix("not valid JSON")
        }
    }

    @Test func aMissingFileIsAnInputError() {
        #expect(throws: InputError.self) { try GeoJSONRegions.load(path: "/nonexistent/regions.geojson") }
    }
}
