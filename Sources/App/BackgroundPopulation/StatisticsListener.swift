public import BackgroundApp
public import BackgroundCore
import BackgroundPushes
import BackgroundScheduler
import BackgroundTransfers

/// Follows one user's run — its timeline's events, and the pushes the server sends — and tallies what
/// `--summary` reports (CONTRACTS.md §8): launches, completions and expirations per task, the opens and the
/// content's age at each, pushes sent and their delays to delivery, transfers and their latencies.
///
/// It reads the typed records (`TaskRecord`, `LifecycleRecord`, `PushRecord`, `TransferRecord`) as they pass,
/// keeping only what it still needs (the times of pushes and transfers under way), so a run of any length
/// costs it constant memory. It is a peer of the printer and the report: a sink of the timeline.
///
/// ```swift
/// let listener = StatisticsListener(tasks: manifest.tasks.map(\.identifier), start: begin)
/// listener.attach(to: timeline)
/// let app = try recipe.app(manifest, engine: engine, timeline: timeline, options: options)
/// listener.follow(app)
/// app.start()
/// engine.run(until: end)
/// let statistics = listener.statistics(at: end)
/// ```
///
/// **Content age at an open**: the time since the app last did background work successfully (a refresh
/// task completed with success, a push handled with `newData`, a download completed with a 2xx status) or
/// was last in the foreground, whichever is later. An open before either happened in the run has no known
/// age: it counts as an open, not in the histogram.
public final class StatisticsListener {
    private let start: SimTime
    private var tally = RunStatistics()
    private var kinds: [String: TaskKind] = [:]
    private var inForeground = false
    private var fresh: SimTime?
    private var pushesSentAt: [Int: SimTime] = [:]
    private var transfers: [Int: (created: SimTime, download: Bool)] = [:]
    private unowned var engine: EventEngine?

    /// A listener for a run from `start` of an app that declares `tasks` (each counted for every user, launched
    /// or not).
    public init(tasks: [String], start: SimTime) {
        self.start = start
        tally.users = 1
        for task in tasks { tally.tasks[task] = RunStatistics.TaskTally() }
    }

    /// Follows every event `timeline` records from now on.
    public func attach(to timeline: Timeline) {
        timeline.addEventListener { [unowned self] event in note(event) }
    }

    /// Follows the pushes `app`'s server sends (a held push has no event until it is delivered).
    public func follow(_ app: EmulatedApp) {
        engine = app.engine
        app.mode(PushMode.self)?.addSendListener { [unowned self] push in
            guard let now = engine?.now else { return }
            tally.pushesSent += 1
            pushesSentAt[push] = now
        }
    }

    /// One event of the run.
    public func note(_ event: TimelineEvent) {
        note(event.kind, at: event.time)
    }

    /// `record`, told apart by its type's identity: a cast (`as?`) that fails costs the runtime a search of
    /// the record's conformances, paid by every event of every user, where comparing two metatypes costs
    /// one comparison (the cast that follows one that matched finds the same type at once).
    private func note<Record: TimelineRecord>(_ record: Record, at time: SimTime) {
        if Record.self == LifecycleRecord.self {
            note(record as! LifecycleRecord, at: time)
        } else if Record.self == TaskRecord.self {
            note(record as! TaskRecord, at: time)
        } else if Record.self == PushRecord.self {
            note(record as! PushRecord, at: time)
        } else if Record.self == TransferRecord.self {
            note(record as! TransferRecord, at: time)
        }
    }

    /// The tally of the run ended at `end`: each task's launches per day are its launches over the run's
    /// length.
    public func statistics(at end: SimTime) -> RunStatistics {
        var result = tally
        let seconds = max(Self.seconds(end - start), 1)
        for (task, var entry) in result.tasks {
            // Hundredths of a launch per day, rounded down, in integers so that every path agrees.
            let perDay = Int64(entry.launches) * 100 * 86_400 / seconds
            entry.launchesPerDay.add(perDay)
            result.tasks[task] = entry
        }
        return result
    }

    private func note(_ record: TaskRecord, at time: SimTime) {
        switch record.change {
        case .submitted(let kind, _, _): kinds[record.task] = kind
        case .launched: tally.tasks[record.task, default: RunStatistics.TaskTally()].launches += 1
        case .expired: tally.tasks[record.task, default: RunStatistics.TaskTally()].expired += 1
        case .completed(let success):
            guard success else { return }
            tally.tasks[record.task, default: RunStatistics.TaskTally()].completed += 1
            if kinds[record.task] == .refresh { refreshed(at: time) }
        default: break
        }
    }

    private func note(_ record: LifecycleRecord, at time: SimTime) {
        if record.state == .foreground {
            guard !inForeground else { return }
            inForeground = true
            tally.opens += 1
            if let fresh { tally.contentAgeAtOpen.add(Self.seconds(time - fresh)) }
        } else if inForeground {
            inForeground = false
            refreshed(at: time)
        }
    }

    private func note(_ record: PushRecord, at time: SimTime) {
        switch record.change {
        case .received:
            if let sent = pushesSentAt.removeValue(forKey: record.push) { tally.pushDelay.add(Self.seconds(time - sent)) }
        case .completed(let result): if result == .newData { refreshed(at: time) }
        case .rejected(let error): notDelivered(record.push, error)
        case .coalesced: notDelivered(record.push, "coalesced")
        case .dropped(let reason): notDelivered(record.push, reason.rawValue)
        case .displayed, .throttled, .held: break
        }
    }

    private func note(_ record: TransferRecord, at time: SimTime) {
        switch record.change {
        case .created(let kind, _, _, _):
            tally.transfersCreated += 1
            transfers[record.transfer] = (time, kind == "download")
        case .completed(let status, _):
            guard let transfer = transfers.removeValue(forKey: record.transfer) else { return }
            tally.transferLatency.add(Self.seconds(time - transfer.created))
            if transfer.download, (200..<300).contains(status) { refreshed(at: time) }
        case .failed(let error, _):
            tally.transferFailures[error, default: 0] += 1
            let transfer = transfers.removeValue(forKey: record.transfer)
            if error == "userForceQuitApplication", transfer?.download == false { tally.uploadsLostToForceQuit += 1 }
        default: break
        }
    }

    /// A push sent that will not be delivered, for `reason`.
    private func notDelivered(_ push: Int, _ reason: String) {
        guard pushesSentAt.removeValue(forKey: push) != nil else { return }
        tally.pushesNotDelivered[reason, default: 0] += 1
    }

    private func refreshed(at time: SimTime) {
        fresh = max(fresh ?? time, time)
    }

    /// Whole seconds, rounded down.
    private static func seconds(_ duration: Duration) -> Int64 {
        duration.components.seconds
    }
}
