import BackgroundCore
import BackgroundDevice

/// The background session's decisions, apart from their effects: a state machine that takes what happened
/// (``Event``: a task created, the network or the app changed, a force quit, a restart, a timer, an
/// attempt's start or outcome) and returns what to do, in order, with the reasons (``Action``: start an
/// attempt, wait for a reason, retry at a moment, end with an error, deliver a delegate call, ask for the
/// app). It owns no timer, records nothing, writes no store and calls no transport: ``BackgroundSession``
/// (the façade) schedules, records, saves and begins what the rules return, and hands in the moment and
/// what stopped attempts left. What the system's discretion decides under the realistic policy it asks the
/// device's ``SystemDiscretion`` (and pays the cellular data budget there), as ``PushPolicy`` does; the
/// numbers are ``SessionRules``'.
///
/// ```swift
/// var rules = TransferRules(configuration: SessionConfiguration(identifier: "s"), rules: SessionRules(),
///                           discretion: SystemDiscretion(), keepsTransfers: true, network: NetworkPath(.none),
///                           appState: .foreground)
/// rules.handle(.created(pending, isData: false, uploadSize: 10), at: t0)
/// // [.record(created), .setDeadline(1, t0 + 7 d), .save(waiting), .record(waiting noNetwork),
/// //  .deliver(.taskIsWaitingForConnectivity(transfer: 1))]
/// ```
struct TransferRules {
    let configuration: SessionConfiguration
    let rules: SessionRules
    let discretion: SystemDiscretion
    /// A store keeps the transfers: the rules ask for writes (``Action/save(_:)``, an end's outcome) only then.
    let keepsTransfers: Bool
    /// The network the session last heard of.
    private(set) var network: NetworkPath
    /// The app's state the session last heard of.
    private(set) var appState: LifecycleState
    /// The transfers not ended, by id.
    var transfers: [Int: SessionTransfer] = [:]
    /// A wake or relaunch was asked for and its events are not delivered yet.
    var launchAsked = false
    private var limiter: ResumeRateLimiter
    /// Delegate calls waiting for the app to run.
    var queued: [SessionEvent] = []
    /// The kept transfers whose ends are in `queued`: the store forgets them once those are delivered.
    var delivering: [Int] = []
    /// The user force-quit the app: no relaunch until they open it again.
    var launchesBlocked = false
    /// The moment of the event being handled, and the actions it leads to (``handle(_:at:)`` only).
    var now = SimTime.defaultStart
    var actions: [Action] = []

    init(
        configuration: SessionConfiguration, rules: SessionRules, discretion: SystemDiscretion, keepsTransfers: Bool,
        network: NetworkPath, appState: LifecycleState
    ) {
        self.configuration = configuration
        self.rules = rules
        self.discretion = discretion
        self.keepsTransfers = keepsTransfers
        self.network = network
        self.appState = appState
        limiter = ResumeRateLimiter(firstDelay: rules.rateLimiterFirstDelay)
    }

    /// Whether the app runs (in the foreground or the background), where delegate calls come at once.
    var isAppRunning: Bool { appState == .foreground || appState == .background }

    /// The transfers not ended, by id.
    var ordered: [SessionTransfer] { transfers.keys.sorted().compactMap { transfers[$0] } }

    /// The transfers whose attempts run, by id (a force quit stops them all).
    var runningIDs: [Int] { ordered.filter(\.isRunning).map(\.id) }

    /// The data tasks, by id (the app's suspension disconnects them).
    var dataIDs: [Int] { ordered.filter(\.isData).map(\.id) }

    /// The running transfers a move to `path` at `now` interrupts: what holds them there is the network.
    func interrupted(by path: NetworkPath, at now: SimTime) -> [Int] {
        ordered.filter { $0.isRunning && waitReason($0, on: path, at: now)?.isNetwork == true }.map(\.id)
    }

    /// Whether a task is accepted: an http(s) URL, and for an upload a readable file (`uploadSize`).
    static func accepts(_ pending: PendingTransfer, uploadSize: Int64?) -> Bool {
        TransferRequest.isWebURL(pending.url) && (pending.kind == .download || uploadSize != nil)
    }

