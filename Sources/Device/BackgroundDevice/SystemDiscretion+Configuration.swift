extension SystemDiscretion {
    /// Every number the discretion uses — the usage model, the rate limit and the device's energy, push and
    /// data budgets — with its source or marked the emulator's choice (docs/IOS-RULES.md). The app sets them
    /// once, for the device (`EmulatedApp.Configuration.discretion`); no mode has a copy.
    ///
    /// ```swift
    /// var configuration = SystemDiscretion.Configuration()
    /// configuration.dailyPushBudget = 4
    /// configuration.cellularBytesPerDay = 10_000_000
    /// let discretion = SystemDiscretion(policy: .realistic(seed: 42), configuration: configuration)
    /// ```
    public struct Configuration: Hashable, Sendable {
        // MARK: Tasks

        /// How far back the system looks at the user's opens to predict the next (default 14 days, the
        /// emulator's choice, as `history:`'s default): an app not opened within it is not launched.
        public var usageWindow: Duration = .seconds(14 * 86_400)
        /// Opens within this time of day of one another are one habit (default 30 minutes, the emulator's
        /// choice).
        public var clusterGap: Duration = .seconds(1_800)
        /// How long before a predicted open a refresh launches (default 30 minutes, the emulator's choice:
        /// Apple says only "sometime before" the time the user usually opens the app).
        public var launchLead: Duration = .seconds(1_800)
        /// The shortest time between two launches of the app (default 15 minutes, the emulator's choice:
        /// WWDC20 10063 names rate limiting without a number).
        public var minimumLaunchSpacing: Duration = .seconds(900)
        /// The background runtime the app may spend on battery before launches wait (default 10 minutes,
        /// the emulator's choice: WWDC20 10063 names an energy budget "distributed throughout the day"
        /// without a size) …
        public var energyBudget: Duration = .seconds(600)
        /// … and how much of it comes back in a day, evenly (default 10 minutes: the whole budget a day).
        public var energyRefillPerDay: Duration = .seconds(600)

        // MARK: Pushes

        /// How many background pushes are delivered per day: 12, the emulator's choice. Apple DTS: "Once
        /// the device-wide battery or data budgets have been exhausted, no more background push
        /// notifications will be delivered until the budgets are reset. The budgets are reset every 24
        /// hours" (Apple Developer Forums thread 776933). At least 1.
        public var dailyPushBudget = 12
        /// When the daily push budget resets: this time since midnight, simulation time UTC (default 00:00,
        /// the emulator's choice; Apple says only "every 24 hours").
        public var dailyPushReset: Duration = .zero
        /// How long an app may go without the user opening it before background pushes stop reaching it: 7
        /// days, the emulator's choice. Apple DTS: "these notifications will not be delivered to the app at
        /// all if the user has not launched the app for a while" (thread 776933).
        public var unusedAfter: Duration = .seconds(7 * 86_400)

        // MARK: Transfers

        /// The cellular bytes discretionary transfers may use per day: 50 MB, the emulator's choice (Apple
        /// gives no number). The budget starts full and refills continuously, this much per 24 hours, up to
        /// this much; a transfer larger than it never goes on cellular. At least 1.
        public var cellularBytesPerDay: Int64 = 50_000_000

        public init() {}
    }
}
