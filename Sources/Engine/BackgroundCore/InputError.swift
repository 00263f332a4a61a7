/// A problem with an input file, said the way a person can act on it: the file, the place, the problem.
///
/// ```
/// walk.gpx:12:7: latitude 91.2 is outside -90...90
/// sync.apns:8:9: byte 181: a comma before '}'; remove the trailing comma (RFC 8259)
/// tour.yaml:8: tasks.refresh.kind: unknown task kind 'refesh' (expected refresh, processing or continued)
/// ```
public struct InputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where in the file the problem is.
    public enum Place: Hashable, Sendable {
        case none
        case line(Int, column: Int? = nil)
        case byte(Int)
        /// A place in a text file given both ways: its line and column (from 1, the column counting
        /// characters) for a person, its byte offset (from 0) for a program.
        case text(line: Int, column: Int, byte: Int)
        case key(String, line: Int? = nil)
    }

    public var file: String
    public var place: Place
    public var message: String

    public init(file: String, place: Place = .none, message: String) {
        self.file = file
        self.place = place
        self.message = message
    }

    public var description: String {
        switch place {
        case .none: "\(file): \(message)"
        case .line(let line, let column?): "\(file):\(line):\(column): \(message)"
        case .line(let line, nil): "\(file):\(line): \(message)"
        case .byte(let offset): "\(file): byte \(offset): \(message)"
        case .text(let line, let column, let offset): "\(file):\(line):\(column): byte \(offset): \(message)"
        case .key(let key, let line?): "\(file):\(line): \(key): \(message)"
        case .key(let key, nil): "\(file): \(key): \(message)"
        }
    }
}
