import BackgroundPushes

/// One request to a running app, as `bgtask` writes it on the control socket and `bgloc live --app` reads
/// it (docs/CONTROL.md): a line `VERB BUNDLE ARGUMENT`, and for a push the payload's bytes after it.
///
/// ```
/// simulate-launch com.example.news com.example.news.refresh\n
/// simulate-expiration com.example.news com.example.news.refresh\n
/// push com.example.news 38\n{"aps":{"content-available":1},"n":1}\n
/// ```
/// `BUNDLE` is the app's bundle identifier, or ``anyBundle`` for whichever app listens on the socket. Names
/// are printable ASCII without spaces, at most ``maximumNameLength`` bytes; the push's count is its payload's
/// bytes, at most `PushPayload.maximumSize`. One request per connection.
///
/// ```swift
/// let request = try ControlRequest(bundle: "com.example.news", action: .simulateLaunch("com.example.news.refresh"))
/// ControlRequest.decode(request.encoded)          // .request(request)
/// ControlRequest.decode(Array("push x".utf8))     // .incomplete: no newline yet
/// ```
public struct ControlRequest: Hashable, Sendable {
    /// What the app is asked to do.
    public enum Action: Hashable, Sendable {
        /// Deliver a background push: the bytes of a payload file in `xcrun simctl push`'s format.
        case push([UInt8])
        /// `_simulateLaunchForTaskWithIdentifier:` with the task's identifier.
        case simulateLaunch(String)
        /// `_simulateExpirationForTaskWithIdentifier:` with the task's identifier.
        case simulateExpiration(String)
    }

    /// What ``decode(_:)`` made of the bytes read so far.
    public enum Decoding: Hashable, Sendable {
        /// A whole request.
        case request(ControlRequest)
        /// Not a whole request yet: read on.
        case incomplete
        /// Not a request, whatever follows: the reason, in one line.
        case malformed(String)
    }

    /// The bundle that stands for whichever app listens on the socket (`bgtask … --to SOCKET` without BUNDLE).
    public static let anyBundle = "-"
    /// The longest bundle or task identifier.
    public static let maximumNameLength = 255
    /// The longest request line, its newline included.
    static let maximumLineLength = 1024

    /// The app's bundle identifier, or ``anyBundle``.
    public var bundle: String
    public var action: Action

    /// A request for `bundle`.
    ///
    /// - Throws: ``ControlError/Code/badRequest`` when a name is empty, too long or holds a space or a
    ///   control character, or the payload is larger than `PushPayload.maximumSize`.
    public init(bundle: String, action: Action) throws(ControlError) {
        try Self.check(bundle, "the bundle identifier")
        switch action {
        case .push(let payload) where payload.count > PushPayload.maximumSize:
            throw ControlError(.badRequest, "the payload is \(payload.count) bytes, more than \(PushPayload.maximumSize)")
        case .push: break
        case .simulateLaunch(let identifier), .simulateExpiration(let identifier):
            try Self.check(identifier, "the task identifier")
        }
        self.bundle = bundle
        self.action = action
    }

    /// The request's verb on the wire.
    public var verb: String {
        switch action {
        case .push: "push"
        case .simulateLaunch: "simulate-launch"
        case .simulateExpiration: "simulate-expiration"
        }
    }

    /// The request on the wire.
    public var encoded: [UInt8] {
        switch action {
        case .push(let payload): Array("\(verb) \(bundle) \(payload.count)\n".utf8) + payload
        case .simulateLaunch(let identifier), .simulateExpiration(let identifier): Array("\(verb) \(bundle) \(identifier)\n".utf8)
        }
    }

    /// Reads a request from the first bytes of a connection; bytes after it are ignored.
    public static func decode(_ bytes: [UInt8]) -> Decoding {
        let limit = min(bytes.count, maximumLineLength)
        guard let newline = bytes[..<limit].firstIndex(of: UInt8(ascii: "\n")) else {
            return bytes.count >= maximumLineLength
                ? .malformed("the request line is longer than \(maximumLineLength) bytes") : .incomplete
        }
        let line = bytes[..<newline]
        if let bad = line.firstIndex(where: { $0 < 0x20 || $0 > 0x7E }) {
            return .malformed("the request line has byte \(bytes[bad]) at \(bad); it is printable ASCII")
        }
        let fields = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        guard fields.count == 3 else {
            return .malformed("the request line has \(fields.count) fields; it is VERB BUNDLE ARGUMENT")
        }
        let action: Action
        switch fields[0] {
        case "simulate-launch": action = .simulateLaunch(fields[2])
        case "simulate-expiration": action = .simulateExpiration(fields[2])
        case "push":
            guard fields[2].utf8.count <= 4, fields[2].utf8.allSatisfy({ (0x30...0x39).contains($0) }), let count = Int(fields[2]),
                  count <= PushPayload.maximumSize else {
                return .malformed("the push's length '\(fields[2])' is not a number of bytes up to \(PushPayload.maximumSize)")
            }
            let start = newline + 1
            guard bytes.count - start >= count else { return .incomplete }
            action = .push(Array(bytes[start..<start + count]))
        default:
            return .malformed("unknown request '\(fields[0])'; expected push, simulate-launch or simulate-expiration")
        }
        do {
            return .request(try ControlRequest(bundle: fields[1], action: action))
        } catch {
            return .malformed(error.message)
        }
    }

    private static func check(_ name: String, _ what: String) throws(ControlError) {
        guard !name.isEmpty, name.utf8.count <= maximumNameLength, name.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw ControlError(
                .badRequest, "\(what) '\(name)' cannot be sent: it is 1 to \(maximumNameLength) printable ASCII characters without spaces")
        }
    }
}
