import BackgroundCore
import BackgroundDevice

/// The background session's decisions, apart from their effects: a state machine that takes what happened
/// (``Event``: a task created, the network or the app changed, a force quit, a restart, a timer, an
/// attempt's start or outcome) and returns what to do, in order, with the reasons (``Action``: start an
/// attempt, wait for a reason, retry at a moment, end with an error, deliver a delegate call, ask for the
/// app, spend cellular data). It owns no timer, records nothing, writes no store, calls no transport and
/// changes nothing of the device: ``BackgroundSession`` (the façade) schedules, records, saves, begins and
/// pays what the rules return, and hands in the moment, what stopped attempts left and what the system's
/// discretion decides by (``SystemDiscretion/Transfers``, the device's ``SystemDiscretion/transfers``). The
/// rules decide on that value under the realistic policy and spend in it what their starts and ends use,
/// so that their next decisions see it; the event's spends come back as one action
/// (``Action/spendCellular(bytes:)``), first. The numbers are ``SessionRules``'.
///
/// ```swift
/// var rules = TransferRules(configuration: SessionConfiguration(identifier: "s"), rules: SessionRules(),
///                           keepsTransfers: true, network: NetworkPath(.none), appState: .foreground)
/// rules.handle(.created(pending, isData: false, uploadSize: 10), at: t0, discretion: .eager)
/// // [.record(created), .setDeadline(1, t0 + 7 d), .save(waiting), .record(waiting noNetwork),
/// //  .deliver(.taskIsWaitingForConnectivity(transfer: 1))]
/// ```
struct TransferRules {
    let configuration: SessionConfiguration
    let rules: SessionRules
    /// What the system's discretion decides by, as handed in with the event being handled, with what the
    /// event's starts and ends spent.
    var discretion = SystemDiscretion.Transfers.eager
    /// A store keeps the transfers: the rules ask for writes (``Action/save(_:)``, an end's outcome) only then.
    let keepsTransfers: Bool
    /// The network the session last heard of.
    private(set) var network: NetworkPath
    /// The app's state the session last heard of.
    private(set) var appState: LifecycleState
    /// The transfers, in the order of their ids (a created one has the highest id, so it goes last): each
    /// is changed where it stands, never copied out and back (a dictionary's values are copied whole at each
    /// read). An ended one leaves its place (``SessionTransfer/ended(_:)``) until the ended places are more
    /// than half of them, when the list is compacted at once: an end moves no other transfer.
    var transfers: [SessionTransfer] = []
    /// How many places in ``transfers`` are ended.
    private var endedPlaces = 0
    /// A wake or relaunch was asked for and its events are not delivered yet.
    var launchAsked = false
    private var limiter: ResumeRateLimiter
    /// Delegate calls waiting for the app to run.
    var queued: [SessionEvent] = []
    /// The kept transfers whose ends are in `queued`: the store forgets them once those are delivered.
    var delivering: [Int] = []
    /// The user force-quit the app: no relaunch until they open it again.
    var launchesBlocked = false
    /// The moment of the event being handled, the actions it leads to and the cellular data its starts and
    /// ends spent (``handle(_:at:discretion:)`` only).
    var now = SimTime.defaultStart
    var actions: [Action] = []
    var spentCellular: Int64 = 0

    init(
        configuration: SessionConfiguration, rules: SessionRules, keepsTransfers: Bool, network: NetworkPath,
        appState: LifecycleState
    ) {
        self.configuration = configuration
        self.rules = rules
        self.keepsTransfers = keepsTransfers
        self.network = network
        self.appState = appState
        limiter = ResumeRateLimiter(firstDelay: rules.rateLimiterFirstDelay)
    }

    /// Whether the app runs (in the foreground or the background), where delegate calls come at once.
    var isAppRunning: Bool { appState == .foreground || appState == .background }

    /// The ids of the transfers not ended, in order.
    var ids: [Int] { transfers.compactMap { $0.isEnded ? nil : $0.id } }

    /// The highest id of a transfer not ended.
    var lastID: Int? { transfers.last { !$0.isEnded }?.id }

    /// The transfers not ended, in order.
    var ordered: [SessionTransfer] { transfers.filter { !$0.isEnded } }

    /// The transfers whose attempts run, by id (a force quit stops them all).
    var runningIDs: [Int] { transfers.filter { !$0.isEnded && $0.isRunning }.map(\.id) }

    /// The data tasks, by id (the app's suspension disconnects them).
    var dataIDs: [Int] { transfers.filter { !$0.isEnded && $0.isData }.map(\.id) }

