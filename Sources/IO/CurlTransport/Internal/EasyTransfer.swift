import BackgroundTransfers
import CCurl
import Glibc
import Synchronization

/// Tells a running attempt to stop: libcurl's progress callback sees it and aborts the transfer.
final class CancelFlag: Sendable {
    private let cancelled = Atomic(false)

    func cancel() { cancelled.store(true, ordering: .relaxed) }

    var isCancelled: Bool { cancelled.load(ordering: .relaxed) }
}

/// One attempt on one easy handle, run from start to end on the calling thread (a dedicated one: it
/// blocks in `curl_easy_perform`). libcurl's callbacks reach it through C trampolines carrying an
/// unmanaged pointer to it; they run on the same thread, inside `curl_easy_perform`.
final class EasyTransfer {
    private let request: TransferRequest
    private let progress: @Sendable (TransferProgress) -> Void
    private let cancel: CancelFlag
    private var handle: UnsafeMutableRawPointer?
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
    /// An upload's open file and its size.
    private var upload: (path: String, descriptor: Int32, size: Int64)?
    private var download: DownloadFile?
    /// The headers of the latest response (a `100 Continue` is followed by the real one).
    private var headers: [String: String] = [:]
    private var bytesSent: Int64 = 0
    private var bytesReceived: Int64 = 0
    /// Whether the body goes into the download file: decided at its first byte (nil before).
    private var keepsBody: Bool?
    /// Where the kept body starts in the file.
    private var bodyStart: Int64 = 0
    /// The latest progress libcurl told of, the last one reported, and when that was.
    private var latestProgress = TransferProgress()
    private var reportedProgress = TransferProgress()
    private var reportedAt: ContinuousClock.Instant?
    /// The error a callback stopped the transfer for (it outranks libcurl's code, a mere consequence).
    private var failure: TransportError?

    /// The most redirects an attempt follows, as URLSession: one more fails with `httpTooManyRedirects`.
    static let redirectLimit = 16

    /// The least time between two progress reports: libcurl tells of an upload's progress at every buffer
    /// it sends (2,049 times for 1 GB in 512 KB buffers, measured), far more than anyone watching needs.
    static let progressInterval = Duration.milliseconds(100)
    /// libcurl's receive and send buffers: at 512 KB (the largest receive buffer libcurl 7.88 takes) the
    /// callbacks, reads and writes per megabyte are a 32nd and an 8th of the defaults' (16 KB and 64 KB).
    static let bufferSize = 512 << 10

    /// Performs `request` once on this thread.
    static func run(
        _ request: TransferRequest, progress: @escaping @Sendable (TransferProgress) -> Void, cancel: CancelFlag
    ) -> Result<TransferResponse, TransportError> {
        do throws(TransportError) {
            return .success(try EasyTransfer(request, progress: progress, cancel: cancel).perform())
        } catch {
            return .failure(error)
        }
    }

    /// Checks the URL and opens the files, before libcurl sees anything.
    private init(
        _ request: TransferRequest, progress: @escaping @Sendable (TransferProgress) -> Void, cancel: CancelFlag
    ) throws(TransportError) {
        self.request = request
        self.progress = progress
        self.cancel = cancel
        errorBuffer[0] = 0
        guard TransferRequest.isWebURL(request.url) else {
            throw TransportError(.unsupportedURL, "\(request.url): not an http(s) URL")
        }
        switch request.body {
        case .upload(let path): upload = try Self.openUpload(path)
        case .download(let path, let resume): download = try DownloadFile(destination: path, resume: resume)
        }
    }

    deinit {
        if let handle { system_curl_easy_cleanup(handle) }
        if let headerList { system_curl_slist_free_all(headerList) }
        if let upload { system_close(upload.descriptor) }
        errorBuffer.deallocate()
    }

