import BackgroundCore

/// The app's side of the session: the tasks it creates (`URLSession`'s upload, download and data tasks,
/// and the forms a background session refuses) and cancels.
extension BackgroundSession {
    // MARK: Tasks

    /// `uploadTask(with:fromFile:)`: uploads the file at `file` (its size as it is now); a missing or
    /// unreadable file fails the transfer at once with `fileDoesNotExist`. Returns the transfer's id.
    @discardableResult
    public func uploadTask(with request: SessionRequest, fromFile file: String) throws(SessionError) -> Int {
        try create(.upload, request, file: file, resume: nil, expected: request.countOfBytesClientExpectsToSend, size: fileSize(file))
    }

    /// `downloadTask(with:)`, or with resume data `downloadTask(withResumeData:)`: downloads into `file`,
    /// asking only for the rest when `resumeData` is given and the server allows it. Returns its id.
    @discardableResult
    public func downloadTask(with request: SessionRequest, to file: String, resumingFrom resumeData: ResumePoint? = nil) throws(SessionError) -> Int {
        try create(.download, request, file: file, resume: resumeData, expected: request.countOfBytesClientExpectsToReceive, size: nil)
    }

    /// `dataTask(with:)`: allowed in a background session, but it lives only while the app runs: it fails
    /// with `backgroundSessionWasDisconnected` when the app is suspended, and is never kept by the store.
    @discardableResult
    public func dataTask(with request: SessionRequest) throws(SessionError) -> Int {
        try create(.download, request, file: "", resume: nil, expected: request.countOfBytesClientExpectsToReceive, size: nil, isData: true)
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
        _ = cancel(id)
    }

    /// `cancel(byProducingResumeData:)`: cancels a download and gives the resume data a later
    /// `downloadTask(with:to:resumingFrom:)` carries on from (nil when there is nothing to resume).
    public func cancelByProducingResumeData(transfer id: Int) -> ResumePoint? {
        guard machine.transfer(id)?.pending.kind == .download else { return nil }
        return cancel(id)
    }

    // MARK: Creating and cancelling

    /// Creates a transfer: an accepted one (an http(s) URL, an upload's file readable) is written to the
    /// store first (its failure refuses the task); the rules decide the rest. Returns its id.
    func create(
        _ kind: TransferKind, _ request: SessionRequest, file: String, resume: ResumePoint?, expected: Int64?, size: Int64?,
        isData: Bool = false
    ) throws(SessionError) -> Int {
        let id = try newID()
        let pending = PendingTransfer(
            id: id, session: configuration.identifier, kind: kind, method: request.method ?? (kind == .upload ? "PUT" : "GET"),
            url: request.url, file: file, createdAt: engine.now, earliestBegin: request.earliestBeginDate,
            expectedBytes: expected, bytesDone: resume?.offset ?? 0, resume: resume)
        if !isData, TransferRules.accepts(pending, uploadSize: size) {
            do throws(InputError) {
                try store?.saveTransfer(pending)
            } catch {
                throw SessionError(.storeFailed, error.description)
            }
        }
        send(.created(pending, isData: isData, uploadSize: size))
        return id
    }

    func newID() throws(SessionError) -> Int {
        guard let store else {
            defer { unsavedNextID += 1 }
            return unsavedNextID
        }
        do throws(InputError) {
            return try max(store.nextTransferID(), (machine.lastID ?? 0) + 1)
        } catch {
            throw SessionError(.storeFailed, error.description)
        }
    }

    /// Ends the transfer `id`, if not ended, as cancelled; returns a download's resume data.
    func cancel(_ id: Int) -> ResumePoint? {
        guard machine.index(of: id) != nil else { return nil }
        let left = stop(id)
        let resume = machine.resume(of: id, leaving: left)
        send(.cancelled(id, resume: left))
        return resume
    }
}
