import BackgroundCore
import BackgroundDevice

/// The rules of one transfer: what holds it, its start, its end and the delivery of its events.
extension TransferRules {
    /// What holds `transfer` on `path` at `time`, or nil when it may run (``SessionRules``' order).
    func waitReason(_ transfer: SessionTransfer, on path: NetworkPath, at time: SimTime) -> TransferWaitReason? {
        rules.waitReason(
            earliestBegin: transfer.pending.earliestBegin, rateLimitedUntil: transfer.rateLimitedUntil,
            isDiscretionary: isDiscretionary(transfer), network: path, configuration: configuration, now: time,
            discretion: { discretion(of: transfer, on: path, at: time) })
    }

    /// A transfer the system starts at its discretion: the session is discretionary, or the transfer was
    /// created while the app was in the background.
    func isDiscretionary(_ transfer: SessionTransfer) -> Bool {
        rules.isDiscretionary(configuration, createdInBackground: transfer.createdInBackground)
    }

    /// What the system's discretion decides of the discretionary `transfer` on `path` at `time`, its known
    /// size asked of the cellular data budget (a transfer of unknown size pays what it moved when it
    /// completes, so it may go at any time); nil under the eager policy, whose rule (Wi-Fi and external
    /// power) is the session's.
    func discretion(of transfer: SessionTransfer, on path: NetworkPath, at time: SimTime) -> SystemDiscretion.Decision? {
        guard discretion.policy.isRealistic else { return nil }
        return discretion.transfer(
            bytes: transfer.knownSize, onCellular: path.interface == .cellular,
            batteryCriticallyLow: path.isBatteryCriticallyLow, lowPowerMode: path.isLowPowerMode, at: time)
    }

    /// Starts the transfer `id` if nothing holds it, or records why it waits (when the reason changed) and,
    /// for a hold that ends at a known moment, looks again then.
    mutating func evaluate(_ id: Int) {
        guard var transfer = transfers[id], !transfer.isRunning, !transfer.backingOff else { return }
        guard let reason = waitReason(transfer, on: network, at: now) else { return begin(&transfer) }
        if reason != transfer.lastReason {
            transfer.lastReason = reason
            transfer.pending.waitingReason = reason.rawValue
            let tells = reason.isConnectivity && !transfer.toldWaiting && isAppRunning
            if tells { transfer.toldWaiting = true }
            transfers[id] = transfer
            save(transfer)
            actions.append(.record(.transferWaiting(transfer: id, reason: reason)))
            if tells { actions.append(.deliver(.taskIsWaitingForConnectivity(transfer: id))) }
        }
        let waiting = transfer
        let moment = SessionRules.wakeMoment(
            for: reason, earliestBegin: waiting.pending.earliestBegin, rateLimitedUntil: waiting.rateLimitedUntil,
            discretion: { discretion(of: waiting, on: network, at: now) })
        if let moment { actions.append(.lookAgain(transfer: id, at: moment)) }
    }

    /// Starts an attempt of `transfer`: on cellular, a discretionary one pays its known size from the
    /// realistic policy's data budget first.
    mutating func begin(_ transfer: inout SessionTransfer) {
        transfer.cellularCharge = nil
        if discretion.policy.isRealistic, network.interface == .cellular, isDiscretionary(transfer) {
            transfer.cellularCharge = transfer.knownSize
            discretion.spendCellular(transfer.knownSize, at: now)
        }
        transfer.lastReason = nil
        transfer.pending.waitingReason = nil
        transfer.pending.attempts += 1
        transfer.pending.retryAt = nil
        transfer.isRunning = true
        transfers[transfer.id] = transfer
        save(transfer)
        let pending = transfer.pending
        let body: TransferRequest.Body =
            pending.kind == .upload ? .upload(file: pending.file) : .download(file: pending.file, resume: pending.resume)
        let request = TransferRequest(
            method: pending.method, url: pending.url, headers: ["Idempotency-Key": "\"\(pending.idempotencyKey)\""], body: body,
            timeout: configuration.timeoutIntervalForRequest)
        actions.append(.start(TransferAttempt(
            transfer: pending.id, kind: pending.kind, request: request, number: pending.attempts, network: network,
            uploadSize: transfer.uploadSize)))
    }

    /// The attempt of `transfer` was stopped, leaving `resume` (a download keeps it).
    mutating func stop(_ transfer: inout SessionTransfer, leaving resume: ResumePoint?) {
        guard transfer.isRunning else { return }
        transfer.isRunning = false
        transfer.keep(resume)
        if transfers[transfer.id] != nil { transfers[transfer.id] = transfer }
    }

    /// Writes `transfer` to the store, unless none keeps transfers, it is a data task or it has ended.
    mutating func save(_ transfer: SessionTransfer) {
        guard keepsTransfers, !transfer.isData, transfers[transfer.id] != nil else { return }
        actions.append(.save(transfer.pending))
    }

    mutating func setDeadline(_ transfer: SessionTransfer) {
        actions.append(.setDeadline(transfer: transfer.id, at: transfer.pending.createdAt + configuration.timeoutIntervalForResource))
    }

    /// Ends `transfer` with `error` (a URLError name): `transfer.failed`, and `didComplete` with the error
    /// and a download's resume data.
    mutating func fail(_ transfer: SessionTransfer, _ error: String, detail: String? = nil, resume: ResumePoint? = nil, launch: Bool = true) {
        let id = transfer.id
        finish(transfer, .transferFailed(transfer: id, error: error, detail: detail),
               [.didComplete(transfer: id, status: nil, error: error, resume: resume)], launch: launch)
    }

    /// Ends `transfer`: its outcome written first, then `record`; `events` delivered at once while the app
    /// runs (and the store forgets it), otherwise queued, asking for the app when `launch` and the
    /// configuration allow. The two-phase end: a kill after the outcome is written reports it again in the
    /// next run, and never sends the transfer again; the store forgets it once the app has had its events.
    mutating func finish(_ transfer: SessionTransfer, _ record: TransferRecord, _ events: [SessionEvent], launch: Bool = true) {
        let id = transfer.id
        var kept: PendingTransfer?
        if keepsTransfers, !transfer.isData {
            kept = transfer.pending
            kept?.outcome = record.outcome
            kept?.retryAt = nil
        }
        transfers[id] = nil
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

    /// A transfer kept by an earlier run that had ended before the app had its events: its end again.
    mutating func reportAgain(_ transfer: SessionTransfer) {
        let pending = transfer.pending
        switch pending.outcome {
        case .completed(let status, let bytes):
            let download = pending.kind == .download && (200..<300).contains(status)
            finish(transfer, .transferCompleted(transfer: pending.id, status: status, bytes: bytes),
                   (download ? [.didFinishDownloading(transfer: pending.id, file: pending.file)] : [])
                       + [.didComplete(transfer: pending.id, status: status, error: nil, resume: nil)])
        case .failed(let error, let detail):
            fail(transfer, error, detail: detail, resume: transfer.resume)
        case nil: break
        }
    }
}
