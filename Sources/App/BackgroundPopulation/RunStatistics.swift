/// What the runs of one or many users came to, kept so that two tallies merge by adding: counts, and
/// ``Histogram``s with fixed edges (CONTRACTS.md §8). A ``StatisticsListener`` makes one user's; a population
/// merges them in any order and gets the same tally.
public struct RunStatistics: Hashable, Sendable {
    /// One task identifier's runs.
    public struct TaskTally: Hashable, Sendable {
        /// `task.launched` events.
        public var launches = 0
        /// `task.completed` events with `success: true`.
        public var completed = 0
        /// `task.expired` events.
        public var expired = 0
        /// Each user's launches per day, in hundredths (a user who never launched the task counts 0).
        public var launchesPerDay = Histogram()

        public init() {}

        mutating func merge(_ other: TaskTally) {
            launches += other.launches
            completed += other.completed
            expired += other.expired
            launchesPerDay.merge(other.launchesPerDay)
        }
    }

    /// The users simulated.
    public var users = 0
    /// Times the app came to the foreground.
    public var opens = 0
    /// By task identifier.
    public var tasks: [String: TaskTally] = [:]
    /// At each open with a known age: whole seconds since the app last did background work successfully or
    /// was last in the foreground.
    public var contentAgeAtOpen = Histogram()
    /// Pushes the server sent.
    public var pushesSent = 0
    /// Whole seconds from a push's sending to its delivery (`push.received`), one value per delivery.
    public var pushDelay = Histogram()
    /// Whole seconds from a transfer's creation to its completion, one value per `transfer.completed`.
    public var transferLatency = Histogram()
    /// Transfers the app created (`transfer.created`).
    public var transfersCreated = 0
    /// Transfers that failed (`transfer.failed`), by error (`userForceQuitApplication`, `timedOut`…).
    public var transferFailures: [String: Int] = [:]
    /// Uploads that failed because the user force-quit the app (`transfer.failed userForceQuitApplication`).
    public var uploadsLostToForceQuit = 0
    /// Pushes sent and not delivered, by reason: APNs' rejection (`badPriority`…), a drop (`forceQuit`,
    /// `expired`, `appUnused`…) or `coalesced` (replaced by a newer push).
    public var pushesNotDelivered: [String: Int] = [:]
    /// Users whose run ended in a crash of the app's own code (an `EmulatedPopulation`'s user whose handler
    /// trapped), by the crash's message; they count among ``users``, with nothing else of their run.
    public var crashes: [String: Int] = [:]

    public init() {}

    /// Pushes delivered to the app.
    public var pushesDelivered: Int { pushDelay.count }
    /// Transfers completed.
    public var transfersCompleted: Int { transferLatency.count }
    /// Transfers that failed, whatever the reason.
    public var transfersFailed: Int { transferFailures.values.reduce(0, +) }
    /// Users whose run ended in a crash, whatever the message.
    public var crashCount: Int { crashes.values.reduce(0, +) }

    /// Adds `other`'s runs to these: the result does not depend on the order of merges.
    public mutating func merge(_ other: RunStatistics) {
        users += other.users
        opens += other.opens
        for (task, tally) in other.tasks { tasks[task, default: TaskTally()].merge(tally) }
        contentAgeAtOpen.merge(other.contentAgeAtOpen)
        pushesSent += other.pushesSent
        pushDelay.merge(other.pushDelay)
        transferLatency.merge(other.transferLatency)
        transfersCreated += other.transfersCreated
        transferFailures.merge(other.transferFailures, uniquingKeysWith: +)
        uploadsLostToForceQuit += other.uploadsLostToForceQuit
        pushesNotDelivered.merge(other.pushesNotDelivered, uniquingKeysWith: +)
        crashes.merge(other.crashes, uniquingKeysWith: +)
    }
}
