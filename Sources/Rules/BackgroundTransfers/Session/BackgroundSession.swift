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
/// The session is a façade over its decisions (``TransferRules``, a state machine: an event and what the
/// discretion decides by in, actions with their reasons out): it turns what it is told and what the
/// transport reports into events, and carries out the actions — the engine's timers, the timeline's
/// records, the store's writes, the transport's attempts, the listeners' calls, the spends of the device's
/// cellular data budget (the only change a session makes to the device's ``SystemDiscretion``).
///
/// - Warning: Like the engine, a session is not thread-safe: use it from the engine's owner only.
public final class BackgroundSession {
    public let configuration: SessionConfiguration
    public let rules: SessionRules
    /// The system's discretion its discretionary transfers go by: the device's (its policy and cellular data
    /// budget, shared with the scheduler and the pushes), whose ``SystemDiscretion/transfers`` the session
    /// hands its rules and whose budget it pays what they spend.
    public let discretion: SystemDiscretion
    /// The network the session last heard of.
    public var network: NetworkPath { machine.network }
    /// The app's state the session last heard of.
    public var appState: LifecycleState { machine.appState }

    let engine: EventEngine
    let timeline: Timeline
    let attempts: any TransferAttempts
    let store: (any TransferStore)?
    /// The decisions (``TransferRules``); the session carries them out.
    var machine: TransferRules
    var unsavedNextID = 1
    var eventListeners: [(SessionEvent) -> Void] = []
    /// The effects' handles of each transfer not ended, by id, in one table: its running attempt, its
    /// look-again timer (a retry, or a wait for a moment) and its resource deadline.
    var handles: [Int: TransferHandles] = [:]
    var nextToken = 0
    /// Ended transfers the store failed to forget (a full disk), forgotten at its next change.
    var unforgotten: Set<Int> = []

    /// A session on `engine`, recording on `timeline`, whose attempts `attempts` carries out, keeping its
    /// pending transfers in `store` (none: they die with the run), going by `discretion` (the device's; nil:
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
        let discretion = discretion ?? SystemDiscretion()
        self.discretion = discretion
        machine = TransferRules(
            configuration: configuration, rules: rules, keepsTransfers: store != nil, network: network, appState: appState)
    }

    /// Adds `listener`, which receives the session's requests and the app's delegate calls
    /// (``SessionEvent``), in the order listeners were added.
    public func addEventListener(_ listener: @escaping (SessionEvent) -> Void) {
        eventListeners.append(listener)
    }

    /// Carries on the transfers the store kept from an earlier run of this session (each exactly once): one
    /// that had ended before the app had its events reports its end again (never carried out again), one
    /// backing off after a failure waits for the rest of its backoff, the others go on.
    public func start() throws(InputError) {
        guard let store else { return }
        let kept = try store.loadTransfers().map { pending in
            (pending: pending, uploadSize: pending.kind == .upload ? fileSize(pending.file) : nil)
        }
        send(.restored(kept))
    }

    /// Whether nothing is left to do: no transfer pending, no wake of the app asked for.
    public var isSettled: Bool { machine.transfers.isEmpty && !machine.launchAsked }

    /// The transfers not finished yet, by id: what a store keeps, with why each waits.
    public var pendingTransfers: [PendingTransfer] { machine.ordered.filter { !$0.isData }.map(\.pending) }

    // MARK: Carrying out the rules

    /// Hands `event` to the rules now, with what the discretion decides by, and carries out what they return.
    func send(_ event: TransferRules.Event) {
        apply(machine.handle(event, at: engine.now, discretion: discretion.transfers))
    }

    /// Carries out `actions` in order. An attempt that reports at once (inside `begin`) is handled there,
    /// before the actions after its start.
    func apply(_ actions: [TransferRules.Action]) {
        for action in actions {
            switch action {
            case .save(let pending): save(pending)
            case .record(let record): timeline.record(record)
            case .start(let attempt): begin(attempt)
            case .lookAgain(let id, let moment):
                handles[id, default: TransferHandles()].timer.map(engine.cancel)
                handles[id, default: TransferHandles()].timer = engine.schedule(at: moment) { [weak self] in
                    guard let self else { return }
                    handles[id]?.timer = nil
                    send(.timerFired(id))
                }
            case .setDeadline(let id, let moment):
                handles[id, default: TransferHandles()].deadline = engine.schedule(at: moment) { [weak self] in
                    guard let self, machine.index(of: id) != nil else { return }
                    send(.deadlinePassed(id, resume: stop(id)))
                }
            case .end(let id, let kept, let record):
                if let ended = handles.removeValue(forKey: id) {
                    ended.timer.map(engine.cancel)
                    ended.deadline.map(engine.cancel)
                }
                if let kept { storing { (store) throws(InputError) in try store.saveTransfer(kept) } }
                timeline.record(record)
            case .deliver(let event): tell(event)
            case .forget(let ended): forget(ended)
            case .askForApp:
                // After whatever else ends at this moment, so that one launch delivers them all.
                engine.schedule(after: .zero) { [weak self] in self?.send(.launchDue) }
            case .launchApp(let relaunch):
                timeline.record(.sessionEvents(session: configuration.identifier))
                tell(.launchApp(relaunch: relaunch))
            case .spendCellular(let bytes): discretion.spendCellular(bytes, at: engine.now)
            }
        }
    }

    func tell(_ event: SessionEvent) {
        for listener in eventListeners { listener(event) }
    }

    /// Begins `attempt` on the transport; its reports reach the rules while it is the transfer's running one.
    func begin(_ attempt: TransferAttempt) {
        let id = attempt.transfer
        nextToken += 1
        let token = nextToken
        handles[id, default: TransferHandles()].attempt = (token, { nil })
        let cancel = attempts.begin(attempt) { [weak self] event in
            guard let self, handles[id]?.attempt?.token == token else { return }
            switch event {
            case .started(let offset): send(.attemptStarted(id, offset: offset))
            case .finished(let result):
                handles[id]?.attempt = nil
                send(.attemptFinished(id, result))
            }
        }
        if handles[id]?.attempt?.token == token { handles[id]?.attempt = (token, cancel) }
    }

    /// Stops the running attempt of `id`, if any; returns what it left (a download's resume data).
    func stop(_ id: Int) -> ResumePoint? {
        guard let attempt = handles[id]?.attempt else { return nil }
        handles[id]?.attempt = nil
        return attempt.cancel()
    }

    /// Stops the running attempts of `ids`; returns what each left.
    func stop(_ ids: [Int]) -> [Int: ResumePoint] {
        var resumes: [Int: ResumePoint] = [:]
        for id in ids { resumes[id] = stop(id) }
        return resumes
    }

    /// The second phase of the end: the app has had the events of `ended`, which the store forgets. One the
    /// store could not forget (a full disk) is forgotten at the next change the store takes: left in it, it
    /// would be sent again by the next run.
    func forget(_ ended: [Int]) {
        unforgotten.formUnion(ended)
        for id in unforgotten.sorted() where storing({ (store) throws(InputError) in try store.removeTransfer(id: id) }) {
            unforgotten.remove(id)
        }
    }

    func save(_ pending: PendingTransfer) {
        storing { (store) throws(InputError) in try store.saveTransfer(pending) }
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
