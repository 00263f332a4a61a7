/// One entry of `visits:`: the user enters a region of `regions:` at a time of day, on the days of its
/// pattern, and leaves it after the pattern's `for` (CONTRACTS.md §12).
///
/// ```yaml
/// visits:
///   - {at: "08:40", enter: office, for: 8h30m, jitter: 10m, days: [mon, tue, wed, thu, fri]}
/// ```
package struct ManifestVisit: Hashable, Sendable {
    /// The region entered (an `id` of `regions:`).
    package var region: String
    /// When, how long, on which days, with what jitter: as a `usage:` entry.
    package var pattern: UsagePattern

    package init(region: String, pattern: UsagePattern) {
        self.region = region
        self.pattern = pattern
    }
}
