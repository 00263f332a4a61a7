import AppControl
import BackgroundCore
import BackgroundTestKit
import Glibc
import Testing

/// The server and the client over real Unix sockets, with the server as a source of a real ``LiveRun``:
/// requests reach the handlers on the run's engine and their replies come back; bytes that are not a
/// request get an error and leave the server serving; a live socket, a stale one, nothing there and a
/// server that never replies are each told apart.
@Suite struct ControlServerTests {
    static let bundle = "com.example.app"
    /// How long a client waits for the live run's reply: long, as the run's task may wait for a thread of
    /// the cooperative pool while the whole suite runs on a loaded machine.
    static let patience = Duration.seconds(120)

    @Test func requestsReachTheHandlersOnTheEngineAndTheirRepliesComeBack() async throws {
        try await Self.withServer { path in
            let client = ControlClient(path: path, timeout: Self.patience)
            let launch = try await Self.offPool { try client.send(ControlRequest(verb: "simulate-launch", bundle: Self.bundle, argument: .name("sync"))) }
            #expect(launch == .ok("launched sync"))
            let expire = try await Self.offPool { try client.send(ControlRequest(verb: "simulate-expiration", bundle: "-", argument: .name("sync"))) }
            #expect(expire == .error("sync is not running"))
            let payload = Array(#"{"aps":{"content-available":1},"n":1}"#.utf8)
            let push = try await Self.offPool { try client.send(ControlRequest(verb: "push", bundle: Self.bundle, argument: .payload(payload))) }
            #expect(push == .ok(#"push of 37 bytes: {"aps":{"content-available":1},"n":1}"#))
            let other = try await Self.offPool { try client.send(ControlRequest(verb: "simulate-launch", bundle: "com.other", argument: .name("sync"))) }
            #expect(other == .error("this is the control socket of com.example.app, not of com.other"))
            let unknown = try await Self.offPool { try Self.exchange(Array("ring com.example.app front\n".utf8), at: path) }
            #expect(unknown == "error malformed request: unknown request 'ring'; expected push, simulate-expiration or simulate-launch\n")
        }
    }

    @Test func bytesThatAreNotARequestGetAnErrorAndTheServerServesOn() async throws {
        var random = SplitMix64(seed: 3)
        let frames: [[UInt8]] = [
            [], Array("hello\n".utf8), Array("push com.example.app 10\n{}".utf8), Array("simulate-launch".utf8),
            Array(repeating: 0xFF, count: 3000),
        ] + (0..<20).map { _ in (0..<(random.next() % 200)).map { _ in UInt8(truncatingIfNeeded: random.next()) } }
        try await Self.withServer { path in
            for frame in frames {
                let reply = try await Self.offPool { try Self.exchange(frame, at: path) }
                #expect(reply.hasPrefix("error malformed request: ") && reply.hasSuffix("\n"), "\(frame.prefix(20)): \(reply)")
            }
            let launch = try await Self.offPool { try ControlClient(path: path, timeout: Self.patience).send(ControlRequest(verb: "simulate-launch", bundle: Self.bundle, argument: .name("a"))) }
            #expect(launch == .ok("launched a"))
        }
    }

    @Test func aClientThatStopsHalfWayIsAnsweredAndTheServerServesOn() async throws {
        try await Self.withServer(requestTimeout: .milliseconds(300)) { path in
            let reply = try await Self.offPool { try Self.exchange(Array("simulate-launch com.example.app".utf8), at: path, hold: true) }
            #expect(reply == "error malformed request: no whole request within 0.3s\n")
            let launch = try await Self.offPool { try ControlClient(path: path, timeout: Self.patience).send(ControlRequest(verb: "simulate-launch", bundle: Self.bundle, argument: .name("b"))) }
            #expect(launch == .ok("launched b"))
        }
    }

    @Test func aSecondServerFindsTheFirstAliveAndAStaleSocketIsReplaced() throws {
        let folder = try TemporaryFolder(prefix: "bgkit-control")
        let path = folder.path + "/bgkit-com.example.app.sock"
        let first = try ControlServer(path: path, bundle: Self.bundle)
        #expect(throws: ControlError(
            .alreadyRunning,
            "another `bgloc live --app` for com.example.app is running: its control socket \(path) answers; stop it first, or give this run another --state folder"
        )) { try ControlServer(path: path, bundle: Self.bundle) }
        first.close()
        #expect(access(path, F_OK) != 0, "close removes the socket")

