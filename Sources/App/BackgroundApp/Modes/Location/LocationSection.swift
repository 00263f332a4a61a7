package import BackgroundCore
package import BackgroundLocation

/// The location mode's part of the manifest: the `regions:` the app monitors, its `significantChange:`
/// action, and what the user allowed it (`location:`, default always and full accuracy). A manifest with
/// no regions and no significant-change action runs without a location manager.
///
/// ```yaml
/// regions:
///   - {id: museum, lat: 47.3769, lon: 8.5417, radius: 200, onEnter: {submit: com.example.tour.upload}}
/// significantChange: {submit: com.example.tour.refresh}
/// location: {authorization: whenInUse, accuracy: reduced, updates: none}
/// ```
package struct LocationSection: ManifestSection {
    package static let keys = ["regions", "significantChange", "location"]
    static let regionKeys = ["id", "lat", "lon", "radius", "onEnter", "onExit"]

    /// `regions:`.
    package var regions: [ManifestRegion]
    /// `significantChange:`.
    package var significantChange: ManifestAction?
    /// `location: {authorization:}`: always (the default), whenInUse or denied.
    package var authorization = LocationAuthorization.always
    /// `location: {accuracy:}`: full (the default) or reduced.
    package var accuracy = LocationAccuracyAuthorization.full
    /// `location: {updates:}`: continuous (the default) or none (regions and significant changes only).
    package var updates = LocationUpdates.continuous

    package init(regions: [ManifestRegion] = [], significantChange: ManifestAction? = nil) {
        self.regions = regions
        self.significantChange = significantChange
    }

    package init(_ manifest: ManifestMapping, in partial: AppManifest) throws(InputError) {
        self.init()
        var ids = Set<String>()
        for item in try manifest["regions"]?.list() ?? [] {
            let f = try item.mapping(allowed: Self.regionKeys)
            let id = try f.required("id")
            let identifier = try id.string()
            guard !identifier.isEmpty else { throw id.error("the region id is empty", line: id.keyLine) }
            let region = ManifestRegion(
                id: identifier,
                latitude: try f.required("lat").number(in: -90...90),
                longitude: try f.required("lon").number(in: -180...180),
                radius: try f.required("radius").positive(),
                onEnter: try f["onEnter"]?.action(),
                onExit: try f["onExit"]?.action())
            guard ids.insert(region.id).inserted else {
                throw item.error("region '\(ManifestValue.shown(region.id))' is declared twice", key: id.key)
            }
            regions.append(region)
        }
        significantChange = try manifest["significantChange"]?.action()
        if let location = try manifest["location"]?.mapping(allowed: ["authorization", "accuracy", "updates"]) {
            authorization = try location["authorization"]?.choice(LocationAuthorization.allCases, "location authorization") ?? .always
            accuracy = try location["accuracy"]?.choice(LocationAccuracyAuthorization.allCases, "location accuracy") ?? .full
            updates = try location["updates"]?.choice(LocationUpdates.allCases, "location updates") ?? .continuous
        }
    }

    /// Whether the section asks for location at all.
    package var isEmpty: Bool { regions.isEmpty && significantChange == nil }
}

extension AppManifest {
    /// `regions:`.
    package var regions: [ManifestRegion] { self[LocationSection.self]?.regions ?? [] }
    /// `significantChange:`.
    package var significantChange: ManifestAction? { self[LocationSection.self]?.significantChange }
    /// `location: {authorization:}` (always when not given).
    package var locationAuthorization: LocationAuthorization { self[LocationSection.self]?.authorization ?? .always }
    /// `location: {accuracy:}` (full when not given).
    package var locationAccuracy: LocationAccuracyAuthorization { self[LocationSection.self]?.accuracy ?? .full }
    /// `location: {updates:}` (continuous when not given).
    package var locationUpdates: LocationUpdates { self[LocationSection.self]?.updates ?? .continuous }
}