    /// Whether a transport failure is retried: the network's and the server's faults are; a problem with
    /// the request or its files, or with TLS trust, fails the transfer (as URLSession does).
    static func retries(_ code: TransportError.Code) -> Bool {
        switch code {
        case .cannotFindHost, .cannotConnectToHost, .timedOut, .networkConnectionLost, .badServerResponse, .unknown: true
        default: false
        }
    }

    /// Takes in what happened at `time` and returns what to do, in order.
    mutating func handle(_ event: Event, at time: SimTime) -> [Action] {
        now = time
        actions = []
        switch event {
        case .restored(let kept): restore(kept)
        case .created(let pending, let isData, let size): create(pending, isData: isData, uploadSize: size)
        case .networkChanged(let path, let resumes): networkChanged(to: path, resumes: resumes)
        case .appChanged(let state): appChanged(to: state)
        case .forceQuit(let resumes):
            appState = .terminated
            launchesBlocked = true
            launchAsked = false
            for var transfer in ordered {
                stop(&transfer, leaving: resumes[transfer.id])
                fail(transfer, "userForceQuitApplication", resume: transfer.isData ? nil : transfer.resume, launch: false)
            }
        case .deviceRestarted: launchesBlocked = false
        case .timerFired(let id):
            guard transfers[id] != nil else { break }
            transfers[id]?.backingOff = false
            evaluate(id)
        case .deadlinePassed(let id, let resume):
            guard var transfer = transfers[id] else { break }
            stop(&transfer, leaving: resume)
            fail(transfer, "timedOut", detail: "timeoutIntervalForResource passed", resume: transfer.resume)
        case .cancelled(let id, let resume):
            guard var transfer = transfers[id] else { break }
            stop(&transfer, leaving: resume)
            fail(transfer, "cancelled", resume: transfer.resume)
        case .attemptStarted(let id, let offset):
            guard var transfer = transfers[id], transfer.isRunning else { break }
            if transfer.pending.kind == .download, offset == 0 { transfer.pending.resume = nil }
            transfer.pending.bytesDone = offset
            transfers[id] = transfer
            actions.append(.record(.transferStarted(transfer: id, offset: offset > 0 ? offset : nil)))
        case .attemptFinished(let id, let result):
            guard var transfer = transfers[id], transfer.isRunning else { break }
            transfer.isRunning = false
            switch result {
            case .success(let response): complete(transfer, response)
            case .failure(let error): failed(&transfer, error)
            }
        case .launchDue:
            guard launchAsked, !isAppRunning else { break }
            actions.append(.launchApp(relaunch: appState == .terminated))
        }
        return actions
    }

    /// The resume data a stopped attempt of `id` leaves the app: a download's, the attempt's or that kept.
    func resume(of id: Int, leaving resume: ResumePoint?) -> ResumePoint? {
        guard var transfer = transfers[id] else { return nil }
        transfer.keep(resume)
        return transfer.resume
    }

    // MARK: The events

    private mutating func restore(_ kept: [(pending: PendingTransfer, uploadSize: Int64?)]) {
        var ended: [SessionTransfer] = []
        for (pending, size) in kept where pending.session == configuration.identifier && transfers[pending.id] == nil {
            var transfer = SessionTransfer(pending: pending, isData: false, uploadSize: size, createdInBackground: false)
            transfer.lastReason = pending.waitingReason.flatMap(TransferWaitReason.init(rawValue:))
            defer { transfers[pending.id] = transfer }
            guard pending.outcome == nil else {
                ended.append(transfer)
                continue
            }
            setDeadline(transfer)
            if let retryAt = pending.retryAt, retryAt > now {
                transfer.backingOff = true
                actions.append(.lookAgain(transfer: pending.id, at: retryAt))
            }
        }
        for transfer in ended { reportAgain(transfer) }
        for transfer in ordered { evaluate(transfer.id) }
    }

