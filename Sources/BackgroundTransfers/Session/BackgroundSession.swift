public import BackgroundCore
public import BackgroundDevice

/// A background `URLSession`, as the system (nsurlsessiond) carries it out: transfers that wait for the
/// network the configuration allows, retry, resume, outlive the app, and wake or relaunch it when they end.
/// It runs on the one ``EventEngine`` and records `transfer.*` and `session.events` on a ``Timeline``.
///
/// - Tasks: uploads from a file, downloads (resumed from resume data when given), data tasks; the forms a
///   background session refuses throw Apple's messages (``SessionError``). Ids come from the store, so they
///   are unique across runs.
/// - Waiting: a transfer starts when nothing holds it — its `earliestBeginDate`, the resume rate limiter
///   (created in the background), the network (none, cellular, expensive, constrained, as the configuration
///   allows), discretion (Wi-Fi and external power; under the realistic policy, the device's
///   ``SystemDiscretion``: the battery, Low Power Mode and the cellular data budget); `transfer.waiting`
///   says why, each time the reason changes. A
///   running transfer whose network goes is interrupted and goes on when it may.
/// - Attempts: any HTTP status completes the transfer; a transport failure or a stall is retried after a
///   backoff (``SessionRules``) within `timeoutIntervalForResource`, after which the transfer fails with
///   `timedOut`; a download resumes from its resume data when the server allows it.
/// - The app: the host tells the session its state (``appDidChange(to:)``) and the device's network
///   (``update(network:)``); events reach its listeners (``addEventListener(_:)``) at once while it runs, and are queued while
///   it is suspended or terminated, when the session asks for a wake or relaunch (``SessionEvent``).
/// - A store (``TransferStore``) keeps every pending transfer, written before each change is reported;
///   ``start()`` carries on those of an earlier run.
///
/// ```swift
/// let session = BackgroundSession(
///     configuration: SessionConfiguration(identifier: "com.example.tour.transfers"), engine: engine,
///     timeline: timeline, attempts: SimulatedTransfers(engine: engine), store: database)
/// session.addEventListener { event in host.handle(event) }
/// try session.start()
/// let id = try session.uploadTask(with: SessionRequest(url: "https://example.org/visits/museum.log"), fromFile: "/srv/visits.log")
///
/// // test: a wait for the network, then the upload
/// session.update(network: NetworkPath(.none))
/// _ = try session.uploadTask(with: request, fromFile: file)   // transfer.waiting noNetwork
/// session.update(network: NetworkPath(.wifi))                 // transfer.started
/// engine.run()                                                // transfer.completed status 201
/// ```
///
/// - Warning: Like the engine, a session is not thread-safe: use it from the engine's owner only.
public final class BackgroundSession {
    public let configuration: SessionConfiguration
    public let rules: SessionRules
    /// The network the session last heard of.
    public internal(set) var network: NetworkPath
    /// The app's state the session last heard of.
    public internal(set) var appState: LifecycleState

    let engine: EventEngine
    let timeline: Timeline
    let attempts: any TransferAttempts
    let store: (any TransferStore)?
    var transfers: [Int: SessionTransfer] = [:]
    var unsavedNextID = 1
    var limiter: ResumeRateLimiter
    /// The system's discretion the session asks for its discretionary transfers: the device's (its policy,
    /// critical-battery rule and cellular data budget), shared with the scheduler and the pushes.
    public let discretion: SystemDiscretion
    /// Delegate calls waiting for the app to run.
    var queued: [SessionEvent] = []
    var eventListeners: [(SessionEvent) -> Void] = []
    /// The transfers whose ends are in `queued`: the store forgets them once those are delivered.
    var delivering: [SessionTransfer] = []
    /// Ended transfers the store failed to forget (a full disk), forgotten at its next change.
    var unforgotten: Set<Int> = []
    /// A wake or relaunch was asked for and its events are not delivered yet.
    var launchAsked = false
    /// The user force-quit the app: no relaunch until they open it again.
    var launchesBlocked = false
    var nextToken = 0

