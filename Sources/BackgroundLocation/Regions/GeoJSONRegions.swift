public import BackgroundCore
import Foundation
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
    /// Reads and parses the file at `path`.
    public static func load(path: String) throws(InputError) -> [CircularRegion] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw InputError(file: path, message: "cannot open the file: \(String(cString: strerror(errno)))")
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var info = stat()
        if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw InputError(file: path, message: "is a directory, not a GeoJSON file")
        }
        let data: Data?
        do { data = try handle.readToEnd() } catch {
            throw InputError(file: path, message: "cannot read the file: \((error as NSError).localizedDescription)")
        }
        return try parse(Array(data ?? Data()), file: path)
    }

    /// Parses GeoJSON text; `file` names it in errors.
    public static func parse(_ bytes: [UInt8], file: String) throws(InputError) -> [CircularRegion] {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: Data(bytes))
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            throw InputError(file: file, message: "not valid JSON: \(detail)")
        }
        func fail(_ key: String, _ message: String) -> InputError { InputError(file: file, place: .key(key), message: message) }
        guard let collection = root as? [String: Any], collection["type"] as? String == "FeatureCollection" else {
            throw fail("type", "expected a GeoJSON FeatureCollection")
        }
        guard let features = collection["features"] as? [Any] else {
            throw fail("features", "expected an array of features")
        }
        var regions: [CircularRegion] = []
        var firstUse: [String: Int] = [:]
        for (i, element) in features.enumerated() {
            let at = "features[\(i)]"
            guard let feature = element as? [String: Any] else { throw fail(at, "expected a Feature object") }
            guard let geometry = feature["geometry"] as? [String: Any], geometry["type"] as? String == "Point" else {
                throw fail("\(at).geometry", "expected a Point geometry")
            }
            guard let coordinates = geometry["coordinates"] as? [Any], coordinates.count >= 2,
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
            guard let properties = feature["properties"] as? [String: Any] else {
                throw fail("\(at).properties", "expected properties with id and radius")
            }
            guard let id = properties["id"] as? String, !id.isEmpty else {
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

    /// JSONSerialization's booleans are NSNumbers of their own class.
    private static let booleanClass = type(of: NSNumber(value: true))

    private static func number(_ value: Any) -> Double? {
        guard let number = value as? NSNumber, type(of: number) != booleanClass else { return nil }
        let double = number.doubleValue
        return double.isFinite ? double : nil
    }

    private static func boolean(_ value: Any) -> Bool? {
        guard let number = value as? NSNumber, type(of: number) == booleanClass else { return nil }
        return number.boolValue
    }
}
