import BackgroundCore
import BackgroundTestKit
import BackgroundTransfers
import CurlTransport
import Foundation
import Synchronization
import Testing

/// The session over the real transport (libcurl) on virtual time, against a real nginx: real bytes
/// uploaded after a retry and downloaded after a resume, byte-identical on the other side.
@Suite(.enabled(if: NginxServer.program != nil || TestSupport.integrationRequired, "install nginx-light (tools/install-deps)"))
struct RealTransfersTests {
    let folder: TemporaryFolder
    let nginx: NginxServer
    let content: [UInt8]

    init() async throws {
        folder = try TemporaryFolder(prefix: "bgkit-session-real")
        nginx = try await NginxServer.start()
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        content = (0..<3_000_000).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
    }

    /// A session whose attempts go over libcurl, the first one to `firstAttempt`'s server instead.
    private func session(firstAttempt: FaultyHTTPServer) -> (EventEngine, Timeline, BackgroundSession) {
        let engine = EventEngine(start: .defaultStart)
        let timeline = Timeline(engine: engine, keepingEvents: true)
        let transport = FirstAttemptElsewhere(base: CurlTransport(), port: firstAttempt.port)
        let session = BackgroundSession(
            configuration: SessionConfiguration(identifier: "com.example.transfers"), engine: engine, timeline: timeline,
            attempts: RealTransfers(transport: transport, engine: engine, mode: .virtual))
        return (engine, timeline, session)
    }

    @Test func anUploadCutByTheServerIsRetriedAndArrivesWhole() throws {
        let cutting = try FaultyHTTPServer([.init(status: 200, body: [UInt8](repeating: 0, count: 100), ending: .dropAfter(10))])
        defer { cutting.stop() }
        let (engine, timeline, session) = session(firstAttempt: cutting)
        let file = try folder.write("visits.bin", Data(content))
        let id = try session.uploadTask(with: SessionRequest(url: nginx.url("visits/today.bin")), fromFile: file)
        engine.run()
        let names = timeline.events.map(\.kind.name)
        #expect(names == ["transfer.created", "transfer.started", "transfer.retrying", "transfer.started", "transfer.completed"])
        #expect(timeline.events.last?.kind == .transferCompleted(transfer: id, status: 201, bytes: Int64(content.count)))
        #expect(cutting.requests.count == 1)
        let key = try #require(timeline.events.first.flatMap { $0.kind as? TransferRecord }?.idempotencyKey)
        #expect(cutting.requests.first?.contains("\r\nIdempotency-Key: \"\(key)\"\r\n") == true, "the cut attempt carried the transfer's key")
        #expect(FileManager.default.contents(atPath: nginx.root + "/visits/today.bin").map { [UInt8]($0) } == content)
    }

