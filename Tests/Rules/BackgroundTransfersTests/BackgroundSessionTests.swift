import BackgroundCore
import BackgroundDevice
import BackgroundTestKit
@testable import BackgroundTransfers
import Foundation
import Testing

/// The background session's rules on virtual time, with simulated attempts: each test would fail if its
/// rule broke.
@Suite struct BackgroundSessionTests {
    let folder: TemporaryFolder
    let file: String
    let url = "https://example.org/visits/museum.log"

    init() throws {
        folder = try TemporaryFolder(prefix: "bgkit-session")
        file = try folder.write("visits.log", Data(count: 1_000_000))
    }

    // MARK: Tasks

    @Test func anUploadTakesItsFileSizeOverTheBandwidth() throws {
        let fixture = SessionFixture()
        let id = try fixture.session.uploadTask(with: SessionRequest(url: url), fromFile: file)
        fixture.engine.run()
        #expect(fixture.log == [
            "0s transfer.created \(id) upload \(url) (1000000 bytes)", "0s transfer.started \(id)",
            "0.2s transfer.completed \(id) status 201, 1000000 bytes",
        ])
        #expect(fixture.delivered == [.didComplete(transfer: id, status: 201, error: nil, resume: nil)])
    }

    @Test func aMissingUploadFileFailsAtOnceNamingTheFile() throws {
        let fixture = SessionFixture()
        let missing = folder.path + "/gone.log"
        let id = try fixture.session.uploadTask(with: SessionRequest(url: url), fromFile: missing)
        fixture.engine.run()
        #expect(fixture.log == [
            "0s transfer.created \(id) upload \(url)", "0s transfer.failed \(id) failed: fileDoesNotExist (cannot read \(missing))",
        ])
    }

    @Test func formsABackgroundSessionRefusesThrowApplesMessages() {
        let session = SessionFixture().session
        let request = SessionRequest(url: url)
        #expect(throws: SessionError.self) { try session.uploadTask(with: request, from: [1, 2, 3]) }
        do {
            try session.uploadTask(with: request, from: [1])
        } catch {
            #expect(error.message == "Upload tasks from NSData are not supported in background sessions.")
        }
        do {
            try session.downloadTask(with: request) { _, _ in }
        } catch {
            #expect(error.message == "Completion handler blocks are not supported in background sessions. Use a delegate instead.")
        }
        do {
            try session.uploadTask(withStreamedRequest: request)
        } catch {
            #expect(error.code == .unsupportedInBackgroundSession)
        }
    }

    @Test func aURLThatIsNotHTTPFailsAsUnsupported() throws {
        let fixture = SessionFixture()
        let id = try fixture.session.downloadTask(with: SessionRequest(url: "ftp://example.org/a"), to: folder.path + "/a")
        #expect(fixture.lines("transfer.failed") == ["0s transfer.failed \(id) failed: unsupportedURL (a background session takes http and https URLs only)"])
    }

    /// A URL's scheme is case-insensitive: the manifest takes `HTTP://…`, and so does the session.
    @Test func aSchemeInCapitalsIsStillHTTP() throws {
        let fixture = SessionFixture()
        let id = try fixture.session.downloadTask(with: SessionRequest(url: "HTTPS://example.org/a"), to: folder.path + "/a")
        fixture.engine.run()
        #expect(fixture.lines("transfer.failed").isEmpty)
        #expect(fixture.lines("transfer.completed").count == 1, "\(id)")
    }

    @Test func aDataTaskIsDisconnectedWhenTheAppIsSuspended() throws {
        let fixture = SessionFixture(server: [ServerRule(url: url, bytesPerSecond: 1000)])
        let id = try fixture.session.dataTask(with: SessionRequest(url: url))
        fixture.engine.advance(by: .seconds(5))
        fixture.session.appDidChange(to: .background)
        fixture.engine.advance(by: .seconds(5))
        #expect(fixture.lines("transfer.failed").isEmpty)
        fixture.session.appDidChange(to: .suspended)
        fixture.engine.run()
        #expect(fixture.lines("transfer.created") == ["0s transfer.created \(id) data \(url)"])
        #expect(fixture.lines("transfer.failed") == ["10s transfer.failed \(id) failed: backgroundSessionWasDisconnected"])
        #expect(fixture.lines("session.events").isEmpty)
    }

    @Test func cancellingADownloadProducesResumeDataToCarryOnFrom() throws {
        let fixture = SessionFixture(server: [ServerRule(url: url, size: 10_000, bytesPerSecond: 1000)])
        let destination = folder.path + "/tour.bin"
        let first = try fixture.session.downloadTask(with: SessionRequest(url: url), to: destination)
        fixture.engine.advance(by: .seconds(4))
        let resume = try #require(fixture.session.cancelByProducingResumeData(transfer: first))
        #expect(resume.offset == 4000)
        let second = try fixture.session.downloadTask(with: SessionRequest(url: url), to: destination, resumingFrom: resume)
        fixture.engine.run()
        #expect(fixture.log == [
            "0s transfer.created \(first) download \(url)", "0s transfer.started \(first)", "4s transfer.failed \(first) failed: cancelled",
            "4s transfer.created \(second) download \(url)", "4s transfer.started \(second) from byte 4000",
            "10s transfer.completed \(second) status 200, 10000 bytes",
        ])
    }

    // MARK: Waiting

    struct WaitCase: CustomTestStringConvertible, Sendable {
        var network: NetworkPath
        var configure: @Sendable (inout SessionConfiguration) -> Void
        var reason: TransferWaitReason
        var testDescription: String { "\(reason.rawValue) on \(network.interface.rawValue)" }
    }

    static let waitCases: [WaitCase] = [
        WaitCase(network: NetworkPath(.none), configure: { _ in }, reason: .noNetwork),
        WaitCase(network: NetworkPath(.cellular), configure: { $0.allowsCellularAccess = false }, reason: .cellularNotAllowed),
        WaitCase(network: NetworkPath(.cellular), configure: { $0.allowsExpensiveNetworkAccess = false }, reason: .expensiveNotAllowed),
        WaitCase(network: NetworkPath(.wifi, expensive: true), configure: { $0.allowsExpensiveNetworkAccess = false }, reason: .expensiveNotAllowed),
        WaitCase(network: NetworkPath(.wifi, constrained: true), configure: { $0.allowsConstrainedNetworkAccess = false }, reason: .constrainedNotAllowed),
        WaitCase(network: NetworkPath(.cellular, externalPower: true), configure: { $0.isDiscretionary = true }, reason: .discretionary),
    ]

    @Test(arguments: waitCases) func aTransferWaitsForTheNetworkItsSessionAllows(_ wait: WaitCase) throws {
        var configuration = SessionConfiguration(identifier: "com.example.transfers")
        wait.configure(&configuration)
        let fixture = SessionFixture(configuration, network: wait.network)
        let id = try fixture.session.uploadTask(with: SessionRequest(url: url), fromFile: file)
        fixture.engine.advance(by: .seconds(60))
        #expect(fixture.lines("transfer.waiting") == ["0s transfer.waiting \(id) waiting: \(wait.reason.rawValue)"])
        #expect(fixture.lines("transfer.started").isEmpty)
        fixture.session.update(network: NetworkPath(.wifi, externalPower: true))
        #expect(fixture.lines("transfer.started") == ["60s transfer.started \(id)"])
    }

    @Test func aWaitIsRecordedOnlyWhenItsReasonChangesAndTheAppToldOnce() throws {
        var configuration = SessionConfiguration(identifier: "com.example.transfers")
        configuration.allowsConstrainedNetworkAccess = false
        let fixture = SessionFixture(configuration, network: NetworkPath(.none))
        let id = try fixture.session.uploadTask(with: SessionRequest(url: url), fromFile: file)
        fixture.session.update(network: NetworkPath(.none, externalPower: true))
        fixture.engine.advance(by: .seconds(1))
        fixture.session.update(network: NetworkPath(.none))
        #expect(fixture.lines("transfer.waiting") == ["0s transfer.waiting \(id) waiting: noNetwork"])
        fixture.session.update(network: NetworkPath(.cellular, constrained: true))
        #expect(fixture.delivered == [.taskIsWaitingForConnectivity(transfer: id)])
    }

    @Test func aDiscretionaryTransferWaitsForWiFiAndExternalPower() throws {
        var configuration = SessionConfiguration(identifier: "com.example.transfers")
        configuration.isDiscretionary = true
        let fixture = SessionFixture(configuration, network: NetworkPath(.cellular))
        let id = try fixture.session.uploadTask(with: SessionRequest(url: url), fromFile: file)
        fixture.engine.advance(by: .seconds(10))
        fixture.session.update(network: NetworkPath(.wifi))
        fixture.engine.advance(by: .seconds(10))
        fixture.session.update(network: NetworkPath(.cellular, externalPower: true))
        fixture.engine.advance(by: .seconds(10))
        #expect(fixture.lines("transfer.started").isEmpty)
        fixture.session.update(network: NetworkPath(.wifi, externalPower: true))
        #expect(fixture.lines("transfer.waiting") == ["0s transfer.waiting \(id) waiting: discretionary"])
        #expect(fixture.lines("transfer.started") == ["30s transfer.started \(id)"])
    }

    @Test func aTransferWaitsForItsEarliestBeginDate() throws {
        let fixture = SessionFixture()
        let id = try fixture.session.uploadTask(
            with: SessionRequest(url: url, earliestBeginDate: fixture.start + .seconds(900)), fromFile: file)
        fixture.engine.run()
        #expect(fixture.lines("transfer.waiting") == ["0s transfer.waiting \(id) waiting: earliestBegin"])
        #expect(fixture.lines("transfer.started") == ["900s transfer.started \(id)"])
    }

    @Test func aRunningTransferWhoseNetworkGoesIsInterruptedAndResumes() throws {
        let fixture = SessionFixture(server: [ServerRule(url: url, size: 10_000, bytesPerSecond: 1000)])
        let id = try fixture.session.downloadTask(with: SessionRequest(url: url), to: folder.path + "/tour.bin")
        fixture.engine.advance(by: .seconds(3))
        fixture.session.update(network: NetworkPath(.none))
        fixture.engine.advance(by: .seconds(100))
        fixture.session.update(network: NetworkPath(.wifi))
        fixture.engine.run()
        #expect(fixture.log == [
            "0s transfer.created \(id) download \(url)", "0s transfer.started \(id)",
            "3s transfer.retrying \(id) retrying after networkConnectionLost", "3s transfer.waiting \(id) waiting: noNetwork",
            "103s transfer.started \(id) from byte 3000", "110s transfer.completed \(id) status 200, 10000 bytes",
        ])
    }

    // MARK: The resume rate limiter

    /// Creates an upload in the background and lets the app be suspended (or terminated) until it ends
    /// and the session wakes the app again; returns how long the upload waited to start.
    private func backgroundCycle(_ fixture: SessionFixture, endingIn state: LifecycleState = .suspended) throws -> String {
        let id = try fixture.session.uploadTask(with: SessionRequest(url: url), fromFile: file)
        let created = fixture.engine.now
        fixture.session.appDidChange(to: state)
        fixture.engine.run()
        let started = try #require(fixture.timeline.events.first { $0.kind == .transferStarted(transfer: id, offset: nil) })
        let limited = fixture.timeline.events.contains { $0.kind == .transferWaiting(transfer: id, reason: .rateLimited) }
        #expect(limited == (started.time > created))
        #expect(fixture.session.appState == .background, "woken by the session")
        return SessionFixture.seconds(started.time - created)
    }

    @Test func theRateLimiterDoublesWithEachWakeByTheSessionAndResetsInTheForeground() throws {
        let fixture = SessionFixture(appState: .background)
        #expect(try backgroundCycle(fixture) == "0s", "no delay before the session first wakes the app")
        #expect(try backgroundCycle(fixture) == "60s")
        #expect(try backgroundCycle(fixture) == "120s")
        // A wake by something else (a region) changes nothing.
        fixture.session.appDidChange(to: .suspended)
        fixture.session.appDidChange(to: .background)
        #expect(try backgroundCycle(fixture, endingIn: .terminated) == "240s")
        #expect(try backgroundCycle(fixture) == "480s", "a relaunch doubles it too")
        fixture.session.appDidChange(to: .foreground)
        fixture.session.appDidChange(to: .background)
        #expect(try backgroundCycle(fixture) == "0s")
    }

    /// Apple states no ceiling; doubling stops at 100 years, the longest a run spans (it once passed the end of
    /// the clock after some 27 wakes without an open, and the next transfer created crashed the run).
    @Test func theRateLimitersDelayStopsDoublingAtAHundredYears() {
        var limiter = ResumeRateLimiter(firstDelay: .seconds(60))
        for _ in 0..<25 { limiter.sessionWokeApp() }
        #expect(limiter.delay == .seconds(60 * (1 << 24)))
        for _ in 0..<40 { limiter.sessionWokeApp() }
        #expect(limiter.delay == SimCalendar.longest)
        // The latest a run may be (it ends by 2162) plus the delay stays on the clock.
        #expect((SimTime(rfc3339: "2162-01-01T00:00:00Z")! + limiter.delay).rfc3339.hasPrefix("2261-12-"))
    }

    @Test func theRateLimitersFirstDelayIsConfigurable() throws {
        let fixture = SessionFixture(rules: SessionRules(rateLimiterFirstDelay: .seconds(5)), appState: .background)
        _ = try backgroundCycle(fixture)
        #expect(try backgroundCycle(fixture) == "5s")
    }

    @Test func aTransferCreatedInTheBackgroundIsDiscretionary() throws {
        let fixture = SessionFixture(network: NetworkPath(.wifi), appState: .background)
        let id = try fixture.session.uploadTask(with: SessionRequest(url: url), fromFile: file)
        fixture.engine.advance(by: .seconds(120))
        #expect(fixture.lines("transfer.waiting") == ["0s transfer.waiting \(id) waiting: discretionary"])
        fixture.session.update(network: NetworkPath(.wifi, externalPower: true))
        #expect(fixture.lines("transfer.started") == ["120s transfer.started \(id)"])
    }

    // MARK: Attempts

    @Test func transportFailuresRetryWithABackoffThenSucceed() throws {
        let fixture = SessionFixture(server: [ServerRule(url: url, answers: [.refuse, .drop(afterBytes: 500_000), .refuse, .status(201)])])
        let id = try fixture.session.uploadTask(with: SessionRequest(url: url), fromFile: file)
        fixture.engine.run()
        #expect(fixture.log == [
            "0s transfer.created \(id) upload \(url) (1000000 bytes)",
            "0s transfer.started \(id)", "0s transfer.retrying \(id) retrying after cannotConnectToHost, next attempt at 2026-01-01T00:00:10Z",
            "10s transfer.started \(id)", "10.1s transfer.retrying \(id) retrying after networkConnectionLost, next attempt at 2026-01-01T00:00:30.100Z",
            "30.1s transfer.started \(id)", "30.1s transfer.retrying \(id) retrying after cannotConnectToHost, next attempt at 2026-01-01T00:01:10.100Z",
            "70.1s transfer.started \(id)", "70.3s transfer.completed \(id) status 201, 1000000 bytes",
        ])
    }

    @Test func aStalledAttemptTimesOutAfterTheRequestTimeoutAndIsRetried() throws {
        var configuration = SessionConfiguration(identifier: "com.example.transfers")
        configuration.timeoutIntervalForRequest = .seconds(30)
        let fixture = SessionFixture(configuration, server: [ServerRule(url: url, answers: [.stall, .status(201)])])
        let id = try fixture.session.uploadTask(with: SessionRequest(url: url), fromFile: file)
        fixture.engine.run()
        #expect(fixture.log.dropFirst() == [
            "0s transfer.started \(id)", "30s transfer.retrying \(id) retrying after timedOut, next attempt at 2026-01-01T00:00:40Z",
            "40s transfer.started \(id)", "40.2s transfer.completed \(id) status 201, 1000000 bytes",
        ])
    }

    @Test func theResourceTimeoutFailsTheTransferWithTimedOut() throws {
        var configuration = SessionConfiguration(identifier: "com.example.transfers")
        configuration.timeoutIntervalForResource = .seconds(3600)
        let fixture = SessionFixture(configuration, server: [ServerRule(url: url, answers: [.refuse])])
        let id = try fixture.session.uploadTask(with: SessionRequest(url: url), fromFile: file)
        fixture.engine.run()
        #expect(fixture.log.last == "3600s transfer.failed \(id) failed: timedOut (timeoutIntervalForResource passed)")
        // Failures at 0, 10, 30, 70, 150, 310, 630 s (the waits double), then every 600 s: 11 before the hour.
        #expect(fixture.lines("transfer.retrying").count == 11)
        #expect(fixture.engine.isIdle)
        #expect(fixture.delivered == [.didComplete(transfer: id, status: nil, error: "timedOut", resume: nil)])
    }

    @Test func anHTTPErrorStatusCompletesTheTransfer() throws {
        let fixture = SessionFixture(server: [ServerRule(url: url, answers: [.status(503), .status(201)])])
        let id = try fixture.session.uploadTask(with: SessionRequest(url: url), fromFile: file)
        fixture.engine.run()
        #expect(fixture.log.dropFirst() == ["0s transfer.started \(id)", "0.2s transfer.completed \(id) status 503, 1000000 bytes"])
        #expect(fixture.delivered == [.didComplete(transfer: id, status: 503, error: nil, resume: nil)])
    }

    @Test func aDroppedDownloadResumesFromWhereItWasCut() throws {
        let fixture = SessionFixture(server: [ServerRule(url: url, answers: [.drop(afterBytes: 400_000), .status(200)], size: 1_000_000)])
        let destination = folder.path + "/tour.bin"
        let id = try fixture.session.downloadTask(with: SessionRequest(url: url), to: destination)
        fixture.engine.run()
        #expect(fixture.log.dropFirst() == [
            "0s transfer.started \(id)", "0.08s transfer.retrying \(id) retrying after networkConnectionLost, next attempt at 2026-01-01T00:00:10.080Z",
            "10.08s transfer.started \(id) from byte 400000", "10.2s transfer.completed \(id) status 200, 1000000 bytes",
        ])
        #expect(fixture.delivered == [
            .didFinishDownloading(transfer: id, file: destination), .didComplete(transfer: id, status: 200, error: nil, resume: nil),
        ])
    }

    @Test func aDownloadRestartsWhenTheServerIgnoresRanges() throws {
        let rule = ServerRule(url: url, answers: [.drop(afterBytes: 400_000), .status(200)], size: 1_000_000, ranges: false)
        let fixture = SessionFixture(server: [rule])
        let id = try fixture.session.downloadTask(with: SessionRequest(url: url), to: folder.path + "/tour.bin")
        fixture.engine.run()
        #expect(fixture.log.dropFirst() == [
            "0s transfer.started \(id)", "0.08s transfer.retrying \(id) retrying after networkConnectionLost, next attempt at 2026-01-01T00:00:10.080Z",
            "10.08s transfer.started \(id)", "10.28s transfer.completed \(id) status 200, 1000000 bytes",
        ])
    }

    // MARK: Launch events and force quit

    @Test func transfersEndingWhileSuspendedWakeTheAppThenDeliverTheirEventsThenFinish() throws {
        // Both end at 0.2 s: one wake delivers them.
        let fixture = SessionFixture(server: [ServerRule(url: url + ".json", size: 1_000_000)])
        let destination = folder.path + "/next.json"
        let upload = try fixture.session.uploadTask(with: SessionRequest(url: url), fromFile: file)
        let download = try fixture.session.downloadTask(with: SessionRequest(url: url + ".json"), to: destination)
        fixture.session.appDidChange(to: .background)
        fixture.session.appDidChange(to: .suspended)
        fixture.engine.run()
        #expect(fixture.lines("session.events") == ["0.2s session.events com.example.transfers"])
        #expect(fixture.delivered == [
            .launchApp(relaunch: false),
            .didComplete(transfer: upload, status: 201, error: nil, resume: nil),
            .didFinishDownloading(transfer: download, file: destination),
            .didComplete(transfer: download, status: 200, error: nil, resume: nil),
            .didFinishEvents,
        ])
    }

    @Test func aTerminatedAppIsRelaunched() throws {
        let fixture = SessionFixture()
        let id = try fixture.session.uploadTask(with: SessionRequest(url: url), fromFile: file)
        fixture.session.appDidChange(to: .terminated)
        fixture.engine.run()
        #expect(fixture.delivered == [
            .launchApp(relaunch: true), .didComplete(transfer: id, status: 201, error: nil, resume: nil), .didFinishEvents,
        ])
    }

    @Test func withoutLaunchEventsTheEventsWaitForTheAppToRunAgain() throws {
        var configuration = SessionConfiguration(identifier: "com.example.transfers")
        configuration.sessionSendsLaunchEvents = false
        let fixture = SessionFixture(configuration)
        let id = try fixture.session.uploadTask(with: SessionRequest(url: url), fromFile: file)
        fixture.session.appDidChange(to: .suspended)
        fixture.engine.run()
        #expect(fixture.delivered.isEmpty)
        #expect(fixture.lines("session.events").isEmpty)
        fixture.session.appDidChange(to: .foreground)
        #expect(fixture.delivered == [.didComplete(transfer: id, status: 201, error: nil, resume: nil)])
    }

    @Test func whileTheAppRunsEventsComeAtOnce() throws {
        let fixture = SessionFixture(appState: .background)
        fixture.session.appDidChange(to: .foreground)
        let id = try fixture.session.uploadTask(with: SessionRequest(url: url), fromFile: file)
        fixture.session.appDidChange(to: .background)
        fixture.engine.run()
        #expect(fixture.delivered == [.didComplete(transfer: id, status: 201, error: nil, resume: nil)])
        #expect(fixture.lines("session.events").isEmpty)
    }

    @Test func aForceQuitCancelsEverythingKeepsResumeDataAndStopsRelaunches() throws {
        let fixture = SessionFixture(server: [ServerRule(url: url + ".json", size: 10_000, bytesPerSecond: 1000)])
        let download = try fixture.session.downloadTask(with: SessionRequest(url: url + ".json"), to: folder.path + "/next.json")
        let upload = try fixture.session.uploadTask(with: SessionRequest(url: url, earliestBeginDate: fixture.start + .seconds(600)), fromFile: file)
        fixture.engine.advance(by: .seconds(2))
        fixture.session.forceQuit()
        #expect(fixture.lines("transfer.failed") == [
            "2s transfer.failed \(download) failed: userForceQuitApplication", "2s transfer.failed \(upload) failed: userForceQuitApplication",
        ])
        // Relaunched by something else (a region, say), the app creates a transfer that ends while suspended:
        // no relaunch for it until the user opens the app.
        fixture.session.appDidChange(to: .background)
        let later = try fixture.session.uploadTask(with: SessionRequest(url: url), fromFile: file)
        fixture.session.appDidChange(to: .suspended)
        fixture.engine.run()
        #expect(fixture.lines("session.events").isEmpty)
        #expect(fixture.delivered == [
            .didComplete(transfer: download, status: nil, error: "userForceQuitApplication", resume: ResumePoint(offset: 2000, validator: "\"simulated\"")),
            .didComplete(transfer: upload, status: nil, error: "userForceQuitApplication", resume: nil),
        ])
        fixture.session.appDidChange(to: .foreground)
        #expect(fixture.delivered.last == .didComplete(transfer: later, status: 201, error: nil, resume: nil))
        let again = try fixture.session.uploadTask(with: SessionRequest(url: url), fromFile: file)
        fixture.session.appDidChange(to: .background)
        fixture.session.appDidChange(to: .suspended)
        fixture.engine.run()
        #expect(fixture.lines("session.events").count == 1)
        #expect(fixture.delivered.suffix(3) == [
            .launchApp(relaunch: false), .didComplete(transfer: again, status: 201, error: nil, resume: nil), .didFinishEvents,
        ])
    }

    // MARK: The store

    @Test func aRestartCarriesPendingTransfersOnExactlyOnce() throws {
        let store = MemoryTransferStore()
        let server = [ServerRule(url: url + ".json", answers: [.drop(afterBytes: 3000), .status(200)], size: 10_000, bytesPerSecond: 1000)]
        let first = SessionFixture(server: server, store: store, network: NetworkPath(.wifi, externalPower: true))
        let waiting = try first.session.uploadTask(with: SessionRequest(url: url, earliestBeginDate: first.start + .seconds(3600)), fromFile: file)
        let download = try first.session.downloadTask(with: SessionRequest(url: url + ".json"), to: folder.path + "/next.json")
        first.engine.advance(by: .seconds(5))   // the download dropped at 3 s, and waits for its retry at 13 s
        #expect(store.rows[download]?.resume?.offset == 3000)
        #expect(store.rows[download]?.attempts == 1)
        #expect(store.rows[waiting]?.waitingReason == "earliestBegin")
        // The process dies; another starts, later, with the same store.
        let second = SessionFixture(server: server, store: store, start: first.engine.now + .seconds(60))
        try second.session.start()
        let fresh = try second.session.uploadTask(with: SessionRequest(url: url), fromFile: file)
        second.engine.run()
        #expect(fresh > download && fresh > waiting)
        #expect(second.lines("transfer.created") == ["0s transfer.created \(fresh) upload \(url) (1000000 bytes)"])
        #expect(second.lines("transfer.started") == [
            "0s transfer.started \(download) from byte 3000", "0s transfer.started \(fresh)", "3535s transfer.started \(waiting)",
        ])
        #expect(second.lines("transfer.completed") == [
            "0.2s transfer.completed \(fresh) status 201, 1000000 bytes", "7s transfer.completed \(download) status 200, 10000 bytes",
            "3535.2s transfer.completed \(waiting) status 201, 1000000 bytes",
        ])
        #expect(store.rows.isEmpty)
    }

    /// The retry backoff survives a restart: a transfer refused at 0 s waits for its retry at 10 s in the
    /// next run too, instead of trying again at once.
    @Test func aRestartKeepsTheRetryBackoff() throws {
        let store = MemoryTransferStore()
        let first = SessionFixture(server: [ServerRule(url: url, answers: [.refuse])], store: store)
        let id = try first.session.uploadTask(with: SessionRequest(url: url), fromFile: file)
        first.engine.advance(by: .seconds(1))
        #expect(store.rows[id]?.retries == 1)
        #expect(store.rows[id]?.retryAt == first.start + .seconds(10))
        // The process dies at 1 s; another starts at 3 s with the same store.
        let second = SessionFixture(server: [ServerRule(url: url, answers: [.status(201)])], store: store, start: first.start + .seconds(3))
        try second.session.start()
        second.engine.run()
        #expect(second.lines("transfer.started") == ["7s transfer.started \(id)"], "at 10 s from the first run's start")
        #expect(second.lines("transfer.completed") == ["7.2s transfer.completed \(id) status 201, 1000000 bytes"])
        #expect(store.rows.isEmpty)
    }

    /// The two-phase end: an upload that ends while the app is suspended is kept, with its outcome, until the
    /// app has had its events; a run killed before that reports the end again in the next run, which never
    /// sends the upload again, and the store forgets it once the app had its events.
    @Test func anEndTheAppDidNotHearIsReportedAgainAndNeverSentAgain() throws {
        let store = MemoryTransferStore()
        let first = SessionFixture(server: [ServerRule(url: url, answers: [.status(201)])], store: store, appState: .suspended)
        first.answersLaunches = false  // the process dies before the app runs
        let id = try first.session.uploadTask(with: SessionRequest(url: url), fromFile: file)
        first.engine.run()
        #expect(first.lines("transfer.completed") == ["0.2s transfer.completed \(id) status 201, 1000000 bytes"])
        #expect(store.rows[id]?.outcome == .completed(status: 201, bytes: 1_000_000), "kept until the app has its events")

        let second = SessionFixture(server: [ServerRule(url: url, answers: [.refuse])], store: store)
        try second.session.start()
        second.engine.run()
        #expect(second.lines("transfer.started").isEmpty, "never sent again")
        #expect(second.lines("transfer.completed") == ["0s transfer.completed \(id) status 201, 1000000 bytes"])
        #expect(second.delivered.contains(.didComplete(transfer: id, status: 201, error: nil, resume: nil)))
        #expect(store.rows.isEmpty, "forgotten once the app had its events")
    }

    /// A transfer that ends while the store cannot be written (a full disk) is reported, and forgotten at
    /// the store's next change once it can be: left in the store, the next run would send it again.
    @Test func anEndOnAFullDiskIsForgottenOnceTheDiskHasRoom() throws {
        let store = MemoryTransferStore()
        let fixture = SessionFixture(server: [ServerRule(url: url, answers: [.status(201)])], store: store)
        let first = try fixture.session.uploadTask(with: SessionRequest(url: url), fromFile: file)
        fixture.engine.advance(by: .milliseconds(100))  // the attempt is under way
        store.isFull = true
        fixture.engine.run()
        #expect(fixture.lines("transfer.completed") == ["0.2s transfer.completed \(first) status 201, 1000000 bytes"])
        #expect(store.rows[first] != nil, "the store could not forget it")
        store.isFull = false
        let second = try fixture.session.uploadTask(with: SessionRequest(url: url), fromFile: file)
        fixture.engine.run()
        #expect(fixture.lines("transfer.started") == ["0s transfer.started \(first)", "0.2s transfer.started \(second)"])
        #expect(store.rows.isEmpty, "forgotten at the next change")
    }
}
