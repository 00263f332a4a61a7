import BackgroundTransfers
import Foundation
import FoundationNetworking

/// What a task of a background session is, for the task objects the app holds (``BackgroundUploadTask``,
/// ``BackgroundDownloadTask``): its request, its identifier in the session, and what the emulated transfer
/// service has made of it so far. Read from any thread (the app's), written on the main queue and on the
/// session's delegate queue.
final class BackgroundTaskState: @unchecked Sendable {
    let kind: TransferKind
    /// The session's identifier.
    let session: String
    let request: URLRequest
    let taskIdentifier: Int
    /// An upload's file, or where a download is kept until the delegate has had it.
    let file: String
    /// A download's resume data, when made with `downloadTask(withResumeData:)`.
    let resume: ResumePoint?

    private let lock = NSLock()
    private var fields = Fields()

    struct Fields {
        /// The transfer's id on the service, once resumed.
        var transfer: Int?
        var state = URLSessionTask.State.suspended
        /// `earliestBeginDate`, which FoundationNetworking ignores (and marks deprecated).
        var earliestBeginDate: Date?
        var response: URLResponse?
        var error: (any Error)?
        var bytesSent: Int64 = 0
        var bytesExpectedToSend: Int64 = 0
        var bytesReceived: Int64 = 0
    }

    init(kind: TransferKind, session: String, request: URLRequest, taskIdentifier: Int, file: String, resume: ResumePoint? = nil) {
        self.kind = kind
        self.session = session
        self.request = request
        self.taskIdentifier = taskIdentifier
        self.file = file
        self.resume = resume
    }

    var current: Fields { lock.withLock { fields } }

    func update(_ change: (inout Fields) -> Void) {
        lock.withLock { change(&fields) }
    }
}
