import BackgroundCore
import BackgroundDevice

/// The rules of one transfer: what holds it, its start, its end and the delivery of its events. A transfer
/// not ended is named by where it stands in ``TransferRules/transfers`` (`i`) and changed there; an ended
/// one is the value taken out of it.
extension TransferRules {
    /// What holds the transfer at `i` on `path` at `time`, the discretion deciding by `discretion`, or nil
    /// when it may run (``SessionRules``' order).
    func waitReason(_ i: Int, on path: NetworkPath, at time: SimTime, deciding discretion: SystemDiscretion.Transfers) -> TransferWaitReason? {
        rules.waitReason(
            earliestBegin: transfers[i].pending.earliestBegin, rateLimitedUntil: transfers[i].rateLimitedUntil,
            isDiscretionary: isDiscretionary(i), network: path, configuration: configuration, now: time,
            discretion: { decision(of: i, on: path, at: time, deciding: discretion) })
    }

    /// A transfer the system starts at its discretion: the session is discretionary, or the transfer was
    /// created while the app was in the background.
    func isDiscretionary(_ i: Int) -> Bool {
        rules.isDiscretionary(configuration, createdInBackground: transfers[i].createdInBackground)
    }

    /// What the system's discretion decides, by `discretion`, of the discretionary transfer at `i` on `path`
    /// at `time`, its known size asked of the cellular data budget (a transfer of unknown size pays what it
    /// moved when it completes, so it may go at any time); nil under the eager policy, whose rule (Wi-Fi and
    /// external power) is the session's.
    func decision(of i: Int, on path: NetworkPath, at time: SimTime, deciding discretion: SystemDiscretion.Transfers) -> SystemDiscretion.Decision? {
        guard discretion.policy.isRealistic else { return nil }
        return discretion.decide(
            bytes: transfers[i].knownSize, onCellular: path.interface == .cellular,
            batteryCriticallyLow: path.isBatteryCriticallyLow, lowPowerMode: path.isLowPowerMode, at: time)
    }

    /// Starts the transfer at `i` if nothing holds it, or records why it waits (when the reason changed)
    /// and, for a hold that ends at a known moment, looks again then.
    mutating func evaluate(_ i: Int) {
        guard !transfers[i].isRunning, !transfers[i].backingOff else { return }
        guard let reason = waitReason(i, on: network, at: now, deciding: discretion) else { return begin(i) }
        let id = transfers[i].id
        if reason != transfers[i].lastReason {
            transfers[i].lastReason = reason
            transfers[i].pending.waitingReason = reason.rawValue
            let tells = reason.isConnectivity && !transfers[i].toldWaiting && isAppRunning
            if tells { transfers[i].toldWaiting = true }
            save(i)
            actions.append(.record(.transferWaiting(transfer: id, reason: reason)))
            if tells { actions.append(.deliver(.taskIsWaitingForConnectivity(transfer: id))) }
        }
        let moment = SessionRules.wakeMoment(
            for: reason, earliestBegin: transfers[i].pending.earliestBegin, rateLimitedUntil: transfers[i].rateLimitedUntil,
            discretion: { decision(of: i, on: network, at: now, deciding: discretion) })
        if let moment { actions.append(.lookAgain(transfer: id, at: moment)) }
    }

    /// Starts an attempt of the transfer at `i`: on cellular, a discretionary one pays its known size from
    /// the realistic policy's data budget first.
    mutating func begin(_ i: Int) {
        transfers[i].cellularCharge = nil
        if discretion.policy.isRealistic, network.interface == .cellular, isDiscretionary(i) {
            let size = transfers[i].knownSize
            transfers[i].cellularCharge = size
            spend(size)
        }
        transfers[i].lastReason = nil
        transfers[i].pending.waitingReason = nil
        transfers[i].pending.attempts += 1
        transfers[i].pending.retryAt = nil
        transfers[i].isRunning = true
        save(i)
        actions.append(.start(attempt(i)))
    }

    /// The next attempt of the transfer at `i`: its request, with its idempotency key.
    func attempt(_ i: Int) -> TransferAttempt {
        let pending = transfers[i].pending
        let body: TransferRequest.Body =
            pending.kind == .upload ? .upload(file: pending.file) : .download(file: pending.file, resume: pending.resume)
        let request = TransferRequest(
            method: pending.method, url: pending.url, headers: ["Idempotency-Key": "\"\(pending.idempotencyKey)\""], body: body,
            timeout: configuration.timeoutIntervalForRequest)
        return TransferAttempt(
            transfer: pending.id, kind: pending.kind, request: request, number: pending.attempts, network: network,
            uploadSize: transfers[i].uploadSize)
    }