    private static func openUpload(_ path: String) throws(TransportError) -> (path: String, descriptor: Int32, size: Int64) {
        let descriptor = system_open(path, O_RDONLY)
        guard descriptor >= 0 else {
            let code = errno
            let kind: TransportError.Code = code == ENOENT ? .fileDoesNotExist : code == EACCES ? .noPermissionsToReadFile : .cannotOpenFile
            throw TransportError(kind, "cannot read \(path): \(system_strerror(code))")
        }
        var status = stat()
        guard system_fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            system_close(descriptor)
            throw TransportError(.cannotOpenFile, "cannot read \(path): not a regular file")
        }
        return (path, descriptor, Int64(status.st_size))
    }

    private func perform() throws(TransportError) -> TransferResponse {
        if let unavailable = CurlLibrary.unavailable { throw unavailable }
        guard system_curl_global_init() == CURLE_OK, let handle = system_curl_easy_init() else {
            throw TransportError(.unknown, "libcurl cannot start a transfer (curl_easy_init failed)")
        }
        self.handle = handle
        do throws(CurlError) {
            try configure(handle)
        } catch {
            throw error.transportError(detail: nil)
        }
        let code = system_curl_easy_perform(handle)
        if latestProgress != reportedProgress { report(at: .now) }
        if var failure {
            failure.resume = keptForResume()
            throw failure
        }
        guard code == CURLE_OK else {
            var error = CurlError(code, function: "curl_easy_perform").transportError(detail: String(cString: errorBuffer))
            error.resume = keptForResume()
            throw error
        }
        let status = responseStatus()
        if let download, (200..<300).contains(status) {
            if keepsBody == nil, let error = startBody(status: status) { throw error }  // an empty body
            try download.finish()
        } else {
            _ = keptForResume()
        }
        return TransferResponse(
            status: status, headers: headers, bytesSent: bytesSent, bytesReceived: bytesReceived,
            resumedFrom: keepsBody == true ? bodyStart : 0)
    }

    /// Where a download that did not complete can carry on: the bytes kept, with the validator of the
    /// answer they came from (this one's when it sent them, the request's when they are older). Without
    /// one, the partial file is of no use and is removed.
    private func keptForResume() -> ResumePoint? {
        guard let download, case .download(_, let earlier) = request.body else { return nil }
        let sentNow = keepsBody == true ? headers["etag"] ?? headers["last-modified"] : nil
        let validator = sentNow ?? (keepsBody == true && bodyStart == 0 ? nil : earlier?.validator)
        let point = download.resumePoint(validator: validator)
        if point == nil { download.discard() }
        return point
    }

    private func configure(_ handle: UnsafeMutableRawPointer) throws(CurlError) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        let seconds = Int(request.timeout.components.seconds) + (request.timeout.components.attoseconds > 0 ? 1 : 0)
        try curlCheck(system_curl_easy_setopt(handle, CURLOPT_URL, request.url), "curl_easy_setopt")
        try curlCheck(system_curl_easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https"), "curl_easy_setopt")
        // A background URLSession follows redirects itself (its delegate is not asked), up to 16 of them, and
        // never to anything but http(s).
        try curlCheck(system_curl_easy_setopt(handle, CURLOPT_FOLLOWLOCATION, 1), "curl_easy_setopt")
        try curlCheck(system_curl_easy_setopt(handle, CURLOPT_MAXREDIRS, Self.redirectLimit), "curl_easy_setopt")
        try curlCheck(system_curl_easy_setopt(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"), "curl_easy_setopt")
        try curlCheck(system_curl_easy_setopt(handle, CURLOPT_NOSIGNAL, 1), "curl_easy_setopt")
        try curlCheck(system_curl_easy_setopt(handle, CURLOPT_BUFFERSIZE, Self.bufferSize), "curl_easy_setopt")
        try curlCheck(system_curl_easy_setopt(handle, CURLOPT_UPLOAD_BUFFERSIZE, Self.bufferSize), "curl_easy_setopt")
        try curlCheck(system_curl_easy_setopt(handle, CURLOPT_ERRORBUFFER, UnsafeMutableRawPointer(errorBuffer)), "curl_easy_setopt")
        // timeoutIntervalForRequest is an idle timeout: no connection, or under a byte a second, for that long.
        try curlCheck(system_curl_easy_setopt(handle, CURLOPT_CONNECTTIMEOUT, max(1, seconds)), "curl_easy_setopt")
        try curlCheck(system_curl_easy_setopt(handle, CURLOPT_LOW_SPEED_LIMIT, 1), "curl_easy_setopt")
        try curlCheck(system_curl_easy_setopt(handle, CURLOPT_LOW_SPEED_TIME, max(1, seconds)), "curl_easy_setopt")
        try curlCheck(system_curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, { buffer, size, count, context in
            Unmanaged<EasyTransfer>.fromOpaque(context!).takeUnretainedValue().headerLine(buffer!, size * count)
        }), "curl_easy_setopt")
        try curlCheck(system_curl_easy_setopt(handle, CURLOPT_HEADERDATA, context), "curl_easy_setopt")
        try curlCheck(system_curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, { buffer, size, count, context in
            Unmanaged<EasyTransfer>.fromOpaque(context!).takeUnretainedValue().received(buffer!, size * count)
        }), "curl_easy_setopt")
        try curlCheck(system_curl_easy_setopt(handle, CURLOPT_WRITEDATA, context), "curl_easy_setopt")
        try curlCheck(system_curl_easy_setopt(handle, progress: { context, downloadTotal, downloaded, uploadTotal, uploaded in
            Unmanaged<EasyTransfer>.fromOpaque(context!).takeUnretainedValue()
                .moved(sent: uploaded, toSend: uploadTotal, received: downloaded, toReceive: downloadTotal)
        }), "curl_easy_setopt")
        try curlCheck(system_curl_easy_setopt(handle, CURLOPT_XFERINFODATA, context), "curl_easy_setopt")
        try curlCheck(system_curl_easy_setopt(handle, CURLOPT_NOPROGRESS, 0), "curl_easy_setopt")
        try configureBody(handle, context: context)
        // An empty `Expect:` stops libcurl waiting for a `100 Continue` that a plain server never sends.
        var lines = ["Expect:"] + request.headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        if let download, download.requestedOffset > 0, case .download(_, let resume?) = request.body {
            lines += ["Range: bytes=\(download.requestedOffset)-", "If-Range: \(resume.validator)"]
        }
        for line in lines { headerList = system_curl_slist_append(headerList, line) }
        try curlCheck(system_curl_easy_setopt(handle, CURLOPT_HTTPHEADER, headerList), "curl_easy_setopt")
    }

    private func configureBody(_ handle: UnsafeMutableRawPointer, context: UnsafeMutableRawPointer) throws(CurlError) {
        guard let upload else {
            if request.method != "GET" {
                try curlCheck(system_curl_easy_setopt(handle, CURLOPT_CUSTOMREQUEST, request.method), "curl_easy_setopt")
            }
            return
        }
        if request.method == "POST" {
            try curlCheck(system_curl_easy_setopt(handle, CURLOPT_POST, 1), "curl_easy_setopt")
            try curlCheck(system_curl_easy_setopt(handle, CURLOPT_POSTFIELDSIZE_LARGE, size: upload.size), "curl_easy_setopt")
        } else {
            try curlCheck(system_curl_easy_setopt(handle, CURLOPT_UPLOAD, 1), "curl_easy_setopt")
            try curlCheck(system_curl_easy_setopt(handle, CURLOPT_INFILESIZE_LARGE, size: upload.size), "curl_easy_setopt")
            if request.method != "PUT" {
                try curlCheck(system_curl_easy_setopt(handle, CURLOPT_CUSTOMREQUEST, request.method), "curl_easy_setopt")
            }
        }
        try curlCheck(system_curl_easy_setopt(handle, CURLOPT_READFUNCTION, { buffer, size, count, context in
            Unmanaged<EasyTransfer>.fromOpaque(context!).takeUnretainedValue().send(into: buffer!, size * count)
        }), "curl_easy_setopt")
        try curlCheck(system_curl_easy_setopt(handle, CURLOPT_READDATA, context), "curl_easy_setopt")
        // A 307 or 308 sends the body again to the new location: libcurl rewinds the file through this.
        try curlCheck(system_curl_easy_setopt(handle, seek: { context, offset, origin in
            Unmanaged<EasyTransfer>.fromOpaque(context!).takeUnretainedValue().rewind(to: Int64(offset), origin: origin)
        }), "curl_easy_setopt")
        try curlCheck(system_curl_easy_setopt(handle, CURLOPT_SEEKDATA, context), "curl_easy_setopt")
    }

    // MARK: libcurl's callbacks

    /// One header line ("HTTP/1.1 200 OK" starts a response's headers anew).
    private func headerLine(_ buffer: UnsafeMutablePointer<CChar>, _ count: Int) -> Int {
        let line = String(decoding: UnsafeRawBufferPointer(start: buffer, count: count), as: UTF8.self)
        if line.hasPrefix("HTTP/") {
            headers = [:]
        } else if let colon = line.firstIndex(of: ":") {
            let value = line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
            headers[line[..<colon].lowercased()] = String(value.reversed().drop { $0.isWhitespace }.reversed())
        }
        return count
    }

    /// Body bytes: into the download file for a 2xx answer to a download, counted and dropped otherwise.
    /// Returning less than `count` makes libcurl stop with CURLE_WRITE_ERROR (then `failure` says why).
    private func received(_ buffer: UnsafeMutablePointer<CChar>, _ count: Int) -> Int {
        if keepsBody == nil { failure = startBody(status: responseStatus()) }
        guard failure == nil else { return 0 }
        bytesReceived += Int64(count)
        guard keepsBody == true, let download else { return count }
        failure = download.write(buffer, count)
        return failure == nil ? count : 0
    }

    /// Decides where the body goes, from the status and `Content-Range`.
    private func startBody(status: Int) -> TransportError? {
        guard let download, (200..<300).contains(status) else {
            keepsBody = false
            return nil
        }
        keepsBody = true
        bodyStart = status == 206 ? Self.rangeStart(headers["content-range"]) ?? -1 : 0
        return download.begin(at: bodyStart)
    }

    /// The first byte of `bytes 100-999/1000`.
    private static func rangeStart(_ contentRange: String?) -> Int64? {
        guard let contentRange, contentRange.hasPrefix("bytes ") else { return nil }
        return Int64(contentRange.dropFirst(6).prefix { $0 != "-" })
    }

    /// Fills libcurl's buffer from the upload file.
    private func send(into buffer: UnsafeMutablePointer<CChar>, _ count: Int) -> Int {
        guard let upload else { return 0 }
        let read = system_read(upload.descriptor, buffer, count)
        guard read >= 0 else {
            failure = TransportError(.cannotOpenFile, "cannot read \(upload.path): \(system_strerror(errno))")
            return Int(CURL_READFUNC_ABORT)
        }
        bytesSent += Int64(read)
        return read
    }

    /// Moves the upload file back to `offset` (from its start: libcurl rewinds to 0 before sending the body
    /// again); the bytes sent count from there.
    private func rewind(to offset: Int64, origin: Int32) -> Int32 {
        guard let upload, origin == SEEK_SET, system_lseek(upload.descriptor, offset) == offset else {
            return CURL_SEEKFUNC_CANTSEEK
        }
        bytesSent = offset
        return CURL_SEEKFUNC_OK
    }

    /// Reports progress when it changed, at most every ``progressInterval`` (the attempt's last figure is
    /// reported when it ends); a non-zero return (when cancelled) aborts the transfer.
    private func moved(sent: curl_off_t, toSend: curl_off_t, received: curl_off_t, toReceive: curl_off_t) -> Int32 {
        if cancel.isCancelled {
            failure = TransportError(.cancelled, "\(request.method) \(request.url) cancelled")
            return 1
        }
        let kept = keepsBody == true ? bodyStart : 0
        latestProgress = TransferProgress(
            bytesSent: Int64(sent), bytesExpectedToSend: Int64(toSend),
            bytesReceived: kept + Int64(received), bytesExpectedToReceive: toReceive > 0 ? kept + Int64(toReceive) : 0)
        guard latestProgress != reportedProgress else { return 0 }
        let now = ContinuousClock.now
        if reportedAt.map({ now - $0 >= Self.progressInterval }) ?? true { report(at: now) }
        return 0
    }

    private func report(at instant: ContinuousClock.Instant) {
        reportedProgress = latestProgress
        reportedAt = instant
        progress(latestProgress)
    }

    private func responseStatus() -> Int {
        var status = 0
        guard let handle, system_curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &status) == CURLE_OK else { return 0 }
        return status
    }
}
