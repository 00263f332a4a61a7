/// One transfer as the transport sees it: a method, a URL, headers, and the file the bytes come from
/// (an upload) or go to (a download).
public struct TransferRequest: Hashable, Sendable {
    /// Where the body comes from or goes to.
    public enum Body: Hashable, Sendable {
        /// Uploads the file at this path (its bytes as they are when the attempt starts).
        case upload(file: String)
        /// Downloads into the file at this path; it appears there only when complete. `resume`, from an
        /// earlier attempt that failed, asks the server for the rest only (`Range` and `If-Range`).
        case download(file: String, resume: ResumePoint?)
    }

    /// The HTTP method: `PUT` or `POST` for uploads, `GET` for downloads.
    public var method: String
    /// An `http` or `https` URL.
    public var url: String
    /// Extra request headers, sent in the order of their names.
    public var headers: [String: String]
    public var body: Body
    /// How long the attempt may go without moving a byte (URLSession's `timeoutIntervalForRequest`): then
    /// it fails with ``TransportError/Code/timedOut``.
    public var timeout: Duration

    public init(method: String, url: String, headers: [String: String] = [:], body: Body, timeout: Duration = .seconds(60)) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }

    /// A `PUT` (or `method`) of the file at `file` to `url`.
    public static func upload(_ file: String, to url: String, method: String = "PUT") -> TransferRequest {
        TransferRequest(method: method, url: url, body: .upload(file: file))
    }

    /// Whether `url` is one that background sessions and the transport take: `http://` or `https://`, the
    /// scheme in any case (a URL's scheme is case-insensitive, RFC 3986 §3.1). The session, the transport
    /// and the state database's rows all check with this.
    public static func isWebURL(_ url: String) -> Bool {
        let start = url.prefix(8).lowercased()
        return start.hasPrefix("http://") || start.hasPrefix("https://")
    }

    /// A `GET` of `url` into the file at `file`, resuming from `resume` when given.
    public static func download(from url: String, to file: String, resume: ResumePoint? = nil) -> TransferRequest {
        TransferRequest(method: "GET", url: url, body: .download(file: file, resume: resume))
    }
}
