/// A completed attempt: the server answered, whatever its status.
///
/// A download's file is at its destination only when the status is 2xx; the body of any other answer is
/// counted but not kept, and a partial file from before stays for a later resume.
public struct TransferResponse: Hashable, Sendable {
    /// The HTTP status (200, 206, 404, 503, …).
    public var status: Int
    /// The response's headers, names in lower case (the last one wins when a name repeats).
    public var headers: [String: String]
    /// The body bytes sent by this attempt.
    public var bytesSent: Int64
    /// The body bytes received by this attempt (without those kept from an earlier one).
    public var bytesReceived: Int64
    /// Where a download's bytes started: the resume offset when the server sent the rest (206), 0 when it
    /// sent the whole file.
    public var resumedFrom: Int64

    public init(status: Int, headers: [String: String] = [:], bytesSent: Int64 = 0, bytesReceived: Int64 = 0, resumedFrom: Int64 = 0) {
        self.status = status
        self.headers = headers
        self.bytesSent = bytesSent
        self.bytesReceived = bytesReceived
        self.resumedFrom = resumedFrom
    }

    /// The validator a later download can resume with: the `ETag`, or else `Last-Modified`.
    public var validator: String? { headers["etag"] ?? headers["last-modified"] }
}
