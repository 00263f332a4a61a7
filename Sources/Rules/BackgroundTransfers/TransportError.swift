/// Why an attempt failed before the server's answer was complete: a `URLError` code, a one-line detail
/// naming what failed, and where a download could resume.
public struct TransportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// URLError's names for the failures a transport meets.
    public enum Code: String, Hashable, Sendable {
        case badURL, unsupportedURL, cannotFindHost, cannotConnectToHost, timedOut, networkConnectionLost
        case secureConnectionFailed, serverCertificateUntrusted, cancelled, badServerResponse, httpTooManyRedirects
        case fileDoesNotExist, noPermissionsToReadFile, cannotOpenFile, cannotCreateFile, cannotWriteToFile
        case cannotMoveFile, unknown
    }

    public var code: Code
    /// What failed, in one line: "cannot connect to 127.0.0.1 port 9: Connection refused".
    public var detail: String
    /// For a download that had started writing: what a later attempt can resume from.
    public var resume: ResumePoint?

    public init(_ code: Code, _ detail: String, resume: ResumePoint? = nil) {
        self.code = code
        self.detail = detail
        self.resume = resume
    }

    public var description: String { "\(code.rawValue): \(detail)" }
}
