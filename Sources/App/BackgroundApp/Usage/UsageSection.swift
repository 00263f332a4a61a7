package import BackgroundCore

/// The user's part of the manifest: when the user opens the app (`usage:`), how much of that the system saw
/// before the run (`history:`), and, for `bgtask simulate --users`, the kinds of users (`population:`)
/// (CONTRACTS.md §8, docs/MANIFEST.md). The device's user opens the app on these entries; the `realistic`
/// policy predicts the next opens from them.
///
/// ```yaml
/// usage:
///   - {at: "08:00", for: 5m, jitter: 15m}
///   - {at: "12:30", for: 2m, days: [mon, tue, wed, thu, fri]}
///   - {at: "21:00", for: 10m, every: 2d}
/// history: 14d
/// population:
///   - {weight: 3, usage: [{at: "07:30", for: 5m, jitter: 30m}, {at: "19:00", for: 15m, jitter: 1h}]}
///   - {weight: 1, usage: [{at: "20:00", for: 5m, every: 7d}]}
/// ```
/// ```swift
/// let manifest = try AppManifest(contentsOf: "Examples/News/app.yaml")
/// manifest.usage.map(\.at)     // [.seconds(28_800), …]
/// manifest.history             // .seconds(14 * 86_400)
/// ```
package struct UsageSection: ManifestSection {
    package static let keys = ["usage", "history", "population"]
    static let entryKeys = ["at", "for", "jitter", "days", "every"]
    static let profileKeys = ["weight", "usage"]

    /// `history:`'s default: 14 days of the same pattern (CONTRACTS.md §8).
    package static let defaultHistory = Duration.seconds(14 * 86_400)
    /// The longest `history:` read: a year (the emulator's choice, bounding the opens it replays).
    package static let historyLimit = Duration.seconds(365 * 86_400)
    /// The largest `jitter:`: 12 hours, so that an open stays within a day of its time (the emulator's
    /// choice).
    package static let jitterLimit = Duration.seconds(12 * 3600)

    /// `usage:`, in the manifest's order.
    package var usage: [UsagePattern] = []
    /// `history:`, the usage the system saw before the run (default 14 days).
    package var history = defaultHistory
    /// `population:`, the profiles `--users` draws from by weight (none: every user has `usage:`).
    package var population: [PopulationProfile] = []

    package init() {}

    package init(_ manifest: ManifestMapping, in partial: AppManifest) throws(InputError) {
        usage = try manifest["usage"].map(Self.entries) ?? []
        if let value = manifest["history"] {
            history = try value.duration()
            guard history <= Self.historyLimit else { throw value.error("history is at most 365d (a year of usage)") }
        }
        for item in try manifest["population"]?.list() ?? [] {
            let fields = try item.mapping(allowed: Self.profileKeys)
            let weight = try fields.required("weight")
            population.append(PopulationProfile(
                weight: try Self.weight(weight), usage: try Self.entries(fields.required("usage"))))
        }
    }

    /// A list of usage entries (`usage:` or a profile's).
    static func entries(_ value: ManifestValue) throws(InputError) -> [UsagePattern] {
        var result: [UsagePattern] = []
        for item in try value.list() { result.append(try entry(item)) }
        return result
    }

    /// One usage entry: `at` and `for` required, `jitter`, `days` and `every` optional.
    static func entry(_ item: ManifestValue) throws(InputError) -> UsagePattern {
        try entry(item, besides: []).pattern
    }

    /// An entry with a usage entry's keys and `others` (a visit's `enter`): the pattern, and the fields for
    /// the others.
    static func entry(_ item: ManifestValue, besides others: [String]) throws(InputError) -> (pattern: UsagePattern, fields: ManifestMapping) {
        let fields = try item.mapping(allowed: entryKeys + others)
        let length = try fields.required("for")
        var pattern = UsagePattern(at: try fields.required("at").timeOfDay(), for: try length.duration())
        guard pattern.duration > .zero else { throw length.error("for must be longer than 0s") }
        if let value = fields["jitter"] {
            pattern.jitter = try value.duration()
            guard pattern.jitter <= jitterLimit else { throw value.error("jitter is at most 12h (an open stays within a day of its time)") }
        }
        if let value = fields["days"] {
            var days = Set<Weekday>()
            for day in try value.list() { days.insert(try day.choice(Weekday.allCases, "day")) }
            guard !days.isEmpty else { throw value.error("days is empty: name at least one day (mon, tue, wed, thu, fri, sat, sun), or leave it out for every day") }
            pattern.days = days
        }
        if let value = fields["every"] {
            let every = try value.duration()
            let day = Duration.seconds(86_400)
            guard every >= day, every.components.attoseconds == 0, every.components.seconds % 86_400 == 0 else {
                throw value.error("'\(ManifestValue.shown(try value.string()))' is not a whole number of days (expected 1d or more, such as 2d or 7d)")
            }
            pattern.every = Int(every / day)
        }
        return (pattern, fields)
    }

    /// A profile's `weight:`, a positive number.
    static func weight(_ value: ManifestValue) throws(InputError) -> Double {
        let text = try value.string()
        guard let weight = Double(text), weight.isFinite, weight > 0 else {
            throw value.error("'\(ManifestValue.shown(text))' is not a weight (expected a positive number, such as 3)")
        }
        return weight
    }
}

extension AppManifest {
    /// `usage:`, when the user opens the app.
    package var usage: [UsagePattern] { self[UsageSection.self]?.usage ?? [] }
    /// `history:`, the usage the system saw before the run (default 14 days).
    package var history: Duration { self[UsageSection.self]?.history ?? UsageSection.defaultHistory }
    /// `population:`, the profiles of `--users`.
    package var population: [PopulationProfile] { self[UsageSection.self]?.population ?? [] }
}
