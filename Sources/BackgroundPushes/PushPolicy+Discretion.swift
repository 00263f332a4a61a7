extension PushPolicy {
    /// The system's discretion over background pushes under `--policy realistic`, beyond the hourly budget
    /// (docs/PUSH.md, "Under the realistic policy"). Background pushes follow every factor of WWDC20
    /// "Background execution demystified" but app usage; Apple DTS adds a daily budget and app disuse.
    ///
    /// ```swift
    /// var configuration = PushPolicy.Configuration()
    /// configuration.discretion.isOn = true           // as --policy realistic does
    /// configuration.discretion.dailyBudget = 4
    /// ```
    public struct Discretion: Hashable, Sendable {
        /// Whether the rules apply: false by default (`--policy eager`); the emulated app turns them on under
        /// `--policy realistic`, keeping the numbers set here.
        public var isOn = false
        /// How many background pushes are delivered per day: 12, the emulator's choice. Apple DTS: "Once
        /// the device-wide battery or data budgets have been exhausted, no more background push
        /// notifications will be delivered until the budgets are reset. The budgets are reset every 24
        /// hours" (Apple Developer Forums thread 776933). At least 1.
        public var dailyBudget = 12
        /// When the daily budget resets: this time since midnight, simulation time UTC (default 00:00, the
        /// emulator's choice; Apple says only "every 24 hours").
        public var dailyReset: Duration = .zero
        /// How long an app may go without the user opening it before background pushes stop reaching it: 7
        /// days, the emulator's choice. Apple DTS: "these notifications will not be delivered to the app at
        /// all if the user has not launched the app for a while" (thread 776933).
        public var unusedAfter: Duration = .seconds(7 * 86_400)

        public init() {}
    }
}
