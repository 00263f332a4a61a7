public import BackgroundCore

/// Attempts on virtual time, moving no byte: a transfer takes its size divided by the network's bandwidth
/// (or the server's pace, when slower), and the manifest's `server:` list says what each attempt meets.
///
/// - An upload's size is its file's when the transfer was created; a download's is its ``ServerRule``'s
///   `size` (64 KiB by default).
/// - `status`: the body moves, then the server answers with that status.
/// - `drop(afterBytes:)`: the connection drops after that many body bytes of the attempt
///   (`networkConnectionLost`); a download from a server that honours ranges keeps resume data.
/// - `stall`: nothing moves, and the attempt fails with `timedOut` after the request's timeout.
/// - `refuse`: the attempt fails at once with `cannotConnectToHost`.
///
/// A resumed download carries on from its resume point when the server honours ranges, and starts over
/// otherwise. An attempt keeps the pace of the network it started on.
///
/// ```swift
/// let attempts = SimulatedTransfers(engine: engine, server: [ServerRule(url: "https://example.org/*", answers: [.status(503)])])
/// ```
public final class SimulatedTransfers: TransferAttempts {
    /// Wi-Fi's bandwidth when nothing says otherwise: 5 MB/s.
    public static let defaultWiFiBytesPerSecond: Int64 = 5_000_000
    /// Cellular's bandwidth when nothing says otherwise: 1 MB/s.
    public static let defaultCellularBytesPerSecond: Int64 = 1_000_000
    /// The validator simulated downloads carry, so that resume data can name it.
    static let validator = "\"simulated\""

    private let engine: EventEngine
    /// The `server:` list; the first entry whose URL matches answers.
    public var server: [ServerRule]
    public var wifiBytesPerSecond: Int64
    public var cellularBytesPerSecond: Int64

    public init(
        engine: EventEngine, server: [ServerRule] = [], wifiBytesPerSecond: Int64 = SimulatedTransfers.defaultWiFiBytesPerSecond,
        cellularBytesPerSecond: Int64 = SimulatedTransfers.defaultCellularBytesPerSecond
    ) {
        self.engine = engine
        self.server = server
        self.wifiBytesPerSecond = wifiBytesPerSecond
        self.cellularBytesPerSecond = cellularBytesPerSecond
    }

    public func begin(_ attempt: TransferAttempt, report: @escaping (TransferAttempt.Event) -> Void) -> () -> ResumePoint? {
        let rule = server.first { $0.matches(attempt.request.url) } ?? ServerRule(url: attempt.request.url)
        let download = attempt.kind == .download
        let offset = download && rule.ranges ? attempt.resume?.offset ?? 0 : 0
        let total = download ? rule.size : attempt.uploadSize ?? 0
        let rate = max(1, min(bandwidth(attempt.network), rule.bytesPerSecond ?? .max))
        let start = engine.now
        report(.started(offset: offset))

        let outcome: (after: Duration, result: Result<TransferResponse, TransportError>)
        switch rule.answer(toAttempt: attempt.number, of: attempt.kind) {
        case .status(let status):
            let moved = total - offset
            let response = TransferResponse(
                status: status, headers: download ? ["etag": Self.validator] : [:], bytesSent: download ? 0 : moved,
                bytesReceived: download ? moved : 0, resumedFrom: offset)
            outcome = (Self.time(moved, rate), .success(response))
        case .drop(let afterBytes):
            let moved = min(afterBytes, total - offset)
            let resume = download && rule.ranges ? ResumePoint(offset: offset + moved, validator: Self.validator) : nil
            outcome = (Self.time(moved, rate), .failure(TransportError(
                .networkConnectionLost, "the server closed the connection after \(moved) bytes", resume: resume)))
        case .stall:
            let resume = download && rule.ranges && offset > 0 ? ResumePoint(offset: offset, validator: Self.validator) : nil
            outcome = (attempt.request.timeout, .failure(TransportError(
                .timedOut, "no byte moved for \(attempt.request.timeout)", resume: resume)))
        case .refuse:
            outcome = (.zero, .failure(TransportError(.cannotConnectToHost, "nobody listens at \(attempt.request.url)")))
        }
        let event = engine.schedule(after: outcome.after) { report(.finished(outcome.result)) }
        return { [engine] in
            engine.cancel(event)
            guard download, rule.ranges else { return nil }
            let elapsed = (engine.now - start) / .seconds(1)
            let moved = min(total - offset, Int64(elapsed * Double(rate)))
            return offset + moved > 0 ? ResumePoint(offset: offset + moved, validator: Self.validator) : nil
        }
    }

    private func bandwidth(_ network: NetworkPath) -> Int64 {
        switch network.interface {
        case .wifi: wifiBytesPerSecond
        case .cellular: cellularBytesPerSecond
        case .none: 1
        }
    }

    /// How long `bytes` take at `rate` bytes a second, to the nanosecond.
    private static func time(_ bytes: Int64, _ rate: Int64) -> Duration {
        .nanoseconds(Int64((Double(max(bytes, 0)) / Double(rate) * 1e9).rounded()))
    }
}
