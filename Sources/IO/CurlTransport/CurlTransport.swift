package import BackgroundTransfers
import BackgroundCore

/// The real transport: HTTP and HTTPS with libcurl, one attempt per ``perform(_:progress:)``.
///
/// - Uploads stream from their file and downloads to theirs in constant memory; a download is written to
///   `.<name>.partial` beside its destination and renamed into place only when complete.
/// - TLS checks the server against the system's CA store; libcurl reads the usual proxy variables
///   (`http_proxy`, `https_proxy`, `no_proxy`) itself.
/// - The request's timeout is an idle timeout: connecting, or moving under a byte a second, for that long
///   fails the attempt with `timedOut`.
/// - A download with a ``ResumePoint`` asks for the rest with `Range` and `If-Range`; a 200 instead of a
///   206 (the file changed, or the server ignores ranges) starts the file again from zero.
/// - Redirects are followed as a background URLSession follows them (its delegate is never asked): 301,
///   302, 303, 307 and 308, up to 16 (`httpTooManyRedirects` after), only to http(s) (`unsupportedURL`
///   otherwise). 307 and 308 keep the method and send the body again; 303 turns it into a `GET`, as
///   301 and 302 do a `POST`. A 3xx without `Location` completes the attempt with its status.
///
/// libcurl is loaded on the first attempt, not linked; where it cannot be, every attempt fails with
/// `unknown` and a detail saying what to install.
///
/// libcurl blocks, so each attempt of ``perform(_:progress:)`` runs on a thread of its own, never on Swift's
/// cooperative pool; ``performBlocking(_:progress:)`` runs it on the caller's thread.
package struct CurlTransport: TransferTransport {
    package init() {}

    package func perform(
        _ request: TransferRequest, progress: @escaping @Sendable (TransferProgress) -> Void
    ) async throws(TransportError) -> TransferResponse {
        let cancel = CancelFlag()
        let mock = CurlMocking.current
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<TransferResponse, TransportError>, Never>) in
                DedicatedThread.start {
                    continuation.resume(returning: CurlMocking.$current.withValue(mock) {
                        EasyTransfer.run(request, progress: progress, cancel: cancel)
                    })
                }
            }
        } onCancel: {
            cancel.cancel()
        }
        return try result.get()
    }

    package func performBlocking(
        _ request: TransferRequest, progress: @escaping @Sendable (TransferProgress) -> Void
    ) throws(TransportError) -> TransferResponse {
        try EasyTransfer.run(request, progress: progress, cancel: CancelFlag()).get()
    }
}
