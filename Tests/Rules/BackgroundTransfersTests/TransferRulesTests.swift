import BackgroundCore
import BackgroundDevice
@testable import BackgroundTransfers
import Testing

/// The session's rules on their own: a state and an event in, the actions and their reasons out — no
/// engine, no store, no transport. Each test would fail if its rule broke.
@Suite struct TransferRulesTests {
    let t0 = SimTime.defaultStart
    let url = "https://example.org/visits/museum.log"
    let configuration = SessionConfiguration(identifier: "com.example.s")

    func rules(network: NetworkPath = NetworkPath(.wifi), appState: LifecycleState = .foreground,
               configuration: SessionConfiguration? = nil) -> TransferRules {
        TransferRules(configuration: configuration ?? self.configuration, rules: SessionRules(), keepsTransfers: true,
                      network: network, appState: appState)
    }

    func upload(_ id: Int = 1, at time: SimTime? = nil) -> PendingTransfer {
        PendingTransfer(id: id, session: configuration.identifier, kind: .upload, method: "PUT", url: url, file: "/v.log",
                        createdAt: time ?? t0)
    }

    func download(_ id: Int = 1) -> PendingTransfer {
        PendingTransfer(id: id, session: configuration.identifier, kind: .download, method: "GET", url: url, file: "/d.bin", createdAt: t0)
    }

    /// What `handle` asks to start, if anything.
    func started(_ actions: [TransferRules.Action]) -> [TransferAttempt] {
        actions.compactMap { if case .start(let attempt) = $0 { attempt } else { nil } }
    }

    func created(_ pending: PendingTransfer, bytes: Int64?) -> TransferRules.Action {
        .record(.transferCreated(transfer: pending.id, kind: pending.kind.rawValue, url: pending.url, bytes: bytes,
                                 key: pending.idempotencyKey))
    }

