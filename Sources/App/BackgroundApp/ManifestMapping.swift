public import BackgroundCore

/// A manifest mapping whose keys were checked (``ManifestValue/mapping(allowed:)``): its values by key.
///
/// ```swift
/// let region = try item.mapping(allowed: ["id", "lat", "lon", "radius", "onEnter", "onExit"])
/// let latitude = try region.required("lat").number(in: -90...90)
/// let onEnter = try region["onEnter"]?.action()
/// ```
public struct ManifestMapping {
    /// The mapping's key path, as errors name it; empty for the whole manifest.
    public let key: String
    /// The mapping's line.
    public let line: Int
    let file: String
    var values: [String: ManifestValue] = [:]

    init(key: String, line: Int, file: String) {
        self.key = key
        self.line = line
        self.file = file
    }

    /// The value under `name`, if given.
    public subscript(_ name: String) -> ManifestValue? { values[name] }

    /// The value under `name`; `missing key 'name'` when it is not given.
    public func required(_ name: String) throws(InputError) -> ManifestValue {
        guard let value = values[name] else {
            let path = key.isEmpty ? name : "\(key).\(name)"
            throw InputError(file: file, place: .key(path, line: line), message: "missing key '\(name)'")
        }
        return value
    }
}