    /// The running transfers a move to `path` at `now` interrupts, the discretion deciding by `discretion`:
    /// what holds them there is the network.
    func interrupted(by path: NetworkPath, at now: SimTime, discretion: SystemDiscretion.Transfers) -> [Int] {
        transfers.indices.filter {
            !transfers[$0].isEnded && transfers[$0].isRunning
                && waitReason($0, on: path, at: now, deciding: discretion)?.isNetwork == true
        }.map { transfers[$0].id }
    }

    /// Where the transfer `id` stands in ``transfers``, if it has not ended: valid until one is added or
    /// removed.
    func index(of id: Int) -> Int? {
        let at = position(of: id)
        return at < transfers.count && transfers[at].id == id && !transfers[at].isEnded ? at : nil
    }

    /// Where `id` stands in ``transfers``, or would.
    private func position(of id: Int) -> Int {
        var low = 0
        var high = transfers.count
        while low < high {
            let middle = (low + high) / 2
            if transfers[middle].id < id { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The transfer `id`, if it has not ended.
    func transfer(_ id: Int) -> SessionTransfer? { index(of: id).map { transfers[$0] } }

    /// Adds `transfer` in the order of ids; returns where it stands.
    @discardableResult
    private mutating func insert(_ transfer: SessionTransfer) -> Int {
        guard let last = transfers.last, last.id >= transfer.id else {
            transfers.append(transfer)
            return transfers.count - 1
        }
        let at = position(of: transfer.id)
        if transfers[at].id == transfer.id {
            // The place of an ended transfer of the same id (restored again).
            transfers[at] = transfer
            endedPlaces -= 1
        } else {
            transfers.insert(transfer, at: at)
        }
        return at
    }

    /// Takes the transfer at `i` out (it ends), leaving its place; compacts the list when the ended places
    /// are more than half of it.
    mutating func remove(_ i: Int) -> SessionTransfer {
        var ended = SessionTransfer.ended(transfers[i].id)
        swap(&ended, &transfers[i])
        endedPlaces += 1
        if endedPlaces * 2 > transfers.count {
            transfers.removeAll { $0.isEnded }
            endedPlaces = 0
        }
        return ended
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

    /// Takes in what happened at `time`, the discretion deciding by `discretion` (the device's
    /// ``SystemDiscretion/transfers`` now), and returns what to do, in order.
    mutating func handle(_ event: Event, at time: SimTime, discretion: SystemDiscretion.Transfers) -> [Action] {
        now = time
        self.discretion = discretion
        spentCellular = 0
        actions.removeAll(keepingCapacity: true)
        switch event {
        case .restored(let kept): restore(kept)
        case .created(let pending, let isData, let size): create(pending, isData: isData, uploadSize: size)
        case .networkChanged(let path, let resumes): networkChanged(to: path, resumes: resumes)
        case .appChanged(let state): appChanged(to: state)
        case .forceQuit(let resumes):
            appState = .terminated
            launchesBlocked = true
            launchAsked = false
            for id in ids {
                guard let i = index(of: id) else { continue }
                stop(i, leaving: resumes[id])
                let ended = remove(i)
                fail(ended, "userForceQuitApplication", resume: ended.isData ? nil : ended.resume, launch: false)
            }
        case .deviceRestarted: launchesBlocked = false
        case .timerFired(let id):
            guard let i = index(of: id) else { break }
            transfers[i].backingOff = false
            evaluate(i)
        case .deadlinePassed(let id, let resume):
            guard let i = index(of: id) else { break }
            stop(i, leaving: resume)
            let ended = remove(i)
            fail(ended, "timedOut", detail: "timeoutIntervalForResource passed", resume: ended.resume)
        case .cancelled(let id, let resume):
            guard let i = index(of: id) else { break }
            stop(i, leaving: resume)
            let ended = remove(i)
            fail(ended, "cancelled", resume: ended.resume)
        case .attemptStarted(let id, let offset):
            guard let i = index(of: id), transfers[i].isRunning else { break }
            if transfers[i].pending.kind == .download, offset == 0 { transfers[i].pending.resume = nil }
            transfers[i].pending.bytesDone = offset
            actions.append(.record(.transferStarted(transfer: id, offset: offset > 0 ? offset : nil)))
        case .attemptFinished(let id, let result):
            guard let i = index(of: id), transfers[i].isRunning else { break }
            transfers[i].isRunning = false
            switch result {
            case .success(let response): complete(i, response)
            case .failure(let error): failed(i, error)
            }
        case .launchDue:
            guard launchAsked, !isAppRunning else { break }
            actions.append(.launchApp(relaunch: appState == .terminated))
        }
        if spentCellular > 0 { actions.insert(.spendCellular(bytes: spentCellular), at: 0) }
        return actions
    }

    /// The resume data a stopped attempt of `id` leaves the app: a download's, the attempt's or that kept.
    func resume(of id: Int, leaving resume: ResumePoint?) -> ResumePoint? {
        guard var transfer = transfer(id) else { return nil }
        transfer.keep(resume)
        return transfer.resume
    }

    // MARK: The events

    private mutating func restore(_ kept: [(pending: PendingTransfer, uploadSize: Int64?)]) {
        var ended: [Int] = []
        for (pending, size) in kept where pending.session == configuration.identifier && index(of: pending.id) == nil {
            var transfer = SessionTransfer(pending: pending, isData: false, uploadSize: size, createdInBackground: false)
            transfer.lastReason = pending.waitingReason.flatMap(TransferWaitReason.init(rawValue:))
            guard pending.outcome == nil else {
                insert(transfer)
                ended.append(pending.id)
                continue
            }
            setDeadline(pending)
            if let retryAt = pending.retryAt, retryAt > now {
                transfer.backingOff = true
                actions.append(.lookAgain(transfer: pending.id, at: retryAt))
            }
            insert(transfer)
        }
        for id in ended {
            if let i = index(of: id) { reportAgain(remove(i)) }
        }
        for id in ids {
            if let i = index(of: id) { evaluate(i) }
        }
    }

    private mutating func create(_ pending: PendingTransfer, isData: Bool, uploadSize: Int64?) {
        var transfer = SessionTransfer(
            pending: pending, isData: isData, uploadSize: uploadSize, createdInBackground: !isData && appState != .foreground)
        actions.append(.record(.transferCreated(
            transfer: pending.id, kind: isData ? "data" : pending.kind.rawValue, url: pending.url,
            bytes: uploadSize ?? pending.expectedBytes, key: pending.idempotencyKey)))
        guard Self.accepts(pending, uploadSize: uploadSize) else {
            // Refused: it ends at once (an upload of a missing file to a URL not http(s) fails for both).
            if !TransferRequest.isWebURL(pending.url) {
                fail(transfer, "unsupportedURL", detail: "a background session takes http and https URLs only")
            }
            if pending.kind == .upload, uploadSize == nil {
                fail(transfer, "fileDoesNotExist", detail: "cannot read \(pending.file)")
            }
            return
        }
        if transfer.createdInBackground, limiter.delay > .zero { transfer.rateLimitedUntil = now + limiter.delay }
        let i = insert(transfer)
        setDeadline(pending)
        evaluate(i)
    }

    private mutating func networkChanged(to path: NetworkPath, resumes: [Int: ResumePoint]) {
        network = path
        // No transfer ends here, so each keeps its place for the whole loop.
        for i in transfers.indices where !transfers[i].isEnded {
            let id = transfers[i].id
            if transfers[i].isRunning {
                guard let reason = waitReason(i, on: path, at: now, deciding: discretion), reason.isNetwork else { continue }
                stop(i, leaving: resumes[id])
                save(i)
                actions.append(.record(.transferRetrying(transfer: id, reason: "networkConnectionLost")))
            }
            evaluate(i)
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
            for id in dataIDs {
                guard let i = index(of: id) else { continue }
                stop(i, leaving: nil)
                fail(remove(i), "backgroundSessionWasDisconnected", launch: false)
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

    /// The attempt of the transfer at `i` completed with `response` (any HTTP status): it ends.
    private mutating func complete(_ i: Int, _ response: TransferResponse) {
        let transfer = remove(i)
        let bytes = transfer.pending.kind == .download ? response.resumedFrom + response.bytesReceived : response.bytesSent
        if let charged = transfer.cellularCharge, bytes > charged { spend(bytes - charged) }
        completed(transfer, status: response.status, bytes: bytes)
    }

    /// The attempt of the transfer at `i` failed in transport: retried after the backoff, or it fails.
    private mutating func failed(_ i: Int, _ error: TransportError) {
        transfers[i].keep(error.resume)
        guard Self.retries(error.code) else {
            let ended = remove(i)
            return fail(ended, error.code.rawValue, detail: error.detail, resume: ended.resume)
        }
        let id = transfers[i].id
        transfers[i].pending.retries += 1
        let next = now + rules.retryDelay(transfers[i].pending.retries)
        transfers[i].pending.retryAt = next
        transfers[i].backingOff = true
        save(i)
        actions.append(.record(.transferRetrying(transfer: id, reason: error.code.rawValue, next: next)))
        actions.append(.lookAgain(transfer: id, at: next))
    }
}