    @Test func aTransferCreatedOfflineWaitsForTheNetworkThenStartsOnWiFi() {
        var machine = rules(network: NetworkPath(.none))
        let pending = upload()
        var waiting = pending
        waiting.waitingReason = "noNetwork"
        #expect(machine.handle(.created(pending, isData: false, uploadSize: 10), at: t0) == [
            created(pending, bytes: 10), .setDeadline(transfer: 1, at: t0 + .seconds(7 * 86_400)), .save(waiting),
            .record(.transferWaiting(transfer: 1, reason: .noNetwork)), .deliver(.taskIsWaitingForConnectivity(transfer: 1)),
        ])
        // Unchanged reason: nothing recorded again, nor told again.
        #expect(machine.handle(.networkChanged(NetworkPath(.none), resumes: [:]), at: t0 + .seconds(5)) == [])
        let actions = machine.handle(.networkChanged(NetworkPath(.wifi), resumes: [:]), at: t0 + .seconds(9))
        var running = pending
        running.attempts = 1
        #expect(actions.first == .save(running))
        #expect(started(actions).map(\.number) == [1])
        #expect(started(actions).first?.request.headers["Idempotency-Key"] == "\"\(pending.idempotencyKey)\"")
        #expect(machine.runningIDs == [1])
    }

    @Test func aTransportFailureIsRetriedAfterTheBackoffAndABadRequestFails() {
        var machine = rules()
        _ = machine.handle(.created(upload(), isData: false, uploadSize: 10), at: t0)
        let lost = TransportError(.networkConnectionLost, "dropped")
        let retry = machine.handle(.attemptFinished(1, .failure(lost)), at: t0 + .seconds(1))
        #expect(retry.dropFirst() == [
            .record(.transferRetrying(transfer: 1, reason: "networkConnectionLost", next: t0 + .seconds(11))),
            .lookAgain(transfer: 1, at: t0 + .seconds(11)),
        ])
        #expect(machine.handle(.networkChanged(NetworkPath(.wifi), resumes: [:]), at: t0 + .seconds(2)) == [], "backing off")
        #expect(started(machine.handle(.timerFired(1), at: t0 + .seconds(11))).map(\.number) == [2])
        let second = machine.handle(.attemptFinished(1, .failure(lost)), at: t0 + .seconds(12))
        #expect(second.contains(.lookAgain(transfer: 1, at: t0 + .seconds(32))), "the second backoff doubles")
        _ = machine.handle(.timerFired(1), at: t0 + .seconds(32))
        let refused = machine.handle(.attemptFinished(1, .failure(TransportError(.badURL, "no"))), at: t0 + .seconds(33))
        guard case .end(1, let kept?, let record) = refused.first else {
            Issue.record("no end: \(refused)")
            return
        }
        #expect(record == .transferFailed(transfer: 1, error: "badURL", detail: "no"))
        #expect(kept.outcome == .failed(error: "badURL", detail: "no"))
        #expect(refused.dropFirst() == [
            .deliver(.didComplete(transfer: 1, status: nil, error: "badURL", resume: nil)), .forget([1]),
        ])
        #expect(machine.transfers.isEmpty)
    }

    @Test func anEndWhileSuspendedAsksForTheAppOnceAndDeliversWhenItRuns() {
        var machine = rules()
        _ = machine.handle(.created(upload(1), isData: false, uploadSize: 10), at: t0)
        _ = machine.handle(.created(upload(2), isData: false, uploadSize: 10), at: t0)
        #expect(machine.handle(.appChanged(.suspended), at: t0) == [])
        let first = machine.handle(.attemptFinished(1, .success(TransferResponse(status: 201, bytesSent: 10))), at: t0 + .seconds(1))
        #expect(first.last == .askForApp)
        let second = machine.handle(.attemptFinished(2, .success(TransferResponse(status: 201, bytesSent: 10))), at: t0 + .seconds(1))
        #expect(!second.contains(.askForApp), "one launch delivers both")
        #expect(machine.handle(.launchDue, at: t0 + .seconds(1)) == [.launchApp(relaunch: false)])
        #expect(machine.handle(.appChanged(.background), at: t0 + .seconds(1)) == [
            .deliver(.didComplete(transfer: 1, status: 201, error: nil, resume: nil)),
            .deliver(.didComplete(transfer: 2, status: 201, error: nil, resume: nil)),
            .forget([1, 2]), .deliver(.didFinishEvents),
        ])
        #expect(machine.handle(.launchDue, at: t0 + .seconds(2)) == [], "nothing asked any more")
    }

    @Test func aTransferCreatedAfterTheSessionWokeTheAppIsRateLimited() {
        var machine = rules(network: NetworkPath(.wifi, externalPower: true), appState: .suspended)
        _ = machine.handle(.created(upload(1), isData: false, uploadSize: 10), at: t0)
        _ = machine.handle(.attemptFinished(1, .success(TransferResponse(status: 201))), at: t0)
        _ = machine.handle(.launchDue, at: t0)
        _ = machine.handle(.appChanged(.background), at: t0)
        let actions = machine.handle(.created(upload(2), isData: false, uploadSize: 10), at: t0 + .seconds(5))
        #expect(actions.contains(.record(.transferWaiting(transfer: 2, reason: .rateLimited))))
        #expect(actions.last == .lookAgain(transfer: 2, at: t0 + .seconds(65)))
        #expect(started(machine.handle(.timerFired(2), at: t0 + .seconds(65))).count == 1)
    }

    @Test func aNetworkLossInterruptsARunningDownloadWhichKeepsItsResumeData() {
        var machine = rules()
        _ = machine.handle(.created(download(), isData: false, uploadSize: nil), at: t0)
        #expect(machine.interrupted(by: NetworkPath(.cellular), at: t0, discretion: .eager) == [])
        #expect(machine.interrupted(by: NetworkPath(.none), at: t0, discretion: .eager) == [1])
        let point = ResumePoint(offset: 500, validator: "\"v\"")
        let actions = machine.handle(.networkChanged(NetworkPath(.none), resumes: [1: point]), at: t0 + .seconds(1))
        guard case .save(let kept) = actions.first else {
            Issue.record("no save: \(actions)")
            return
        }
        #expect(kept.resume == point && kept.bytesDone == 500)
        #expect(actions[1] == .record(.transferRetrying(transfer: 1, reason: "networkConnectionLost")))
        #expect(actions.contains(.record(.transferWaiting(transfer: 1, reason: .noNetwork))))
        let resumed = started(machine.handle(.networkChanged(NetworkPath(.wifi), resumes: [:]), at: t0 + .seconds(2)))
        #expect(resumed.first?.resume == point)
    }

    @Test func aForceQuitFailsEveryTransferAndAsksForNoRelaunchUntilTheAppIsOpened() {
        var machine = rules(network: NetworkPath(.wifi, externalPower: true))
        _ = machine.handle(.created(download(1), isData: false, uploadSize: nil), at: t0)
        let point = ResumePoint(offset: 7, validator: "\"v\"")
        let actions = machine.handle(.forceQuit(resumes: [1: point]), at: t0 + .seconds(1))
        #expect(actions.count == 1)
        guard case .end(1, _, let record) = actions.first else {
            Issue.record("no end: \(actions)")
            return
        }
        #expect(record == .transferFailed(transfer: 1, error: "userForceQuitApplication"))
        #expect(machine.appState == .terminated)
        _ = machine.handle(.created(upload(2), isData: false, uploadSize: 10), at: t0 + .seconds(2))
        #expect(!machine.handle(.attemptFinished(2, .success(TransferResponse(status: 201))), at: t0 + .seconds(3)).contains(.askForApp))
        #expect(machine.handle(.appChanged(.foreground), at: t0 + .seconds(4)).prefix(1) == [
            .deliver(.didComplete(transfer: 1, status: nil, error: "userForceQuitApplication", resume: point)),
        ])
    }

    @Test func aKeptTransferThatHadEndedIsReportedAgainAndABackingOffOneWaits() {
        var machine = rules(appState: .terminated)
        var ended = upload(1)
        ended.outcome = .completed(status: 201, bytes: 10)
        var backingOff = upload(2)
        backingOff.retryAt = t0 + .seconds(30)
        var other = upload(3)
        other.session = "someone.else"
        let kept: [(pending: PendingTransfer, uploadSize: Int64?)] = [(ended, 10), (backingOff, 10), (other, 10)]
        let actions = machine.handle(.restored(kept), at: t0)
        let expected: [TransferRules.Action] = [
            .setDeadline(transfer: 2, at: t0 + .seconds(7 * 86_400)), .lookAgain(transfer: 2, at: t0 + .seconds(30)),
            .end(transfer: 1, kept: ended, .transferCompleted(transfer: 1, status: 201, bytes: 10)), .askForApp,
        ]
        #expect(actions == expected)
        #expect(machine.handle(.launchDue, at: t0) == [.launchApp(relaunch: true)])
        #expect(machine.ids == [2])
    }

    @Test func suspensionDisconnectsADataTaskWithoutAskingForTheApp() {
        var machine = rules()
        _ = machine.handle(.created(download(1), isData: true, uploadSize: nil), at: t0)
        #expect(machine.dataIDs == [1])
        let actions = machine.handle(.appChanged(.suspended), at: t0 + .seconds(1))
        #expect(actions == [.end(transfer: 1, kept: nil, .transferFailed(transfer: 1, error: "backgroundSessionWasDisconnected"))])
        #expect(machine.transfers.isEmpty && !machine.launchAsked)
    }

    @Test func anUploadOfAMissingFileToAnUnsupportedURLFailsForEach() {
        var machine = rules()
        var pending = upload()
        pending.url = "ftp://example.org/x"
        let actions = machine.handle(.created(pending, isData: false, uploadSize: nil), at: t0)
        let errors = actions.compactMap { action -> String? in
            guard case .end(_, _, let record) = action, case .failed(let error, _) = record.change else { return nil }
            return error
        }
        #expect(errors == ["unsupportedURL", "fileDoesNotExist"])
        #expect(!TransferRules.accepts(pending, uploadSize: 10))
        #expect(TransferRules.accepts(upload(), uploadSize: 10) && !TransferRules.accepts(upload(), uploadSize: nil))
    }

    @Test func withoutAStoreNoWriteIsAskedFor() {
        var machine = TransferRules(configuration: configuration, rules: SessionRules(), keepsTransfers: false,
                                    network: NetworkPath(.none), appState: .foreground)
        let actions = machine.handle(.created(upload(), isData: false, uploadSize: 10), at: t0)
        #expect(actions.contains(.record(.transferWaiting(transfer: 1, reason: .noNetwork))))
        #expect(!actions.contains { if case .save = $0 { true } else { false } })
        #expect(machine.handle(.cancelled(1, resume: nil), at: t0).first == .end(
            transfer: 1, kept: nil, .transferFailed(transfer: 1, error: "cancelled")))
    }

    /// An end leaves the transfer's place in the list (no other moves) until the ended places are more than
    /// half; the transfers are still found by id and in order, and an id ended before comes back in its place.
    @Test func anEndedTransferLeavesItsPlaceUntilMoreThanHalfHaveEnded() {
        var machine = rules(network: NetworkPath(.none))
        for id in 1...4 { _ = machine.handle(.created(upload(id), isData: false, uploadSize: 10), at: t0) }
        _ = machine.handle(.cancelled(2, resume: nil), at: t0)
        _ = machine.handle(.cancelled(4, resume: nil), at: t0)
        #expect(machine.ids == [1, 3] && machine.transfers.count == 4, "half ended: the places stay")
        #expect(machine.transfer(2) == nil && machine.transfer(3)?.id == 3 && machine.lastID == 3)
        var kept = upload(2)
        kept.waitingReason = "noNetwork"
        let restored: [(pending: PendingTransfer, uploadSize: Int64?)] = [(kept, 10), (upload(3), 10)]
        _ = machine.handle(.restored(restored), at: t0)
        #expect(machine.ids == [1, 2, 3] && machine.transfers.count == 4, "2 back in its place; 3 not restored twice")
        _ = machine.handle(.cancelled(1, resume: nil), at: t0)
        #expect(machine.ids == [2, 3] && machine.transfers.count == 4)
        _ = machine.handle(.cancelled(3, resume: nil), at: t0)
        #expect(machine.ids == [2] && machine.transfers.count == 1, "more than half ended: compacted")
        #expect(machine.ordered.map(\.pending.waitingReason) == ["noNetwork"] && machine.lastID == 2)
    }

    // MARK: The discretion's value in, its spends out

    /// A realistic discretion whose cellular data budget is 1000 bytes a day.
    static func realistic() -> SystemDiscretion {
        var configuration = SystemDiscretion.Configuration()
        configuration.cellularBytesPerDay = 1_000
        return SystemDiscretion(policy: .realistic(seed: 0), configuration: configuration)
    }

    /// The session's configuration, discretionary.
    var discretionary: SessionConfiguration {
        var configuration = configuration
        configuration.isDiscretionary = true
        return configuration
    }

    @Test func startsOnCellularSpendTheirSizesAsOneActionFirstAndTheEventsNextDecisionsSeeThem() {
        let device = Self.realistic()
        var machine = rules(network: NetworkPath(.none), configuration: discretionary)
        for id in 1...2 {
            _ = machine.handle(.created(upload(id), isData: false, uploadSize: 600), at: t0, discretion: device.transfers)
        }
        let actions = machine.handle(.networkChanged(NetworkPath(.cellular), resumes: [:]), at: t0 + .seconds(1),
                                     discretion: device.transfers)
        // The first pays 600 of the 1000 bytes and starts; the second, 200 bytes short, waits for the budget.
        #expect(actions.first == .spendCellular(bytes: 600))
        #expect(actions.filter { if case .spendCellular = $0 { true } else { false } }.count == 1)
        #expect(started(actions).map(\.transfer) == [1])
        #expect(actions.contains(.record(.transferWaiting(transfer: 2, reason: .budget))))
        // 200 bytes at 1000 a day: a fifth of a day after the start.
        #expect(actions.contains(.lookAgain(transfer: 2, at: t0 + .seconds(1 + 17_280))))
        // The rules changed nothing of the device: its budget still pays for 1000 bytes until the façade pays.
        let decide = { device.transfers.decide(bytes: 1_000, onCellular: true, batteryCriticallyLow: false, lowPowerMode: false, at: t0 + .seconds(1)) }
        #expect(decide().reason == nil)
        device.spendCellular(600, at: t0 + .seconds(1))
        #expect(decide().reason == .budget)
    }

    @Test func aCompletionPaysWhatItMovedBeyondItsChargeAndATransferNotDiscretionaryPaysNothing() {
        let device = Self.realistic()
        var machine = rules(network: NetworkPath(.cellular), configuration: discretionary)
        let start = machine.handle(.created(upload(), isData: false, uploadSize: 100), at: t0, discretion: device.transfers)
        #expect(start.first == .spendCellular(bytes: 100))
        device.spendCellular(100, at: t0)
        let done = machine.handle(.attemptFinished(1, .success(TransferResponse(status: 201, bytesSent: 250))), at: t0 + .seconds(1),
                                  discretion: device.transfers)
        #expect(done.first == .spendCellular(bytes: 150))
        // A transfer that is not discretionary goes on cellular without paying.
        var plain = rules(network: NetworkPath(.cellular))
        let actions = plain.handle(.created(upload(), isData: false, uploadSize: 100), at: t0, discretion: device.transfers)
        #expect(started(actions).count == 1)
        #expect(!actions.contains { if case .spendCellular = $0 { true } else { false } })
    }
}

/// The events of the tests above that do not name a discretion are handled under the eager policy's.
extension TransferRules {
    mutating func handle(_ event: Event, at time: SimTime) -> [Action] {
        handle(event, at: time, discretion: .eager)
    }
}
