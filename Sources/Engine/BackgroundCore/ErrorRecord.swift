/// `error`: a problem any module reports — a bad line of a trace, a failed command, an audio device gone —
/// with a short machine-readable code where there is one.
public struct ErrorRecord: TimelineRecord {
    public var message: String
    public var code: String?

    public init(message: String, code: String?) {
        self.message = message
        self.code = code
    }

    public var name: String { "error" }

    public func write(to json: inout JSONObjectWriter) {
        json.field("message", string: message)
        if let code { json.field("code", string: code) }
    }

    public var textDetail: String { code.map { "\(message) [\($0)]" } ?? message }

    public var drawing: TimelineDrawing { .markerAtLastPosition }
}

extension TimelineRecord where Self == ErrorRecord {
    /// An `error` record.
    public static func error(message: String, code: String?) -> Self { ErrorRecord(message: message, code: code) }
}