    private mutating func create(_ pending: PendingTransfer, isData: Bool, uploadSize: Int64?) {
        var transfer = SessionTransfer(
            pending: pending, isData: isData, uploadSize: uploadSize, createdInBackground: !isData && appState != .foreground)
        transfers[pending.id] = transfer
        actions.append(.record(.transferCreated(
            transfer: pending.id, kind: isData ? "data" : pending.kind.rawValue, url: pending.url,
            bytes: uploadSize ?? pending.expectedBytes, key: pending.idempotencyKey)))
        if Self.accepts(pending, uploadSize: uploadSize) {
            if transfer.createdInBackground, limiter.delay > .zero {
                transfer.rateLimitedUntil = now + limiter.delay
                transfers[pending.id] = transfer
            }
            setDeadline(transfer)
            evaluate(pending.id)
        } else if !TransferRequest.isWebURL(pending.url) {
            fail(transfer, "unsupportedURL", detail: "a background session takes http and https URLs only")
        }
        if pending.kind == .upload, uploadSize == nil {
            fail(transfer, "fileDoesNotExist", detail: "cannot read \(pending.file)")
        }
    }

    private mutating func networkChanged(to path: NetworkPath, resumes: [Int: ResumePoint]) {
        network = path
        for var transfer in ordered {
            if transfer.isRunning {
                guard let reason = waitReason(transfer, on: path, at: now), reason.isNetwork else { continue }
                stop(&transfer, leaving: resumes[transfer.id])
                save(transfer)
                actions.append(.record(.transferRetrying(transfer: transfer.id, reason: "networkConnectionLost")))
            }
            evaluate(transfer.id)
        }
    }

    private mutating func appChanged(to state: LifecycleState) {
        let old = appState
        appState = state
        switch state {
        case .foreground:
            limiter.reset()
            launchesBlocked = false
        case .background:
            if old == .suspended || old == .terminated, launchAsked { limiter.sessionWokeApp() }
        case .suspended, .terminated:
            for var transfer in ordered where transfer.isData {
                stop(&transfer, leaving: nil)
                fail(transfer, "backgroundSessionWasDisconnected", launch: false)
            }
        }
        guard isAppRunning else { return }
        let events = queued
        let ended = delivering
        queued = []
        delivering = []
        actions += events.map(Action.deliver)
        actions.append(.forget(ended))
        if launchAsked {
            launchAsked = false
            actions.append(.deliver(.didFinishEvents))
        }
    }

    private mutating func complete(_ transfer: SessionTransfer, _ response: TransferResponse) {
        let id = transfer.id
        let download = transfer.pending.kind == .download
        let bytes = download ? response.resumedFrom + response.bytesReceived : response.bytesSent
        if let charged = transfer.cellularCharge, bytes > charged { discretion.spendCellular(bytes - charged, at: now) }
        var events: [SessionEvent] = []
        if download, !transfer.isData, (200..<300).contains(response.status) {
            events.append(.didFinishDownloading(transfer: id, file: transfer.pending.file))
        }
        events.append(.didComplete(transfer: id, status: response.status, error: nil, resume: nil))
        finish(transfer, .transferCompleted(transfer: id, status: response.status, bytes: bytes), events)
    }

    /// An attempt failed in transport: retried after the backoff, or the transfer fails.
    private mutating func failed(_ transfer: inout SessionTransfer, _ error: TransportError) {
        transfer.keep(error.resume)
        guard Self.retries(error.code) else {
            return fail(transfer, error.code.rawValue, detail: error.detail, resume: transfer.resume)
        }
        transfer.pending.retries += 1
        let next = now + rules.retryDelay(transfer.pending.retries)
        transfer.pending.retryAt = next
        transfer.backingOff = true
        transfers[transfer.id] = transfer
        save(transfer)
        actions.append(.record(.transferRetrying(transfer: transfer.id, reason: error.code.rawValue, next: next)))
        actions.append(.lookAgain(transfer: transfer.id, at: next))
    }
}
