package import BackgroundCore

/// What a text timeline's closing line says (CONTRACTS.md §10): why the run ended and what is still
/// pending, gathered from the events as they pass the printer — what their records say of pending work
/// (``PendingWorkRecord``: task requests submitted and not yet launched, transfers created and not yet
/// ended, pushes throttled or held) — with the events the printer left out and whether the app ever left
/// the foreground (``AppStateRecord``). Both are read from the records' typed values, never from event
/// names or their JSON.
///
/// ```
/// — ended: the trace ended and the app had nothing left to do; pending: task com.example.refresh; 716 location updates not shown (--events 'location' shows them)
/// ```
package final class RunSummary {
    package let format: TimelineFormat
    /// The work pending now, in the order it began.
    private var pending: [PendingWork] = []
    private var hidden: [String: Int] = [:]
    private var appStates: Set<LifecycleState> = []

    package init(format: TimelineFormat) {
        self.format = format
    }

    /// Follows one event; `shown` is whether the printer printed it.
    package func note(_ event: TimelineEvent, shown: Bool) {
        let name = event.kind.name
        if !shown { hidden[name, default: 0] += 1 }
        if let work = (event.kind as? any PendingWorkRecord)?.pendingWork {
            let index = pending.firstIndex { $0.kind == work.kind && $0.item == work.item }
            switch work.change {
            case .begins: if index == nil { pending.append(work) }
            case .ends: index.map { _ = pending.remove(at: $0) }
            }
        } else if let record = event.kind as? any AppStateRecord {
            appStates.insert(record.appState)
        }
    }

    /// The closing line for a run that ended because `why`; nil in JSON lines, whose stream holds only events.
    package func closingLine(_ why: String) -> String? {
        guard format == .text else { return nil }
        var parts = ["— ended: \(why)"]
        let byRank = Dictionary(grouping: self.pending, by: \.rank)
        var pending = byRank.keys.sorted().flatMap { byRank[$0]!.map { "\($0.kind) \($0.item)" } }
        if pending.count > 6 { pending = pending.prefix(5) + ["\(pending.count - 5) more"] }
        parts.append(pending.isEmpty ? "nothing pending" : "pending: " + pending.joined(separator: ", "))
        if appStates == [.foreground] {
            parts.append("the app stayed in the foreground (no lifecycle: step sent it to the background)")
        }
        for (name, count) in hidden.sorted(by: { $0.key < $1.key }) {
            let what = name == "location" ? "location updates" : "\(name) events"
            parts.append("\(count) \(what) not shown (--events '\(name)' shows them)")
        }
        return parts.joined(separator: "; ")
    }

    /// Prints the closing line (text only) for a run that ended because `why`, and flushes standard
    /// output; nothing for nil (the run failed: its error says why).
    package func close(_ why: String?) {
        if let why, let line = closingLine(why) { StandardOutput.writeLine(line) }
        StandardOutput.flush()
    }

    /// The reason of a run stopped by SIGINT or SIGTERM.
    package static let stopped = "stopped by Ctrl-C (or SIGTERM)"

    /// The reason of a live run that ended by itself: its `--duration` reached, or its `--fixes`.
    package static func liveEnded(durationReached: Bool, _ fixes: Int?) -> String {
        durationReached || fixes == nil ? "--duration reached" : "--fixes \(fixes ?? 0) received"
    }

    /// The reason of a replay that reached the end of its trace; with an app, after lingering at most
    /// `limit`, and whether the app then had nothing left to do.
    package static func traceEnded(lingering: (limit: Duration, settled: Bool)?) -> String {
        guard let lingering else { return "the trace ended" }
        return lingering.settled
            ? "the trace ended, and then the app had nothing left to do"
            : "the trace ended, and --linger \(DurationSyntax.format(lingering.limit)) ran out with the app still busy"
    }
}
