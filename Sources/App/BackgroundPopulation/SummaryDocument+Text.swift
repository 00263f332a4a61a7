import BackgroundCore

extension SummaryDocument {
    /// The text run's summary of one user, a few lines before its closing line: each task's launches (a
    /// day), completions and expirations, the opens and the content's age at them, pushes and transfers.
    ///
    /// ```
    /// — tasks: com.example.refresh 14 launches (2.00 a day), 14 completed, 0 expired
    /// — opens: 21; content age at open p50 3h12m, p90 9h40m, max 11h2m (20 with a known age)
    /// ```
    public var oneUserLines: [String] {
        let s = statistics
        let days = run.length
        var lines = ["— tasks over \(days): " + (s.tasks.isEmpty ? "none declared" : s.tasks.keys.sorted().map { task in
            let tally = s.tasks[task]!
            let perDay = Self.hundredths(tally.launchesPerDay.max)
            return "\(task) \(tally.launches) launch\(tally.launches == 1 ? "" : "es") (\(perDay) a day), \(tally.completed) completed, \(tally.expired) expired"
        }.joined(separator: "; "))]
        if s.opens > 0 {
            let age = s.contentAgeAtOpen
            lines.append(
                "— opens: \(s.opens); content age at open "
                    + (age.count == 0 ? "unknown (nothing ran and the app was not in the foreground before)"
                        : "p50 \(Self.time(age.percentile(50))), p90 \(Self.time(age.percentile(90))), max \(Self.time(age.max)) (\(age.count) with a known age)"))
        }
        if s.pushesSent > 0 {
            lines.append("— pushes: \(s.pushesSent) sent, \(s.pushesDelivered) delivered; delay p50 \(Self.time(s.pushDelay.percentile(50))), p90 \(Self.time(s.pushDelay.percentile(90)))")
        }
        if let undelivered = Self.reasons(s.pushesNotDelivered) { lines.append("— pushes not delivered: \(undelivered)") }
        if s.transfersCreated > 0 || s.transfersCompleted > 0 {
            lines.append("— transfers: \(s.transfersCreated) created, \(s.transfersCompleted) completed, \(s.transfersFailed) failed"
                + (Self.reasons(s.transferFailures).map { " (\($0))" } ?? "")
                + (s.transfersCompleted == 0 ? "" : "; latency p50 \(Self.time(s.transferLatency.percentile(50))), p90 \(Self.time(s.transferLatency.percentile(90)))")
                + (s.uploadsLostToForceQuit == 0 ? "" : "; \(s.uploadsLostToForceQuit) upload\(s.uploadsLostToForceQuit == 1 ? "" : "s") lost to force quits"))
        }
        return lines
    }

    /// The table `--users` prints: the distribution over the users of each task's launches per day, and over
    /// the opens, pushes and transfers of the content's age, the push delay and the transfer latency.
    public var table: String {
        let s = statistics
        var rows: [[String]] = [["", "p50", "p90", "max", "of"]]
        for task in s.tasks.keys.sorted() {
            let perDay = s.tasks[task]!.launchesPerDay
            rows.append(["launches per day  \(task)", Self.hundredths(perDay.percentile(50)), Self.hundredths(perDay.percentile(90)),
                         Self.hundredths(perDay.max), "\(perDay.count) users"])
        }
        for (name, histogram, unit) in [("content age at open", s.contentAgeAtOpen, "opens"), ("push delay", s.pushDelay, "pushes"),
                                         ("transfer latency", s.transferLatency, "transfers")] {
            rows.append([name] + (histogram.count == 0 ? ["-", "-", "-"]
                : [Self.time(histogram.percentile(50)), Self.time(histogram.percentile(90)), Self.time(histogram.max)]) + ["\(histogram.count) \(unit)"])
        }
        let widths = (0..<5).map { column in rows.map { $0[column].count }.max()! }
        let shard = shards.map { " (shards \($0.included.map(String.init).joined(separator: ",")) of \($0.count))" } ?? ""
        var lines = ["\(s.users) users\(shard) × \(run.length) of \(run.app), policy \(run.policy), seed \(run.seed)"]
        for row in rows {
            let first = row[0].padding(widths[0])
            let rest = (1..<5).map { column in column == 4 ? row[column] : String(repeating: " ", count: widths[column] - row[column].count) + row[column] }
            lines.append(([first] + rest).joined(separator: "  "))
        }
        let launches = s.tasks.values.reduce(0) { $0 + $1.launches }
        lines.append("\(s.opens) opens, \(launches) launches, \(s.pushesSent) pushes sent (\(s.pushesDelivered) delivered), \(s.transfersCompleted) transfers completed")
        if let undelivered = Self.reasons(s.pushesNotDelivered) { lines.append("pushes not delivered: \(undelivered)") }
        if s.transfersCreated > 0 {
            lines.append("transfers: \(s.transfersCreated) created, \(s.transfersCompleted) completed, \(s.transfersFailed) failed"
                + (Self.reasons(s.transferFailures).map { " (\($0))" } ?? "") + "; \(s.uploadsLostToForceQuit) uploads lost to force quits")
        }
        if let crashes = Self.reasons(s.crashes) { lines.append("crashes: \(s.crashCount) of \(s.users) users (\(crashes))") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Counts by reason as text (`forceQuit 3, expired 1`, most first), nil when there are none.
    static func reasons(_ counts: [String: Int]) -> String? {
        guard !counts.isEmpty else { return nil }
        return counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }

    /// Hundredths as a decimal with two digits (`250` is `2.50`).
    public static func hundredths(_ value: Int64) -> String {
        let cents = value % 100
        return "\(value / 100).\(cents < 10 ? "0" : "")\(cents)"
    }

    /// Whole seconds as bgkit writes durations (`3h12m`).
    public static func time(_ seconds: Int64) -> String {
        DurationSyntax.format(.seconds(seconds))
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - count))
    }
}
