import BackgroundCore
import JSON

extension SummaryDocument {
    /// The summary as one JSON object on one line, members in a fixed order and tasks by identifier, so that
    /// equal summaries are equal bytes.
    public var jsonText: String {
        JSONValue.object(members).jsonText + "\n"
    }

    private var members: [JSONValue.Member] {
        let s = statistics
        var members: [JSONValue.Member] = [
            .init("for", .string(run.length)), .init("policy", .string(run.policy)), .init("seed", Self.seedValue(run.seed)),
            .init("users", .int(s.users)), .init("opens", .int(s.opens)),
            .init("tasks", .object(s.tasks.keys.sorted().map { task in
                let tally = s.tasks[task]!
                return .init(task, .object([
                    .init("launches", .int(tally.launches)), .init("completed", .int(tally.completed)),
                    .init("expired", .int(tally.expired)),
                    .init("launchesPerDayP50", .number(Double(tally.launchesPerDay.percentile(50)) / 100)),
                    .init("launchesPerDayP90", .number(Double(tally.launchesPerDay.percentile(90)) / 100)),
                ]))
            })),
            .init("contentAgeAtOpen", .object([
                .init("count", .int(s.contentAgeAtOpen.count)), .init("p50", .int64(s.contentAgeAtOpen.percentile(50))),
                .init("p90", .int64(s.contentAgeAtOpen.percentile(90))), .init("max", .int64(s.contentAgeAtOpen.max)),
            ])),
            .init("pushes", .object([
                .init("sent", .int(s.pushesSent)), .init("delivered", .int(s.pushesDelivered)),
                .init("delayP50", .int64(s.pushDelay.percentile(50))), .init("delayP90", .int64(s.pushDelay.percentile(90))),
                .init("notDelivered", Self.counts(s.pushesNotDelivered)),
            ])),
            .init("transfers", .object([
                .init("completed", .int(s.transfersCompleted)),
                .init("latencyP50", .int64(s.transferLatency.percentile(50))), .init("latencyP90", .int64(s.transferLatency.percentile(90))),
                .init("created", .int(s.transfersCreated)), .init("failed", .int(s.transfersFailed)),
                .init("failedReasons", Self.counts(s.transferFailures)),
                .init("uploadsLostToForceQuit", .int(s.uploadsLostToForceQuit)),
            ])),
            .init("app", .string(run.app)), .init("manifest", .string(run.manifest)),
        ]
        // Issue 46's member, written only when a user's code crashed, so that every other summary keeps its bytes.
        if !s.crashes.isEmpty {
            members.append(.init("crashes", .object([.init("count", .int(s.crashCount)), .init("reasons", Self.counts(s.crashes))])))
        }
        if let population = run.population { members.append(.init("population", .int(population))) }
        if let shards { members.append(.init("shards", .object([.init("of", .int(shards.count)), .init("included", .array(shards.included.map { .int($0) }))]))) }
        members.append(.init("histograms", .object([
            .init("launchesPerDay", .object(s.tasks.keys.sorted().map { .init($0, Self.value(of: s.tasks[$0]!.launchesPerDay)) })),
            .init("contentAgeAtOpen", Self.value(of: s.contentAgeAtOpen)), .init("pushDelay", Self.value(of: s.pushDelay)),
            .init("transferLatency", Self.value(of: s.transferLatency)),
        ])))
        return members
    }

    /// A seed within JSON's exact integers (2^53) as a number, a larger one as a string of its digits.
    /// Counts by reason, as an object in the reasons' order.
    private static func counts(_ counts: [String: Int]) -> JSONValue {
        .object(counts.keys.sorted().map { .init($0, .int(counts[$0]!)) })
    }

    private static func seedValue(_ seed: UInt64) -> JSONValue {
        seed <= 1 << 53 ? .number(Double(seed)) : .string(String(seed))
    }

    private static func value(of histogram: Histogram) -> JSONValue {
        .object([
            .init("buckets", .array(histogram.buckets.map { .array([.int64($0.lowerEdge), .int($0.count)]) })),
            .init("max", .int64(histogram.max)),
        ])
    }
}

extension JSONValue {
    fileprivate static func int(_ value: Int) -> JSONValue { .number(Double(value)) }
    fileprivate static func int64(_ value: Int64) -> JSONValue { .number(Double(value)) }
}