    /// A session on `engine`, recording on `timeline`, whose attempts `attempts` carries out, keeping its
    /// pending transfers in `store` (none: they die with the run), asking `discretion` (the device's; nil:
    /// one of its own under the eager policy). The app starts in `appState`, the device on `network`.
    public init(
        configuration: SessionConfiguration, engine: EventEngine, timeline: Timeline, attempts: any TransferAttempts,
        store: (any TransferStore)? = nil, rules: SessionRules = SessionRules(), discretion: SystemDiscretion? = nil,
        network: NetworkPath = NetworkPath(.wifi), appState: LifecycleState = .foreground
    ) {
        self.configuration = configuration
        self.engine = engine
        self.timeline = timeline
        self.attempts = attempts
        self.store = store
        self.rules = rules
        self.network = network
        self.appState = appState
        self.limiter = ResumeRateLimiter(firstDelay: rules.rateLimiterFirstDelay)
        self.discretion = discretion ?? SystemDiscretion()
    }

    /// Adds `listener`, which receives the session's requests and the app's delegate calls
    /// (``SessionEvent``), in the order listeners were added.
    public func addEventListener(_ listener: @escaping (SessionEvent) -> Void) {
        eventListeners.append(listener)
    }

    func tell(_ event: SessionEvent) {
        for listener in eventListeners { listener(event) }
    }

    /// Carries on the transfers the store kept from an earlier run of this session (each exactly once): one
    /// that had ended before the app had its events reports its end again (never carried out again), one
    /// backing off after a failure waits for the rest of its backoff, the others go on.
    public func start() throws(InputError) {
        guard let store else { return }
        var ended: [SessionTransfer] = []
        for pending in try store.loadTransfers() where pending.session == configuration.identifier && transfers[pending.id] == nil {
            let size = pending.kind == .upload ? fileSize(pending.file) : nil
            let transfer = SessionTransfer(pending: pending, isData: false, uploadSize: size, createdInBackground: false)
            transfer.lastReason = pending.waitingReason.flatMap(TransferWaitReason.init(rawValue:))
            transfers[pending.id] = transfer
            guard pending.outcome == nil else {
                ended.append(transfer)
                continue
            }
            armDeadline(transfer)
            if let retryAt = pending.retryAt, retryAt > engine.now {
                transfer.backingOff = true
                wake(transfer, at: retryAt)
            }
        }
        for transfer in ended { reportAgain(transfer) }
        for transfer in ordered { evaluate(transfer) }
    }

    /// Whether nothing is left to do: no transfer pending, no wake of the app asked for.
    public var isSettled: Bool { transfers.isEmpty && !launchAsked }

    /// The transfers not finished yet, by id: what a store keeps, with why each waits.
    public var pendingTransfers: [PendingTransfer] { ordered.filter { !$0.isData }.map(\.pending) }

    // MARK: The rules

    var isRunning: Bool { appState == .foreground || appState == .background }

    var ordered: [SessionTransfer] { transfers.keys.sorted().compactMap { transfers[$0] } }

    func create(
        _ kind: TransferKind, _ request: SessionRequest, file: String, resume: ResumePoint?, expected: Int64?, size: Int64?,
        isData: Bool = false
    ) throws(SessionError) -> SessionTransfer {
        let id = try newID()
        let pending = PendingTransfer(
            id: id, session: configuration.identifier, kind: kind, method: request.method ?? (kind == .upload ? "PUT" : "GET"),
            url: request.url, file: file, createdAt: engine.now, earliestBegin: request.earliestBeginDate,
            expectedBytes: expected, bytesDone: resume?.offset ?? 0, resume: resume)
        let transfer = SessionTransfer(pending: pending, isData: isData, uploadSize: size, createdInBackground: !isData && appState != .foreground)
        let supported = TransferRequest.isWebURL(request.url)
        let fine = supported && (kind == .download || size != nil)
        if fine, !isData {
            do throws(InputError) {
                try store?.saveTransfer(pending)
            } catch {
                throw SessionError(.storeFailed, error.description)
            }
        }
        transfers[id] = transfer
        timeline.record(.transferCreated(transfer: id, kind: isData ? "data" : kind.rawValue, url: request.url, bytes: size ?? expected,
                                              key: pending.idempotencyKey))
        guard fine else {
            if !supported { fail(transfer, "unsupportedURL", detail: "a background session takes http and https URLs only") }
            return transfer
        }
        if transfer.createdInBackground, limiter.delay > .zero { transfer.rateLimitedUntil = engine.now + limiter.delay }
        armDeadline(transfer)
        evaluate(transfer)
        return transfer
    }

