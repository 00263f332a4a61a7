/// A problem with an input file, said the way a person can act on it: the file, the place, the problem.
///
/// ```
/// walk.gpx:12:7: latitude 91.2 is outside -90...90
/// tour.yaml:8: tasks.refresh.kind: unknown task kind 'refesh' (expected refresh, processing or continued)
/// ```
public struct InputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where in the file the problem is.
    public enum Place: Hashable, Sendable {
        case none
        case line(Int, column: Int? = nil)
        case byte(Int)
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
        case .key(let key, let line?): "\(file):\(line): \(key): \(message)"
        case .key(let key, nil): "\(file): \(key): \(message)"
        }
    }
}