    @Test func aDownloadCutMidwayResumesFromNginxAndEndsByteIdentical() throws {
        try Data(content).write(to: URL(fileURLWithPath: nginx.root + "/tour.bin"))
        let probe = try CurlTransport().performBlocking(.download(from: nginx.url("tour.bin"), to: folder.path + "/probe.bin")) { _ in }
        let etag = try #require(probe.validator)
        let cutting = try FaultyHTTPServer([.init(status: 200, headers: ["ETag": etag], body: content, ending: .dropAfter(1_000_000))])
        defer { cutting.stop() }
        let (engine, timeline, session) = session(firstAttempt: cutting)
        let destination = folder.path + "/tour.bin"
        let id = try session.downloadTask(with: SessionRequest(url: nginx.url("tour.bin")), to: destination)
        engine.run()
        let key = try #require(timeline.events.first.flatMap { $0.kind as? TransferRecord }?.idempotencyKey)
        let retried = try #require(timeline.events.first { $0.kind.name == "transfer.retrying" }).time
        #expect(timeline.events.compactMap { $0.kind as? TransferRecord } == [
            .transferCreated(transfer: id, kind: "download", url: nginx.url("tour.bin"), bytes: nil, key: key),
            .transferStarted(transfer: id, offset: nil),
            .transferRetrying(transfer: id, reason: "networkConnectionLost", next: retried + .seconds(10)),
            .transferStarted(transfer: id, offset: 1_000_000),
            .transferCompleted(transfer: id, status: 206, bytes: Int64(content.count)),
        ])
        #expect(FileManager.default.contents(atPath: destination).map { [UInt8]($0) } == content)
    }

    @Test func aLiveRunUploadsOffTheEngineAndHearsTheEndThroughTheInbox() async throws {
        let engine = EventEngine(start: .now())
        let timeline = Timeline(engine: engine, keepingEvents: true)
        let session = BackgroundSession(
            configuration: SessionConfiguration(identifier: "com.example.transfers"), engine: engine, timeline: timeline,
            attempts: RealTransfers(transport: CurlTransport(), engine: engine, mode: .live))
        let (ended, end) = AsyncStream<Void>.makeStream()
        session.addEventListener { event in
            if case .didComplete = event { end.finish() }
        }
        let file = try folder.write("visits.bin", Data(content))
        let id = try session.uploadTask(with: SessionRequest(url: nginx.url("live.bin")), fromFile: file)
        #expect(timeline.events.map(\.kind.name) == ["transfer.created", "transfer.started"], "the attempt runs off the engine")
        let run = LiveRun(engine: engine, until: engine.now + .seconds(60))
        run.add(Until(signal: ended)) { (_: Never) in }
        try await run.run()
        #expect(timeline.events.last?.kind == .transferCompleted(transfer: id, status: 201, bytes: Int64(content.count)))
        #expect(FileManager.default.contents(atPath: nginx.root + "/live.bin").map { [UInt8]($0) } == content)
    }

    @Test func aDataTaskKeepsItsBytesUnderTMPDIRAndRemovesThem() throws {
        try Data(content.prefix(100_000)).write(to: URL(fileURLWithPath: nginx.root + "/feed.json"))
        let engine = EventEngine(start: .defaultStart)
        let timeline = Timeline(engine: engine, keepingEvents: true)
        let transport = ScratchWatcher(base: CurlTransport())
        let saved = getenv("TMPDIR").map { String(cString: $0) }
        setenv("TMPDIR", folder.path + "/", 1)
        let attempts = RealTransfers(transport: transport, engine: engine, mode: .virtual)
        if let saved { setenv("TMPDIR", saved, 1) } else { unsetenv("TMPDIR") }
        #expect(attempts.scratchFolder == folder.path)
        let session = BackgroundSession(
            configuration: SessionConfiguration(identifier: "com.example.transfers"), engine: engine, timeline: timeline,
            attempts: attempts)
        try session.dataTask(with: SessionRequest(url: nginx.url("feed.json")))
        engine.run()
        #expect(timeline.events.last?.kind.name == "transfer.completed")
        #expect(session.isSettled)
        let seen = try #require(transport.seen.withLock { $0 })
        #expect(seen.file.hasPrefix(folder.path + "/.bgkit-data-"), "the data task's scratch file is under TMPDIR, not /tmp")
        #expect(seen.bytes == 100_000, "curl wrote the body there")
        #expect(!FileManager.default.fileExists(atPath: seen.file), "and it is removed when the attempt ends")
    }

    @Test func theTemporaryFolderIsTMPDIRElseTmp() {
        #expect(RealTransfers.temporaryFolder(tmpdir: "/var/tmp/run") == "/var/tmp/run")
        #expect(RealTransfers.temporaryFolder(tmpdir: "/var/tmp/") == "/var/tmp")
        #expect(RealTransfers.temporaryFolder(tmpdir: "") == "/tmp")
        #expect(RealTransfers.temporaryFolder(tmpdir: nil) == "/tmp")
        #expect(RealTransfers.temporaryFolder(tmpdir: "/") == "/")
    }
}

/// The real transport, noting the file a download went to and its size as the attempt ends (before the
/// attempts remove a data task's scratch file).
private final class ScratchWatcher: TransferTransport {
    let base: CurlTransport
    let seen = Mutex<(file: String, bytes: Int)?>(nil)

    init(base: CurlTransport) { self.base = base }

    private func note(_ request: TransferRequest) {
        guard case .download(let file, _) = request.body else { return }
        let bytes = FileManager.default.contents(atPath: file)?.count ?? -1
        seen.withLock { $0 = (file, bytes) }
    }

    func perform(_ request: TransferRequest, progress: @escaping @Sendable (TransferProgress) -> Void) async throws(TransportError) -> TransferResponse {
        let response = try await base.perform(request, progress: progress)
        note(request)
        return response
    }

    func performBlocking(_ request: TransferRequest, progress: @escaping @Sendable (TransferProgress) -> Void) throws(TransportError) -> TransferResponse {
        let response = try base.performBlocking(request, progress: progress)
        note(request)
        return response
    }
}

/// A live source that posts nothing and ends when `signal` finishes: it ends the run then.
private struct Until: LiveSource {
    let signal: AsyncStream<Void>
    func run(posting input: EngineInput<Never>) async throws {
        for await _ in signal {}
    }
}

/// The real transport, except that the first attempt goes to another port on loopback: a server that cuts
/// the connection, where nginx cannot on demand.
private final class FirstAttemptElsewhere: TransferTransport {
    let base: CurlTransport
    let port: Int
    private let attempts = Mutex(0)

    init(base: CurlTransport, port: Int) {
        self.base = base
        self.port = port
    }

    private func route(_ request: TransferRequest) -> TransferRequest {
        let first = attempts.withLock { count in
            count += 1
            return count == 1
        }
        guard first, let path = request.url.split(separator: "/", maxSplits: 3).last else { return request }
        var routed = request
        routed.url = "http://127.0.0.1:\(port)/\(path)"
        return routed
    }

    func perform(_ request: TransferRequest, progress: @escaping @Sendable (TransferProgress) -> Void) async throws(TransportError) -> TransferResponse {
        try await base.perform(route(request), progress: progress)
    }

    func performBlocking(_ request: TransferRequest, progress: @escaping @Sendable (TransferProgress) -> Void) throws(TransportError) -> TransferResponse {
        try base.performBlocking(route(request), progress: progress)
    }
}