    func newID() throws(SessionError) -> Int {
        guard let store else {
            defer { unsavedNextID += 1 }
            return unsavedNextID
        }
        do throws(InputError) {
            return try max(store.nextTransferID(), (transfers.keys.max() ?? 0) + 1)
        } catch {
            throw SessionError(.storeFailed, error.description)
        }
    }

    /// What holds `transfer` now, or nil when it may run.
    func waitReason(_ transfer: SessionTransfer) -> TransferWaitReason? {
        rules.waitReason(
            earliestBegin: transfer.pending.earliestBegin, rateLimitedUntil: transfer.rateLimitedUntil,
            isDiscretionary: isDiscretionary(transfer), network: network, configuration: configuration, now: engine.now,
            discretion: { discretionFor(transfer) })
    }

    /// A transfer the system starts at its discretion: the session is discretionary, or the transfer was
    /// created while the app was in the background.
    func isDiscretionary(_ transfer: SessionTransfer) -> Bool {
        rules.isDiscretionary(configuration, createdInBackground: transfer.createdInBackground)
    }

    /// What the system's discretion decides now of the discretionary `transfer`, its known size asked of the
    /// cellular data budget (a transfer of unknown size pays what it moved when it completes, so it may go
    /// at any time); nil under the eager policy, whose rule (Wi-Fi and external power) is the session's.
    func discretionFor(_ transfer: SessionTransfer) -> SystemDiscretion.Decision? {
        guard discretion.policy.isRealistic else { return nil }
        return discretion.transfer(
            bytes: knownSize(of: transfer), onCellular: network.interface == .cellular,
            batteryCriticallyLow: network.isBatteryCriticallyLow, lowPowerMode: network.isLowPowerMode, at: engine.now)
    }

    /// The bytes `transfer` moves, as far as known: an upload's file size, or what the request expects.
    func knownSize(of transfer: SessionTransfer) -> Int64 {
        max(0, transfer.uploadSize ?? transfer.pending.expectedBytes ?? 0)
    }

    /// Starts `transfer` if nothing holds it, or records why it waits (when the reason changed) and, for a
    /// hold that ends at a known moment, looks again then.
    func evaluate(_ transfer: SessionTransfer) {
        guard transfers[transfer.pending.id] === transfer, !transfer.isRunning, !transfer.backingOff else { return }
        guard let reason = waitReason(transfer) else { return begin(transfer) }
        if reason != transfer.lastReason {
            transfer.lastReason = reason
            transfer.pending.waitingReason = reason.rawValue
            save(transfer)
            timeline.record(.transferWaiting(transfer: transfer.pending.id, reason: reason))
            if reason.isConnectivity, !transfer.toldWaiting, isRunning {
                transfer.toldWaiting = true
                tell(.taskIsWaitingForConnectivity(transfer: transfer.pending.id))
            }
        }
        let moment = SessionRules.wakeMoment(
            for: reason, earliestBegin: transfer.pending.earliestBegin, rateLimitedUntil: transfer.rateLimitedUntil,
            discretion: { discretionFor(transfer) })
        if let moment { wake(transfer, at: moment) }
    }

    func wake(_ transfer: SessionTransfer, at moment: SimTime) {
        if let timer = transfer.timer { engine.cancel(timer) }
        transfer.timer = engine.schedule(at: moment) { [weak self, weak transfer] in
            guard let self, let transfer else { return }
            transfer.timer = nil
            transfer.backingOff = false
            evaluate(transfer)
        }
    }

