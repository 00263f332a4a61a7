/// One `population:` profile: a kind of user, drawn by weight when `bgtask simulate --users N` simulates
/// many (CONTRACTS.md §8).
///
/// ```yaml
/// population:
///   - {weight: 3, usage: [{at: "07:30", for: 5m, jitter: 30m}, {at: "19:00", for: 15m, jitter: 1h}]}
///   - {weight: 1, usage: [{at: "20:00", for: 5m, every: 7d}]}
/// ```
/// Of those users, about three in four draw the first profile.
package struct PopulationProfile: Hashable, Sendable {
    /// `weight:`, a positive number: the profile's share is its weight over the sum of all weights.
    package var weight: Double
    /// `usage:`, the profile's usage entries (read as the top-level `usage:`).
    package var usage: [UsagePattern]

    package init(weight: Double, usage: [UsagePattern]) {
        self.weight = weight
        self.usage = usage
    }
}
