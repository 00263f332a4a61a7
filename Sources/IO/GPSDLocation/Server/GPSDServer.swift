import BackgroundCore
package import BackgroundLocation
import Glibc
import Synchronization

/// A tiny gpsd: serves fixes over gpsd's JSON protocol on loopback, so that any gpsd client — `gpspipe`,
/// `cgps`, libgps programs, `bgloc live` — can be fed from a trace.
///
/// The server listens on 127.0.0.1 only. Each client gets `VERSION` on connect; `?WATCH={"enable":true}`
/// answers `DEVICES` and `WATCH` and from then on every ``publish(_:)`` sends it a `TPV` (and a `SKY`
/// when the fix carries satellites or HDOP); `?POLL;`, `?VERSION;` and `?DEVICES;` are answered at once
/// (see ``GPSDProtocol``). One thread of its own accepts clients and does all socket I/O without
/// blocking, so a slow client cannot hold up the others or the engine that publishes.
///
/// ```swift
/// let server = try GPSDServer(port: 2947)
/// server.start()
/// try await server.waitForWatcher()            // pacing starts when someone listens
/// server.publish(fix)                       // from the engine's events
/// server.stop()                             // flushes what is queued, then closes
/// ```
/// A test connects with `gpspipe -w -n 10 127.0.0.1:\(server.port)`.
package final class GPSDServer: Sendable {
    /// The port it listens on (the kernel's choice when created with port 0).
    package let port: Int
    /// The device path clients see in reports.
    package let device: String
    private let listener: Int32
    /// Stops the I/O thread; its ``StopSignal/wake()`` also tells it of a fix to send.
    private let stopSignal: StopSignal
    private let state = Mutex(State())

    private struct Client {
        var descriptor: Int32
        var inbox: [UInt8] = []
        var outbox: [UInt8] = []
        var watching = false
    }

    private struct State {
        var clients: [Client] = []
        var latest: LocationFix?
        var stopping = false
        var thread: pthread_t?
        var watcherWaiters: [CheckedContinuation<Void, Never>] = []
        var hadWatcher = false
    }

    /// Most bytes queued for one client before it is dropped as too slow.
    static let outboxLimit = 4 << 20
    /// Longest request line accepted.
    static let lineLimit = 4096

    /// Listens on 127.0.0.1:`port` (0 for any free port); ``start()`` begins serving.
    ///
    /// - Throws: ``GPSDServerError`` when the port cannot be bound (in use, or privileged).
    package init(port: Int = 2947, device: String = "/dev/bgloc") throws(GPSDServerError) {
        self.device = device
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw GPSDServerError(port: port, message: Self.errnoText()) }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(truncatingIfNeeded: port)).bigEndian
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else {
            let reason = Self.errnoText()
            close(descriptor)
            let hint = errno == EADDRINUSE ? " (is gpsd running? choose another port with --port)" : ""
            throw GPSDServerError(port: port, message: reason + hint)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(descriptor, $0, &length) }
        }
        self.port = Int(UInt16(bigEndian: address.sin_port))
        do {
            stopSignal = try StopSignal()
        } catch {
            close(descriptor)
            throw GPSDServerError(port: port, message: error.description)
        }
        listener = descriptor
    }

    deinit {
        stop()
        close(listener)
    }

    /// Starts the thread that accepts clients and talks to them.
    package func start() {
        let thread = DedicatedThread.start(detached: false) { [self] in serve() }
        state.withLock { $0.thread = thread }
    }

    /// Returns once a client has enabled watching (at once if one already has).
    ///
    /// - Throws: `CancellationError` when the task is cancelled while waiting.
    package func waitForWatcher() async throws {
        try await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state in
                    if state.hadWatcher || state.stopping || Task.isCancelled { return true }
                    state.watcherWaiters.append(continuation)
                    return false
                }
                if ready { continuation.resume() }
            }
            try Task.checkCancellation()
        } onCancel: {
            let waiters = state.withLock { state in
                defer { state.watcherWaiters = [] }
                return state.watcherWaiters
            }
            waiters.forEach { $0.resume() }
        }
    }

    /// How many clients are connected.
    package var clientCount: Int { state.withLock { $0.clients.count } }

    /// Sends a fix to every watching client (TPV, then SKY when it has one) and keeps it for `?POLL;`.
    package func publish(_ fix: LocationFix) {
        var lines = GPSDProtocol.tpv(fix, device: device) + "\r\n"
        if let sky = GPSDProtocol.sky(fix, device: device) { lines += sky + "\r\n" }
        let bytes = Array(lines.utf8)
        state.withLock { state in
            state.latest = fix
            for index in state.clients.indices where state.clients[index].watching {
                state.clients[index].outbox += bytes
            }
        }
        stopSignal.wake()
    }

    /// Sends what is queued (for up to two seconds), closes every client and ends the thread. Stopping twice
    /// does nothing.
    package func stop() {
        let (thread, waiters) = state.withLock { state -> (pthread_t?, [CheckedContinuation<Void, Never>]) in
            state.stopping = true
            defer { state.thread = nil; state.watcherWaiters = [] }
            return (state.thread, state.watcherWaiters)
        }
        waiters.forEach { $0.resume() }
        guard let thread else { return }
        stopSignal.signal()
        pthread_join(thread, nil)
    }

    // MARK: The I/O thread

    private func serve() {
        var deadline: ContinuousClock.Instant?
        while true {
            let (descriptors, stopping) = state.withLock { state in
                (state.clients.map { ($0.descriptor, !$0.outbox.isEmpty) }, state.stopping)
            }
            if stopping {
                let now = ContinuousClock.now
                if deadline == nil { deadline = now + .seconds(2) }
                if descriptors.allSatisfy({ !$0.1 }) || now >= deadline! { break }
            }
            // Once stopping, the stop's pipe stays readable: the thread flushes on a 100 ms poll without it.
            var polled = [pollfd(fd: stopping ? -1 : stopSignal.descriptor, events: Int16(POLLIN), revents: 0)]
            if !stopping { polled.append(pollfd(fd: listener, events: Int16(POLLIN), revents: 0)) }
            for (descriptor, hasOutput) in descriptors {
                polled.append(pollfd(fd: descriptor, events: Int16(POLLIN) | (hasOutput ? Int16(POLLOUT) : 0), revents: 0))
            }
            let ready = poll(&polled, nfds_t(polled.count), stopping ? 100 : -1)
            if ready < 0 && errno != EINTR { break }
            if polled[0].revents != 0 { stopSignal.drain() }
            if !stopping, polled[1].revents != 0 { acceptClients() }
            for entry in polled.dropFirst(stopping ? 1 : 2) where entry.revents != 0 {
                if entry.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 { receive(from: entry.fd) }
                if entry.revents & Int16(POLLOUT) != 0 { send(to: entry.fd) }
            }
        }
        let clients = state.withLock { state in
            defer { state.clients = [] }
            return state.clients.map(\.descriptor)
        }
        clients.forEach { close($0) }
    }

    private func acceptClients() {
        let greeting = Array((GPSDProtocol.version(release: Self.release) + "\r\n").utf8)
        while true {
            let descriptor = accept(listener, nil, nil)
            if descriptor < 0 { return }
            Self.makeNonBlocking(descriptor)
            state.withLock { $0.clients.append(Client(descriptor: descriptor, outbox: greeting)) }
            send(to: descriptor)
        }
    }

    /// Reads what a client sent and answers each complete request line; closes it at end of file.
    private func receive(from descriptor: Int32) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(descriptor, &buffer, buffer.count)
        if count < 0 && (errno == EAGAIN || errno == EINTR) { return }
        guard count > 0 else { return drop(descriptor) }
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            guard let index = state.clients.firstIndex(where: { $0.descriptor == descriptor }) else { return [] }
            state.clients[index].inbox += buffer[..<count]
            while let newline = state.clients[index].inbox.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: state.clients[index].inbox[..<newline], as: UTF8.self)
                state.clients[index].inbox.removeSubrange(...newline)
                answer(line, client: &state.clients[index], latest: state.latest)
            }
            if state.clients[index].inbox.count > Self.lineLimit {
                state.clients[index].inbox = []
                state.clients[index].outbox += Array((GPSDProtocol.error("request line too long") + "\r\n").utf8)
            }
            // gpspipe, libgps and bgloc live send their WATCH without a newline: answer a complete command at once.
            if let last = state.clients[index].inbox.last, last == UInt8(ascii: ";") || last == UInt8(ascii: "}") {
                let line = String(decoding: state.clients[index].inbox, as: UTF8.self)
                let requests = GPSDProtocol.requests(in: line)
                if !requests.isEmpty, !requests.contains(where: { if case .unknown = $0 { true } else { false } }) {
                    state.clients[index].inbox = []
                    answer(line, client: &state.clients[index], latest: state.latest)
                }
            }
            guard state.clients[index].watching, !state.hadWatcher else { return [] }
            state.hadWatcher = true
            defer { state.watcherWaiters = [] }
            return state.watcherWaiters
        }
        waiters.forEach { $0.resume() }
        send(to: descriptor)
    }

    private func answer(_ line: String, client: inout Client, latest: LocationFix?) {
        var replies: [String] = []
        for request in GPSDProtocol.requests(in: line) {
            switch request {
            case .version: replies.append(GPSDProtocol.version(release: Self.release))
            case .devices: replies.append(GPSDProtocol.devices(device: device))
            case .poll: replies.append(GPSDProtocol.poll(latest: latest, device: device))
            case .watch(let enable, let json):
                if let enable {
                    client.watching = enable && (json ?? true)
                    if client.watching { replies.append(GPSDProtocol.devices(device: device)) }
                }
                replies.append(GPSDProtocol.watch(enable: client.watching, json: client.watching))
            case .unknown(let name): replies.append(GPSDProtocol.error("Unrecognized request '\(name)'"))
            }
        }
        for reply in replies { client.outbox += Array((reply + "\r\n").utf8) }
    }

    /// Writes as much of a client's queue as the socket takes; drops the client on error or overflow.
    private func send(to descriptor: Int32) {
        let failed = state.withLock { state -> Bool in
            guard let index = state.clients.firstIndex(where: { $0.descriptor == descriptor }) else { return false }
            if state.clients[index].outbox.count > Self.outboxLimit { return true }
            while !state.clients[index].outbox.isEmpty {
                let written = state.clients[index].outbox.withUnsafeBytes {
                    Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                }
                if written < 0 { return !(errno == EAGAIN || errno == EINTR) }
                state.clients[index].outbox.removeFirst(written)
            }
            return false
        }
        if failed { drop(descriptor) }
    }

    private func drop(_ descriptor: Int32) {
        let known = state.withLock { state in
            guard let index = state.clients.firstIndex(where: { $0.descriptor == descriptor }) else { return false }
            state.clients.remove(at: index)
            return true
        }
        if known { close(descriptor) }
    }

    /// The release the server reports in VERSION.
    static let release = "3.22 (bgloc serve)"

    /// Makes `descriptor` non-blocking and closed on exec.
    static func makeNonBlocking(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }

    private static func errnoText() -> String { Errno(errno).description }
}
