/// A trace could not be written: the file, and what went wrong, as a sentence.
///
/// ```
/// out.gpx: cannot create the file: Permission denied
/// ```
public struct TraceWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}
