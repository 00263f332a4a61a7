import BackgroundCore
public import JSON

/// A push payload, from a file in `xcrun simctl push`'s format or from a value written in the manifest:
/// any JSON object, taken as iOS takes it when it is sent (``PushDelivery``).
///
/// Reading refuses only what is not a payload at all: a file that cannot be read and text that is not a
/// JSON object (strict RFC 8259, its errors at line, column and byte). What APNs or iOS would refuse (no
/// `aps`, more than 4096 bytes, headers that do not fit the content) is decided when the push is sent, by
/// ``PushDelivery``, and recorded as `push.rejected`, as APNs answers a sender.
///
/// A top-level `"Simulator Target Bundle"` string names an app, as `xcrun simctl push` documents (a
/// bundle given on the command line overrides it); it is not part of ``userInfo``, the payload the app
/// receives. Keys beside `aps` are the app's own data and pass through.
///
/// ```swift
/// let push = try PushPayload.read(path: "push/sync.apns")
/// push.targetBundle           // "com.example.news", or nil
/// push.userInfo["action"]     // .string("sync")
///
/// // In a test:
/// #expect(throws: PushPayloadError.self) { try PushPayload(bytes: Array(#"{"aps":{"alert":"hi"},}"#.utf8), file: "t.apns") }
/// ```
public struct PushPayload: Hashable, Sendable {
    /// APNs' limit for every push but VoIP (``PushDelivery/maximumSize``).
    public static let maximumSize = PushDelivery.maximumSize
    /// The most of a file ``read(path:headers:)`` reads: far above any push APNs takes (4 or 5 KB), so
    /// that a payload a little too large is still read and refused when sent.
    public static let readLimit = 65536
    /// The top-level key of a `simctl push` file that names the app it goes to.
    public static let targetBundleKey = "Simulator Target Bundle"

    /// The payload as the app receives it: the top-level object without ``targetBundleKey``.
    public var userInfo: JSONValue
    /// The bundle named by the file's ``targetBundleKey``, if any.
    public var targetBundle: String?
    /// The payload's size in bytes, as counted against APNs' limit.
    public var size: Int
    public var headers: PushHeaders
    /// The file (or `-`, or the manifest's place) that names the payload in errors.
    public var file: String

    /// Reads the bytes of a payload file; `file` names it in errors (`-` for standard input).
    ///
    /// - Throws: ``PushPayloadError/Code/badPayload`` when the bytes are not a JSON object.
    public init(bytes: [UInt8], file: String, headers: PushHeaders = PushHeaders()) throws(PushPayloadError) {
        let value: JSONValue
        do throws(InputError) {
            value = try JSONValue(parsing: bytes, file: file)
        } catch {
            throw PushPayloadError(.badPayload, error)
        }
        try self.init(value: value, size: bytes.count, file: file, headers: headers)
    }

    /// A payload written as a value (the manifest's `payload: {aps: …}`); its size is that of its compact
    /// JSON text.
    ///
    /// - Throws: ``PushPayloadError/Code/badPayload`` when the value is not an object.
    public init(value: JSONValue, file: String, headers: PushHeaders = PushHeaders()) throws(PushPayloadError) {
        try self.init(value: value, size: value.jsonText.utf8.count, file: file, headers: headers)
    }

    /// Reads a payload file, or standard input when `path` is `-`.
    ///
    /// - Throws: ``PushPayloadError``: ``PushPayloadError/Code/badPayload`` for a file that cannot be read
    ///   (with the system's reason) or is not a JSON object, ``PushPayloadError/Code/payloadTooLarge`` for
    ///   one over ``readLimit``.
    public static func read(path: String, headers: PushHeaders = PushHeaders()) throws(PushPayloadError) -> PushPayload {
        let bytes: [UInt8]
        do {
            bytes = try WholeFile.read(path, limit: readLimit, dashIsStandardInput: true)
        } catch {
            let reason: String
            switch error {
            case .tooLarge(let size):
                let amount = size.map { "\($0) bytes" } ?? "more than \(readLimit) bytes"
                throw PushPayloadError(.payloadTooLarge, InputError(
                    file: path, message: "the file is \(amount), not a push payload (APNs takes at most \(maximumSize) bytes, 5120 for VoIP)"))
            case .directory: reason = "a directory, not a payload file"
            case .missing: reason = Errno.noSuchFileOrDirectory.description
            case .unreadable(let errno): reason = errno.description
            }
            throw PushPayloadError(.badPayload, InputError(file: path, message: "cannot be read (\(reason)); check the path"))
        }
        return try PushPayload(bytes: bytes, file: path, headers: headers)
    }

    private init(value: JSONValue, size: Int, file: String, headers: PushHeaders) throws(PushPayloadError) {
        guard case .object(var members) = value else {
            throw PushPayloadError(.badPayload, InputError(
                file: file, message: "the payload is not a JSON object; write it as {\"aps\": {\"content-available\": 1}}"))
        }
        // A target bundle that is not a non-empty string names no app; simctl's key is dropped all the same.
        if let index = members.firstIndex(where: { $0.key == Self.targetBundleKey }) {
            if case .string(let name) = members[index].value, !name.isEmpty { targetBundle = name }
            members.remove(at: index)
        }
        self.userInfo = .object(members)
        self.size = size
        self.headers = headers
        self.file = file
    }
}
