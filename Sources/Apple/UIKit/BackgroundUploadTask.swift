import EmulatedFoundation
import Foundation
import FoundationNetworking

/// An upload task of a background session, as the app's code holds it: a `URLSessionUploadTask` whose
/// `resume()` and `cancel()` go to the emulated transfer service (``EmulatedTransfers``).
final class BackgroundUploadTask: URLSessionUploadTask, @unchecked Sendable {
    let background: BackgroundTaskState

    init(_ state: BackgroundTaskState) {
        background = state
        super.init()
    }

    override var taskIdentifier: Int { background.taskIdentifier }
    override var originalRequest: URLRequest? { background.request }
    override var currentRequest: URLRequest? { background.request }
    override var state: URLSessionTask.State { background.current.state }
    override var error: (any Error)? { background.current.error }
    override var countOfBytesSent: Int64 { get { background.current.bytesSent } set {} }
    override var countOfBytesExpectedToSend: Int64 { get { background.current.bytesExpectedToSend } set {} }
    override var response: URLResponse? { get { background.current.response } set {} }
    override var earliestBeginDate: Date? {
        get { background.current.earliestBeginDate }
        set { background.update { $0.earliestBeginDate = newValue } }
    }
    override func resume() { EmulatedTransfers.resume(self, background) }
    override func cancel() { EmulatedTransfers.cancel(background) }
    /// A background session's task cannot be held once resumed: as iOS, a no-op for it.
    override func suspend() {}
}
