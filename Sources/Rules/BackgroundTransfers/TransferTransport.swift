/// Performs one attempt of a transfer: the I/O under a background session, with no rule of its own.
///
/// It performs in two ways: ``perform(_:progress:)`` off the caller's thread, for live runs, and
/// ``performBlocking(_:progress:)`` on it, for virtual time.
///
/// An attempt either completes with an HTTP answer, whatever its status (a 404 or a 503 is a completed
/// attempt, as in URLSession: the session's rules decide what it means), or fails with a
/// ``TransportError`` (the connection was refused, lost, timed out, …) that may carry a ``ResumePoint``.
/// Retrying, waiting for the network and keeping transfers across runs are the session's business, not
/// the transport's. `CurlTransport` does real HTTP(S) with libcurl; tests may script one.
///
/// ```swift
/// let response = try await transport.perform(.download(from: url, to: "/srv/cache/next.json")) { progress in
///     print(progress.bytesReceived)
/// }
/// ```
public protocol TransferTransport: Sendable {
    /// Performs `request` once, calling `progress` (on any thread) as bytes move. Cancelling the calling
    /// task ends the attempt with ``TransportError/Code/cancelled``.
    func perform(
        _ request: TransferRequest, progress: @escaping @Sendable (TransferProgress) -> Void
    ) async throws(TransportError) -> TransferResponse

    /// Performs `request` once on the calling thread, blocking it until the attempt ends: for runs on
    /// virtual time, where the HTTP happens while the clock stands still (as a `run:` command does).
    func performBlocking(
        _ request: TransferRequest, progress: @escaping @Sendable (TransferProgress) -> Void
    ) throws(TransportError) -> TransferResponse
}
