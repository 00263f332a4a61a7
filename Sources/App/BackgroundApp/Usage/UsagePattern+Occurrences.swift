import BackgroundCore
import BackgroundDevice

extension UsagePattern {
    /// One occurrence of a pattern on a day: when it starts, how long it lasts, and which pattern it is.
    struct Occurrence {
        var time: SimTime
        var duration: Duration
        var pattern: Int
    }

    /// The occurrences of `patterns` on `day` (the run starting on `firstDay`), in time order, each moved by
    /// a time drawn evenly from −jitter…+jitter: one generator per day and pattern, seeded from `seed` and
    /// `salt` (0 for the user's opens, another for each other kind of pattern), so that a draw depends on
    /// nothing else drawn.
    static func occurrences(of patterns: [UsagePattern], onDay day: Int64, firstDay: Int64, seed: UInt64, salt: UInt64 = 0) -> [Occurrence] {
        let midnight = SimCalendar.midnight(ofDay: day)
        var result: [Occurrence] = []
        for (index, pattern) in patterns.enumerated() where pattern.isScheduled(onDay: day, firstDay: firstDay) {
            var shift = Duration.zero
            let jitter = UInt64(pattern.jitter.components.seconds)
            if jitter > 0 {
                var random = SplitMix64(seed: seed ^ salt ^ UInt64(bitPattern: day &* 1_024 &+ Int64(index)) &* 0x9E37_79B9_7F4A_7C15)
                shift = .seconds(Int64(random.next(in: 0...(2 * jitter))) - Int64(jitter))
            }
            result.append(Occurrence(time: midnight + pattern.at + shift, duration: pattern.duration, pattern: index))
        }
        return result.sorted { $0.time < $1.time }
    }
}
