/// One request to a running app, as `bgtask` writes it on the control socket and `bgloc live --app` reads
/// it (docs/CONTROL.md): a line `VERB BUNDLE ARGUMENT`, and for a verb that carries bytes (a push) the
/// bytes after it, their count being the line's argument.
///
/// ```
/// simulate-launch com.example.news com.example.news.refresh\n
/// simulate-expiration com.example.news com.example.news.refresh\n
/// push com.example.news 38\n{"aps":{"content-available":1},"n":1}\n
/// ```
/// The verbs are the app's: each background mode brings its own (`EmulatedApp.controlVerbs`), so decoding
/// is given the verbs the server knows and the ``Shape`` of each one's argument. `BUNDLE` is the app's
/// bundle identifier, or ``anyBundle`` for whichever app listens on the socket. Verbs and names are
/// printable ASCII without spaces, at most ``maximumNameLength`` bytes; bytes are at most
/// ``maximumPayloadSize``. One request per connection.
///
/// ```swift
/// let request = try ControlRequest(verb: "simulate-launch", bundle: "com.example.news", argument: .name("com.example.news.refresh"))
/// ControlRequest.decode(request.encoded, verbs: ["simulate-launch": .name])   // .request(request)
/// ControlRequest.decode(Array("push x".utf8), verbs: ["push": .payload])       // .incomplete: no newline yet
/// ```
public struct ControlRequest: Hashable, Sendable {
    /// What follows the verb and the bundle.
    public enum Argument: Hashable, Sendable {
        /// One name, such as a task's identifier.
        case name(String)
        /// Bytes, such as a push's payload file in `xcrun simctl push`'s format.
        case payload([UInt8])
    }

    /// The shape of a verb's argument, which decoding needs to know.
    public enum Shape: Hashable, Sendable {
        case name, payload
    }

    /// What ``decode(_:verbs:)`` made of the bytes read so far.
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
    /// The longest verb, bundle or name.
    public static let maximumNameLength = 255
    /// The most bytes a request carries: APNs' limit on a background push's payload.
    public static let maximumPayloadSize = 4096
    /// The longest request line, its newline included.
    static let maximumLineLength = 1024

    /// What the app is asked to do (`push`, `simulate-launch`…).
    public var verb: String
    /// The app's bundle identifier, or ``anyBundle``.
    public var bundle: String
    public var argument: Argument

    /// A request for `bundle`.
    ///
    /// - Throws: ``ControlError/Code/badRequest`` when the verb or a name is empty, too long or holds a space
    ///   or a control character, or the payload is larger than ``maximumPayloadSize``.
    public init(verb: String, bundle: String, argument: Argument) throws(ControlError) {
        try Self.check(verb, "the verb")
        try Self.check(bundle, "the bundle identifier")
        switch argument {
        case .payload(let payload) where payload.count > Self.maximumPayloadSize:
            throw ControlError(.badRequest, "the payload is \(payload.count) bytes, more than \(Self.maximumPayloadSize)")
        case .payload: break
        case .name(let name): try Self.check(name, "the name")
        }
        self.verb = verb
        self.bundle = bundle
        self.argument = argument
    }

    /// The request on the wire.
    public var encoded: [UInt8] {
        switch argument {
        case .payload(let payload): Array("\(verb) \(bundle) \(payload.count)\n".utf8) + payload
        case .name(let name): Array("\(verb) \(bundle) \(name)\n".utf8)
        }
    }

    /// Reads a request from the first bytes of a connection, knowing `verbs` and their arguments' shapes;
    /// bytes after it are ignored.
    public static func decode(_ bytes: [UInt8], verbs: [String: Shape]) -> Decoding {
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
        let argument: Argument
        switch verbs[fields[0]] {
        case .name?: argument = .name(fields[2])
        case .payload?:
            guard fields[2].utf8.count <= 4, fields[2].utf8.allSatisfy({ (0x30...0x39).contains($0) }), let count = Int(fields[2]),
                  count <= maximumPayloadSize else {
                return .malformed("the \(fields[0])'s length '\(fields[2])' is not a number of bytes up to \(maximumPayloadSize)")
            }
            let start = newline + 1
            guard bytes.count - start >= count else { return .incomplete }
            argument = .payload(Array(bytes[start..<start + count]))
        case nil:
            let known = verbs.keys.sorted()
            let expected = known.count > 1 ? known.dropLast().joined(separator: ", ") + " or " + known.last! : known.first ?? "nothing"
            return .malformed("unknown request '\(fields[0])'; expected \(expected)")
        }
        do {
            return .request(try ControlRequest(verb: fields[0], bundle: fields[1], argument: argument))
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
