/// A report could not be written: the file, and what went wrong, as a sentence.
///
/// ```
/// /root/report.html: cannot create the file: Permission denied
/// ```
package struct ReportWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file that was being written.
    package var path: String
    /// What went wrong.
    package var message: String

    package init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    package var description: String { "\(path): \(message)" }
}