    func begin(_ transfer: SessionTransfer) {
        transfer.cellularCharge = nil
        if discretion.policy.isRealistic, network.interface == .cellular, isDiscretionary(transfer) {
            transfer.cellularCharge = knownSize(of: transfer)
            discretion.spendCellular(knownSize(of: transfer), at: engine.now)
        }
        transfer.lastReason = nil
        transfer.pending.waitingReason = nil
        transfer.pending.attempts += 1
        transfer.pending.retryAt = nil
        save(transfer)
        nextToken += 1
        let token = nextToken
        let pending = transfer.pending
        let body: TransferRequest.Body =
            pending.kind == .upload ? .upload(file: pending.file) : .download(file: pending.file, resume: pending.resume)
        let request = TransferRequest(
            method: pending.method, url: pending.url, headers: ["Idempotency-Key": "\"\(pending.idempotencyKey)\""], body: body,
            timeout: configuration.timeoutIntervalForRequest)
        let attempt = TransferAttempt(
            transfer: pending.id, kind: pending.kind, request: request, number: pending.attempts, network: network,
            uploadSize: transfer.uploadSize)
        transfer.attempt = (token, { nil })
        let cancel = attempts.begin(attempt) { [weak self, weak transfer] event in
            guard let self, let transfer, transfer.attempt?.token == token else { return }
            handle(event, of: transfer)
        }
        if transfer.attempt?.token == token { transfer.attempt = (token, cancel) }
    }

    func handle(_ event: TransferAttempt.Event, of transfer: SessionTransfer) {
        let id = transfer.pending.id
        switch event {
        case .started(let offset):
            if transfer.pending.kind == .download, offset == 0 { transfer.pending.resume = nil }
            transfer.pending.bytesDone = offset
            timeline.record(.transferStarted(transfer: id, offset: offset > 0 ? offset : nil))
        case .finished(.success(let response)):
            transfer.attempt = nil
            let download = transfer.pending.kind == .download
            let bytes = download ? response.resumedFrom + response.bytesReceived : response.bytesSent
            if let charged = transfer.cellularCharge, bytes > charged { discretion.spendCellular(bytes - charged, at: engine.now) }
            var events: [SessionEvent] = []
            if download, !transfer.isData, (200..<300).contains(response.status) {
                events.append(.didFinishDownloading(transfer: id, file: transfer.pending.file))
            }
            events.append(.didComplete(transfer: id, status: response.status, error: nil, resume: nil))
            finish(transfer, .transferCompleted(transfer: id, status: response.status, bytes: bytes), events)
        case .finished(.failure(let error)):
            transfer.attempt = nil
            keep(error.resume, of: transfer)
            guard Self.retries(error.code) else {
                let resume = transfer.pending.kind == .download ? transfer.pending.resume : nil
                return fail(transfer, error.code.rawValue, detail: error.detail, resume: resume)
            }
            transfer.pending.retries += 1
            let next = engine.now + rules.retryDelay(transfer.pending.retries)
            transfer.pending.retryAt = next
            save(transfer)
            timeline.record(.transferRetrying(transfer: id, reason: error.code.rawValue, next: next))
            transfer.backingOff = true
            wake(transfer, at: next)
        }
    }

    /// Ends `transfer` as cancelled; returns a download's resume data.
    func cancel(_ transfer: SessionTransfer) -> ResumePoint? {
        let resume = stopAttempt(transfer)
        fail(transfer, "cancelled", resume: resume)
        return resume
    }

    /// Whether a transport failure is retried: the network's and the server's faults are; a problem with
    /// the request or its files, or with TLS trust, fails the transfer (as URLSession does).
    static func retries(_ code: TransportError.Code) -> Bool {
        switch code {
        case .cannotFindHost, .cannotConnectToHost, .timedOut, .networkConnectionLost, .badServerResponse, .unknown: true
        default: false
        }
    }

    /// Keeps a download's resume data from a failed or stopped attempt (an upload starts over).
    func keep(_ resume: ResumePoint?, of transfer: SessionTransfer) {
        guard transfer.pending.kind == .download, let resume else { return }
        transfer.pending.resume = resume
        transfer.pending.bytesDone = resume.offset
    }

    /// Stops the running attempt, if any; returns the download's resume data (the attempt's, or that kept).
    func stopAttempt(_ transfer: SessionTransfer) -> ResumePoint? {
        if let attempt = transfer.attempt {
            transfer.attempt = nil
            keep(attempt.cancel(), of: transfer)
        }
        return transfer.pending.kind == .download ? transfer.pending.resume : nil
    }

