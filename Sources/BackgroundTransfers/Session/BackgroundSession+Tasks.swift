import BackgroundCore

/// The app's side of the session: the tasks it creates (`URLSession`'s upload, download and data tasks,
/// and the forms a background session refuses) and cancels.
extension BackgroundSession {
    // MARK: Tasks

    /// `uploadTask(with:fromFile:)`: uploads the file at `file` (its size as it is now); a missing or
    /// unreadable file fails the transfer at once with `fileDoesNotExist`. Returns the transfer's id.
    @discardableResult
    public func uploadTask(with request: SessionRequest, fromFile file: String) throws(SessionError) -> Int {
        let size = fileSize(file)
        let transfer = try create(
            .upload, request, file: file, resume: nil, expected: request.countOfBytesClientExpectsToSend, size: size)
        if size == nil {
            fail(transfer, "fileDoesNotExist", detail: "cannot read \(file)")
        }
        return transfer.pending.id
    }

    /// `downloadTask(with:)`, or with resume data `downloadTask(withResumeData:)`: downloads into `file`,
    /// asking only for the rest when `resumeData` is given and the server allows it. Returns its id.
    @discardableResult
    public func downloadTask(with request: SessionRequest, to file: String, resumingFrom resumeData: ResumePoint? = nil) throws(SessionError) -> Int {
        try create(.download, request, file: file, resume: resumeData, expected: request.countOfBytesClientExpectsToReceive, size: nil)
            .pending.id
    }

    /// `dataTask(with:)`: allowed in a background session, but it lives only while the app runs: it fails
    /// with `backgroundSessionWasDisconnected` when the app is suspended, and is never kept by the store.
    @discardableResult
    public func dataTask(with request: SessionRequest) throws(SessionError) -> Int {
        try create(.download, request, file: "", resume: nil, expected: request.countOfBytesClientExpectsToReceive, size: nil, isData: true)
            .pending.id
    }

    /// `uploadTask(with:from:)`: refused, as on iOS (only uploads from a file outlive the app).
    public func uploadTask(with request: SessionRequest, from data: [UInt8]) throws(SessionError) -> Never {
        throw .uploadFromData
    }

    /// `uploadTask(withStreamedRequest:)`: refused, as on iOS.
    public func uploadTask(withStreamedRequest request: SessionRequest) throws(SessionError) -> Never {
        throw .uploadFromStream
    }

    /// `uploadTask(with:fromFile:completionHandler:)`: refused, as is every completion-handler form.
    public func uploadTask(
        with request: SessionRequest, fromFile file: String, completionHandler: (Int?, String?) -> Void
    ) throws(SessionError) -> Never {
        throw .completionHandler
    }

    /// `downloadTask(with:completionHandler:)`: refused, as is every completion-handler form.
    public func downloadTask(with request: SessionRequest, completionHandler: (String?, String?) -> Void) throws(SessionError) -> Never {
        throw .completionHandler
    }

    /// `cancel()`: the transfer fails with `cancelled` (a download's error carries its resume data).
    public func cancel(transfer id: Int) {
        if let transfer = transfers[id] { _ = cancel(transfer) }
    }

    /// `cancel(byProducingResumeData:)`: cancels a download and gives the resume data a later
    /// `downloadTask(with:to:resumingFrom:)` carries on from (nil when there is nothing to resume).
    public func cancelByProducingResumeData(transfer id: Int) -> ResumePoint? {
        guard let transfer = transfers[id], transfer.pending.kind == .download else { return nil }
        return cancel(transfer)
    }
}
