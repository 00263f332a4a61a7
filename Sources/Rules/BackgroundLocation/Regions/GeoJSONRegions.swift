public import BackgroundCore
import JSON
import Glibc

/// Reads circular regions from a GeoJSON FeatureCollection of Points (`bgloc replay --regions FILE`).
///
/// Each feature is a `Point` whose `coordinates` are `[longitude, latitude]` (GeoJSON's order) with
/// properties `id` (a string, unique in the file) and `radius` (metres, greater than 0), and optionally
/// `notifyOnEntry` and `notifyOnExit` (booleans, default true):
/// ```json
/// {"type": "FeatureCollection", "features": [
///   {"type": "Feature", "geometry": {"type": "Point", "coordinates": [8.54069, 47.37297]},
///    "properties": {"id": "lindenhof", "radius": 150, "notifyOnExit": false}}]}
/// ```
/// ```swift
/// let regions = try GeoJSONRegions.load(path: "walk.gpx.regions.geojson")
/// ```
/// Problems throw an `InputError` naming the file and the key, e.g.
/// `walk.geojson: features[2].properties.radius: radius must be a number greater than 0, not -5`.
/// Limits the manager applies (the 20-region limit, `maximumRegionMonitoringDistance`) are not checked
/// here: they are reported when monitoring starts.
public enum GeoJSONRegions {
    /// The largest regions file read: 16 MiB, tens of thousands of regions.
    public static let sizeLimit = 16 << 20

    /// Reads and parses the file at `path`.
    public static func load(path: String) throws(InputError) -> [CircularRegion] {
        let bytes = try WholeFile.read(path, limit: sizeLimit, messages: WholeFile.Messages(
            missing: "cannot open the file: \(Errno.noSuchFileOrDirectory)", directory: "is a directory, not a GeoJSON file",
            unreadable: { "cannot open the file: \($0)" }, tooLarge: "is larger than 16 MiB; refusing it (is it the right file?)"))
        return try parse(bytes, file: path)
    }

    /// Parses GeoJSON text; `file` names it in errors.
    public static func parse(_ bytes: [UInt8], file: String) throws(InputError) -> [CircularRegion] {
        let root: JSONValue
        do {
            root = try JSONValue(parsing: bytes, file: file)
        } catch {
            throw InputError(file: file, place: error.place, message: "not valid JSON: \(error.message)")
        }
        func fail(_ key: String, _ message: String) -> InputError { InputError(file: file, place: .key(key), message: message) }
        guard case .string("FeatureCollection")? = root["type"] else {
            throw fail("type", "expected a GeoJSON FeatureCollection")
        }
        guard case .array(let features)? = root["features"] else {
            throw fail("features", "expected an array of features")
        }
        var regions: [CircularRegion] = []
        var firstUse: [String: Int] = [:]
        for (i, element) in features.enumerated() {
            let at = "features[\(i)]"
            guard case .object = element else { throw fail(at, "expected a Feature object") }
            guard let geometry = element["geometry"], case .string("Point")? = geometry["type"] else {
                throw fail("\(at).geometry", "expected a Point geometry")
            }
            guard case .array(let coordinates)? = geometry["coordinates"], coordinates.count >= 2,
                let longitude = number(coordinates[0]), let latitude = number(coordinates[1])
            else {
                throw fail("\(at).geometry.coordinates", "expected [longitude, latitude] in degrees")
            }
            guard (-90...90).contains(latitude) else {
                throw fail("\(at).geometry.coordinates", "latitude \(latitude) is outside -90...90")
            }
            guard (-180...180).contains(longitude) else {
                throw fail("\(at).geometry.coordinates", "longitude \(longitude) is outside -180...180")
            }
            guard let properties = element["properties"], case .object = properties else {
                throw fail("\(at).properties", "expected properties with id and radius")
            }
            guard case .string(let id)? = properties["id"], !id.isEmpty else {
                throw fail("\(at).properties.id", "expected a non-empty string")
            }
            if let first = firstUse[id] { throw fail("\(at).properties.id", "id '\(id)' is already used by features[\(first)]") }
            firstUse[id] = i
            guard let radius = properties["radius"].flatMap(number), radius > 0 else {
                let got = properties["radius"].map { " not \($0)" } ?? " (missing)"
                throw fail("\(at).properties.radius", "radius must be a number of metres greater than 0,\(got)")
            }
            var flags: [Bool] = []
            for key in ["notifyOnEntry", "notifyOnExit"] {
                guard let value = properties[key] else {
                    flags.append(true)
                    continue
                }
                guard let flag = boolean(value) else { throw fail("\(at).properties.\(key)", "expected true or false") }
                flags.append(flag)
            }
            regions.append(CircularRegion(
                identifier: id, latitude: latitude, longitude: longitude, radius: radius,
                notifyOnEntry: flags[0], notifyOnExit: flags[1]
            ))
        }
        return regions
    }

    private static func number(_ value: JSONValue) -> Double? {
        guard case .number(let number) = value, number.isFinite else { return nil }
        return number
    }

    private static func boolean(_ value: JSONValue) -> Bool? {
        guard case .bool(let flag) = value else { return nil }
        return flag
    }
}