        try Self.staleSocket(at: path)
        #expect(throws: ControlError(
            .stale,
            "the control socket \(path) is stale: nothing listens on it (its `bgloc live --app` ended without removing it); start `bgloc live --app MANIFEST` again, which replaces it"
        )) { try ControlClient(path: path, timeout: Self.patience).send(ControlRequest(verb: "simulate-launch", bundle: Self.bundle, argument: .name("a"))) }
        let second = try ControlServer(path: path, bundle: Self.bundle)
        defer { second.close() }
        #expect(access(path, F_OK) == 0)
    }

    @Test func nothingThereAndAServerThatNeverRepliesAreOneLineErrors() throws {
        let folder = try TemporaryFolder(prefix: "bgkit-control")
        let path = folder.path + "/bgkit-com.example.app.sock"
        let request = try ControlRequest(verb: "simulate-launch", bundle: Self.bundle, argument: .name("a"))
        #expect(throws: ControlError(
            .noApp, "no running app: no control socket at \(path); start `bgloc live --app MANIFEST` for the app (with the same --state) first"
        )) { try ControlClient(path: path, timeout: Self.patience).send(request) }

        // Listening, but in no live run: the connection waits in the backlog and nobody reads it.
        let silent = try ControlServer(path: path, bundle: Self.bundle)
        defer { silent.close() }
        #expect(throws: ControlError(
            .timedOut, "no reply from the control socket \(path) within 0.2s: the app is hung or stopped (Ctrl-Z?)"
        )) { try ControlClient(path: path, timeout: .milliseconds(200)).send(request) }
    }

    @Test func theSocketsPathFollowsTheStateOrTheRuntimeFolder() {
        #expect(ControlSocketPath.path(bundle: "com.example.news", state: "/var/lib/news/state.db") == "/var/lib/news/bgkit-com.example.news.sock")
        #expect(ControlSocketPath.path(bundle: "com.example.news", state: "state.db") == "./bgkit-com.example.news.sock")
        #expect(ControlSocketPath.path(bundle: "a/b c", state: "/s.db") == "//bgkit-a_b_c.sock")
        #expect(ControlSocketPath.path(bundle: "x", state: nil, runtimeFolder: "/run/user/7") == "/run/user/7/bgkit/bgkit-x.sock")
        #expect(ControlSocketPath.path(bundle: "x", state: nil, runtimeFolder: "") == "/tmp/bgkit-\(getuid())/bgkit-x.sock")
    }

    @Test func aRuntimeFolderOthersCanOpenIsRefused() throws {
        let folder = try TemporaryFolder(prefix: "bgkit-control")
        let runtime = folder.path + "/bgkit"
        try ControlSocketPath.prepareRuntimeFolder(runtime)
        var status = stat()
        #expect(stat(runtime, &status) == 0 && status.st_mode & 0o777 == 0o700)
        chmod(runtime, 0o755)
        #expect(throws: ControlError(.system, "the control socket's folder \(runtime) is open to other users; chmod 700 it")) {
            try ControlSocketPath.prepareRuntimeFolder(runtime)
        }
    }

    // MARK: Helpers

    /// Runs `body` with a server at a fresh path, serving in a live run whose handlers launch any task,
    /// expire none and describe each push (their verbs as the tasks' and pushes' modes name them); ends the
    /// run and closes the server after.
    static func withServer(requestTimeout: Duration = .seconds(5), _ body: (String) async throws -> Void) async throws {
        let folder = try TemporaryFolder(prefix: "bgkit-control")
        let path = folder.path + "/bgkit-com.example.app.sock"
        let server = try ControlServer(path: path, bundle: bundle, requestTimeout: requestTimeout)
        let run = Task {
            let engine = EventEngine(start: .defaultStart)
            let run = LiveRun(engine: engine)
            server.add(to: run, verbs: [
                "push": ControlServer.Verb(shape: .payload) { request in
                    guard case .payload(let bytes) = request.argument else { return .error("no payload") }
                    return .ok("push of \(bytes.count) bytes: \(String(decoding: bytes, as: UTF8.self))")
                },
                "simulate-launch": ControlServer.Verb(shape: .name) { request in
                    guard case .name(let identifier) = request.argument else { return .error("no name") }
                    return .ok("launched \(identifier)")
                },
                "simulate-expiration": ControlServer.Verb(shape: .name) { request in
                    guard case .name(let identifier) = request.argument else { return .error("no name") }
                    return .error("\(identifier) is not running")
                },
            ])
            try? await run.run()
        }
        do {
            try await body(path)
        } catch {
            run.cancel()
            await run.value
            throw error
        }
        run.cancel()
        await run.value
        server.close()
        #expect(access(path, F_OK) != 0, "close removes the socket")
    }

    /// Writes `bytes` on a new connection to `path`, ends the sending side unless `hold`, and reads the reply
    /// to the end.
    static func exchange(_ bytes: [UInt8], at path: String, hold: Bool = false) throws -> String {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = try #require(Self.address(path))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(connected == 0)
        _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if !hold { shutdown(descriptor, Int32(SHUT_WR)) }
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while case let count = read(descriptor, &buffer, buffer.count), count > 0 { reply += buffer[..<count] }
        return String(decoding: reply, as: UTF8.self)
    }

    /// Leaves a socket file at `path` that nobody listens on, as a killed server does.
    static func staleSocket(at path: String) throws {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = try #require(Self.address(path))
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        close(descriptor)
        try #require(bound == 0)
    }

    static func address(_ path: String) -> sockaddr_un? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        return address
    }

    /// Runs blocking socket calls on a thread of their own, off Swift's cooperative pool, which the live run needs.
    static func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DedicatedThread.start { continuation.resume(with: Result { try work() }) }
        }
    }
}
