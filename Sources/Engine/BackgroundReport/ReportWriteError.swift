/// A report could not be written: the file, and what went wrong, as a sentence.
///
/// ```
/// /root/report.html: cannot create the file: Permission denied
/// ```
public struct ReportWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file that was being written.
    public var path: String
    /// What went wrong.
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}