    func armDeadline(_ transfer: SessionTransfer) {
        transfer.deadline = engine.schedule(at: transfer.pending.createdAt + configuration.timeoutIntervalForResource) {
            [weak self, weak transfer] in
            guard let self, let transfer, transfers[transfer.pending.id] === transfer else { return }
            let resume = stopAttempt(transfer)
            fail(transfer, "timedOut", detail: "timeoutIntervalForResource passed", resume: resume)
        }
    }

    /// Ends `transfer` with `error` (a URLError name): `transfer.failed`, and `didComplete` with the error
    /// and a download's resume data.
    func fail(_ transfer: SessionTransfer, _ error: String, detail: String? = nil, resume: ResumePoint? = nil, launch: Bool = true) {
        let id = transfer.pending.id
        finish(transfer, .transferFailed(transfer: id, error: error, detail: detail),
               [.didComplete(transfer: id, status: nil, error: error, resume: resume)], launch: launch)
    }

    /// Ends `transfer`: forgets it (durably, first), records `record`, and delivers `events` (at once while
    /// the app runs; otherwise queued, asking for the app when `launch` and the configuration allow).
    /// The two-phase end: the outcome is written to the store first (a kill from here on reports it again in
    /// the next run, and never sends the transfer again), then reported; the transfer is removed from the
    /// store once the app has had its events (at once while it runs, else when it next runs).
    func finish(_ transfer: SessionTransfer, _ record: TransferRecord, _ events: [SessionEvent], launch: Bool = true) {
        let id = transfer.pending.id
        for timer in [transfer.timer, transfer.deadline].compactMap({ $0 }) { engine.cancel(timer) }
        transfers[id] = nil
        if !transfer.isData {
            transfer.pending.outcome = record.outcome
            transfer.pending.retryAt = nil
            storing { (store) throws(InputError) in try store.saveTransfer(transfer.pending) }
        }
        timeline.record(record)
        guard !isRunning else {
            events.forEach(tell)
            return forget([transfer])
        }
        queued += events
        delivering.append(transfer)
        guard launch, configuration.sessionSendsLaunchEvents, !launchesBlocked, !launchAsked else { return }
        launchAsked = true
        // After whatever else ends at this moment, so that one launch delivers them all.
        engine.schedule(after: .zero) { [weak self] in
            guard let self, launchAsked, !isRunning else { return }
            timeline.record(.sessionEvents(session: configuration.identifier))
            tell(.launchApp(relaunch: appState == .terminated))
        }
    }

    /// A transfer kept by an earlier run that had ended before the app had its events: its end again.
    func reportAgain(_ transfer: SessionTransfer) {
        let pending = transfer.pending
        switch pending.outcome {
        case .completed(let status, let bytes):
            let download = pending.kind == .download && (200..<300).contains(status)
            finish(transfer, .transferCompleted(transfer: pending.id, status: status, bytes: bytes),
                   (download ? [.didFinishDownloading(transfer: pending.id, file: pending.file)] : [])
                       + [.didComplete(transfer: pending.id, status: status, error: nil, resume: nil)])
        case .failed(let error, let detail):
            fail(transfer, error, detail: detail, resume: pending.kind == .download ? pending.resume : nil)
        case nil: break
        }
    }

    /// The second phase of the end: the app has had the events of `ended`, which the store forgets. One the
    /// store could not forget (a full disk) is forgotten at the next change the store takes: left in it, it
    /// would be sent again by the next run.
    func forget(_ ended: [SessionTransfer]) {
        for transfer in ended where !transfer.isData { unforgotten.insert(transfer.pending.id) }
        for id in unforgotten.sorted() where storing({ (store) throws(InputError) in try store.removeTransfer(id: id) }) {
            unforgotten.remove(id)
        }
    }

    func save(_ transfer: SessionTransfer) {
        guard !transfer.isData, transfers[transfer.pending.id] === transfer else { return }
        storing { (store) throws(InputError) in try store.saveTransfer(transfer.pending) }
        if !unforgotten.isEmpty { forget([]) }
    }

    /// Runs `change` on the store, if any; a failure is an `error` event (the run goes on). Returns whether
    /// the change was made.
    @discardableResult
    func storing(_ change: (any TransferStore) throws(InputError) -> Void) -> Bool {
        guard let store else { return true }
        do throws(InputError) {
            try change(store)
            return true
        } catch {
            timeline.record(.error(message: error.description, code: "state"))
            return false
        }
    }
}
