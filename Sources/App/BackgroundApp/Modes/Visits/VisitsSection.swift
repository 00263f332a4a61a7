package import BackgroundCore

/// The visits mode's part of the manifest: where the user goes, without a trace (`visits:`, CONTRACTS.md
/// §12). Each entry enters a region of `regions:` at its time of day and leaves it after `for`, with `days`,
/// `every` and `jitter` as `usage:` entries have (docs/MANIFEST.md).
///
/// ```yaml
/// regions:
///   - {id: office, lat: 47.3769, lon: 8.5417, radius: 150, onEnter: {upload: log.json}}
/// visits:
///   - {at: "08:40", enter: office, for: 8h30m, jitter: 10m, days: [mon, tue, wed, thu, fri]}
/// ```
/// Read after the ``LocationSection``: an entry naming no region of `regions:` is an error naming it.
package struct VisitsSection: ManifestSection {
    package static let keys = ["visits"]

    /// `visits:`, in the manifest's order.
    package var visits: [ManifestVisit] = []

    package init() {}

    package init(_ manifest: ManifestMapping, in partial: AppManifest) throws(InputError) {
        let regions = Set(partial.regions.map(\.id))
        for item in try manifest["visits"]?.list() ?? [] {
            let (pattern, fields) = try UsageSection.entry(item, besides: ["enter"])
            let enter = try fields.required("enter")
            let region = try enter.string()
            guard regions.contains(region) else {
                let known = regions.sorted().map { "'\(ManifestValue.shown($0))'" }.joined(separator: ", ")
                throw enter.error("'\(ManifestValue.shown(region))' is not a region of regions: (\(known.isEmpty ? "there are none" : "expected \(known)"))")
            }
            visits.append(ManifestVisit(region: region, pattern: pattern))
        }
    }
}

extension AppManifest {
    /// `visits:`, where the user goes; empty when the manifest was read without the ``VisitsSection``.
    package var visits: [ManifestVisit] { self[VisitsSection.self]?.visits ?? [] }
}

extension AppManifest {
    /// The location sections a run cannot carry out, as the notes its command writes once on standard error
    /// (CONTRACTS.md §12): with a location source (a trace, gpsd) `visits:`, since the source moves the
    /// user; without one, `regions:` and `significantChange:` unless `visits:` moves the user.
    package func locationSectionsNotRun(hasLocationSource: Bool) -> [String] {
        if hasLocationSource {
            return visits.isEmpty ? [] : ["visits: is not run: the fixes move the user, not the visits"]
        }
        guard visits.isEmpty else { return [] }
        var notes: [String] = []
        if !regions.isEmpty { notes.append("regions: is not run: without a trace only visits: move the user (docs/MANIFEST.md)") }
        if significantChange != nil {
            notes.append("significantChange: is not run: without a trace only visits: move the user (docs/MANIFEST.md)")
        }
        return notes
    }
}