    /// The attempt of the transfer at `i` was stopped, leaving `resume` (a download keeps it).
    mutating func stop(_ i: Int, leaving resume: ResumePoint?) {
        guard transfers[i].isRunning else { return }
        transfers[i].isRunning = false
        transfers[i].keep(resume)
    }

    /// Spends `bytes` of cellular data now: out of the handed-in budget at once (the event's next decisions
    /// see it), and out of the device's by the event's ``TransferRules/Action/spendCellular(bytes:)``.
    mutating func spend(_ bytes: Int64) {
        discretion.spend(bytes, at: now)
        spentCellular += bytes
    }

    /// Writes the transfer at `i` to the store, unless none keeps transfers or it is a data task.
    mutating func save(_ i: Int) {
        guard keepsTransfers, !transfers[i].isData else { return }
        actions.append(.save(transfers[i].pending))
    }

    mutating func setDeadline(_ pending: PendingTransfer) {
        actions.append(.setDeadline(transfer: pending.id, at: pending.createdAt + configuration.timeoutIntervalForResource))
    }

    /// Ends `transfer` (taken out of ``TransferRules/transfers``) with `error` (a URLError name):
    /// `transfer.failed`, and `didComplete` with the error and a download's resume data.
    mutating func fail(_ transfer: SessionTransfer, _ error: String, detail: String? = nil, resume: ResumePoint? = nil, launch: Bool = true) {
        let id = transfer.id
        finish(transfer, .transferFailed(transfer: id, error: error, detail: detail),
               [.didComplete(transfer: id, status: nil, error: error, resume: resume)], launch: launch)
    }

    /// Ends `transfer` (taken out of ``TransferRules/transfers``) as completed with the HTTP `status`, having
    /// moved `bytes`: `transfer.completed`, then a download's file (a 2xx status; not a data task's) and
    /// `didComplete`.
    mutating func completed(_ transfer: SessionTransfer, status: Int, bytes: Int64) {
        let id = transfer.id
        var events: [SessionEvent] = []
        if transfer.pending.kind == .download, !transfer.isData, (200..<300).contains(status) {
            events.append(.didFinishDownloading(transfer: id, file: transfer.pending.file))
        }
        events.append(.didComplete(transfer: id, status: status, error: nil, resume: nil))
        finish(transfer, .transferCompleted(transfer: id, status: status, bytes: bytes), events)
    }

    /// Ends `transfer` (taken out of ``TransferRules/transfers``): its outcome written first, then
    /// `record`; `events` delivered at once while the app runs (and the store forgets it), otherwise queued,
    /// asking for the app when `launch` and the configuration allow. The two-phase end: a kill after the
    /// outcome is written reports it again in the next run, and never sends the transfer again; the store
    /// forgets it once the app has had its events.
    mutating func finish(_ transfer: SessionTransfer, _ record: TransferRecord, _ events: [SessionEvent], launch: Bool = true) {
        let id = transfer.id
        var kept: PendingTransfer?
        if keepsTransfers, !transfer.isData {
            kept = transfer.pending
            kept?.outcome = record.outcome
            kept?.retryAt = nil
        }
        actions.append(.end(transfer: id, kept: kept, record))
        guard !isAppRunning else {
            actions += events.map(Action.deliver)
            actions.append(.forget(transfer.isData ? [] : [id]))
            return
        }
        queued += events
        if !transfer.isData { delivering.append(id) }
        guard launch, configuration.sessionSendsLaunchEvents, !launchesBlocked, !launchAsked else { return }
        launchAsked = true
        actions.append(.askForApp)
    }

    /// A transfer kept by an earlier run that had ended before the app had its events (taken out of
    /// ``TransferRules/transfers``): its end again.
    mutating func reportAgain(_ transfer: SessionTransfer) {
        let pending = transfer.pending
        switch pending.outcome {
        case .completed(let status, let bytes):
            completed(transfer, status: status, bytes: bytes)
        case .failed(let error, let detail):
            fail(transfer, error, detail: detail, resume: transfer.resume)
        case nil: break
        }
    }
}
