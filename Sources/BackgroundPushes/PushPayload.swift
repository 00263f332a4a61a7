public import BackgroundCore
public import JSON

/// A background (silent) push, validated as APNs and iOS validate it, from a payload file in
/// `xcrun simctl push`'s format or from a value written in the manifest.
///
/// The rules (sources in docs/PUSH.md):
/// - at most ``maximumSize`` (4096) bytes — `simctl push` and APNs both refuse more (``PushPayloadError/Code/payloadTooLarge``);
/// - strict JSON whose top level is an object holding `aps` (``PushPayloadError/Code/badPayload``);
/// - `apns-push-type: background` (``PushPayloadError/Code/badPushType``);
/// - `aps` holding only `"content-available": 1`: `alert`, `sound`, `badge` or any other `aps` key is
///   ``PushPayloadError/Code/badPayload``, naming the key;
/// - `apns-priority: 5`; 10 with `content-available` alone is ``PushPayloadError/Code/badPriority``.
///
/// A top-level `"Simulator Target Bundle"` string selects the app, as `xcrun simctl push` documents (a
/// bundle given on the command line overrides it); it is not part of ``userInfo``, the payload the app
/// receives. Keys beside `aps` are the app's own data and pass through.
///
/// ```swift
/// let push = try PushPayload.read(path: "push/sync.apns")
/// push.targetBundle           // "com.example.news", or nil
/// push.userInfo["action"]     // .string("sync")
///
/// // In a test:
/// #expect(throws: PushPayloadError.self) { try PushPayload(bytes: Array(#"{"aps":{"alert":"hi"}}"#.utf8), file: "t.apns") }
/// ```
public struct PushPayload: Hashable, Sendable {
    /// APNs' limit for every push but VoIP, and `xcrun simctl push`'s.
    public static let maximumSize = 4096
    /// The top-level key of a `simctl push` file that names the app it goes to.
    public static let targetBundleKey = "Simulator Target Bundle"

    /// The payload as the app receives it: the top-level object without ``targetBundleKey``.
    public var userInfo: JSONValue
    /// The bundle named by the file's ``targetBundleKey``, if any.
    public var targetBundle: String?
    /// The payload's size in bytes, as counted against ``maximumSize``.
    public var size: Int
    public var headers: PushHeaders

    /// Validates the bytes of a payload file; `file` names it in errors (`-` for standard input).
    ///
    /// - Throws: ``PushPayloadError``, the first rule broken.
    public init(bytes: [UInt8], file: String, headers: PushHeaders = PushHeaders()) throws(PushPayloadError) {
        guard bytes.count <= Self.maximumSize else { throw Self.tooLarge(bytes.count, file: file) }
        let value: JSONValue
        do throws(InputError) {
            value = try JSONValue(parsing: bytes, file: file)
        } catch {
            throw PushPayloadError(.badPayload, error)
        }
        try self.init(value: value, size: bytes.count, file: file, headers: headers)
    }

    /// Validates a payload written as a value (the manifest's `payload: {aps: …}`); its size is that of its
    /// compact JSON text.
    public init(value: JSONValue, file: String, headers: PushHeaders = PushHeaders()) throws(PushPayloadError) {
        let size = value.jsonText.utf8.count
        guard size <= Self.maximumSize else { throw Self.tooLarge(size, file: file) }
        try self.init(value: value, size: size, file: file, headers: headers)
    }

    /// Reads and validates a payload file, or standard input when `path` is `-`.
    ///
    /// - Throws: ``PushPayloadError``; a file that cannot be read is ``PushPayloadError/Code/badPayload``
    ///   with the system's reason.
    public static func read(path: String, headers: PushHeaders = PushHeaders()) throws(PushPayloadError) -> PushPayload {
        let bytes: [UInt8]
        do {
            bytes = try WholeFile.read(path, limit: maximumSize, dashIsStandardInput: true)
        } catch {
            let reason: String
            switch error {
            case .tooLarge(let size): throw tooLarge(size ?? maximumSize, exact: size != nil, file: path)
            case .directory: reason = "a directory, not a payload file"
            case .missing: reason = Errno.noSuchFileOrDirectory.description
            case .unreadable(let errno): reason = errno.description
            }
            throw PushPayloadError(.badPayload, InputError(file: path, message: "cannot be read (\(reason)); check the path"))
        }
        return try PushPayload(bytes: bytes, file: path, headers: headers)
    }

    private init(value: JSONValue, size: Int, file: String, headers: PushHeaders) throws(PushPayloadError) {
        func fail(_ code: PushPayloadError.Code, _ key: String?, _ message: String) -> PushPayloadError {
            PushPayloadError(code, InputError(file: file, place: key.map { .key($0) } ?? .none, message: message))
        }
        guard case .object(var members) = value else {
            throw fail(.badPayload, nil, "the payload is not a JSON object; write it as {\"aps\": {\"content-available\": 1}}")
        }
        var bundle: String?
        if let index = members.firstIndex(where: { $0.key == Self.targetBundleKey }) {
            guard case .string(let name) = members[index].value, !name.isEmpty else {
                throw fail(.badPayload, Self.targetBundleKey, "must be the app's bundle identifier, a non-empty string")
            }
            bundle = name
            members.remove(at: index)
        }
        guard headers.pushType == "background" else {
            throw fail(.badPushType, "apns-push-type", "'\(headers.pushType)' is not a background push; use apns-push-type background (pushType: background)")
        }
        guard case .object(let aps)? = value["aps"] else {
            let problem = value["aps"] == nil ? "the payload has no 'aps' key" : "'aps' is not an object"
            throw fail(.badPayload, value["aps"] == nil ? nil : "aps", "\(problem); a background push holds \"aps\": {\"content-available\": 1}")
        }
        for member in aps where member.key != "content-available" {
            let why = ["alert", "sound", "badge"].contains(member.key)
                ? "'\(member.key)' makes it a visible notification" : "'\(member.key)' has no place in one"
            throw fail(.badPayload, "aps.\(member.key)",
                       "a background push holds only \"content-available\": 1 in aps, and \(why); remove it, or put app data beside aps")
        }
        guard value["aps"]?["content-available"] == .number(1) else {
            let found = value["aps"]?["content-available"].map { "is \($0.jsonText)" } ?? "is missing"
            throw fail(.badPayload, "aps.content-available", "\(found); a background push needs \"content-available\": 1")
        }
        guard headers.priority == 5 else {
            let why = headers.priority == 10 ? "10 is for pushes that alert, sound or badge, an error with content-available alone"
                : headers.priority == 1 ? "1 never wakes the app" : "\(headers.priority) is not an APNs priority"
            throw fail(.badPriority, "apns-priority", "\(why); use apns-priority 5 (priority: 5)")
        }
        self.userInfo = .object(members)
        self.targetBundle = bundle
        self.size = size
        self.headers = headers
    }

    /// `size` is the payload's size when `exact`, otherwise only known to be above the limit (a pipe).
    private static func tooLarge(_ size: Int, exact: Bool = true, file: String) -> PushPayloadError {
        let amount = exact ? "\(size) bytes, more than APNs' \(maximumSize)" : "more than APNs' \(maximumSize) bytes"
        return PushPayloadError(.payloadTooLarge, InputError(
            file: file, message: "the payload is \(amount); send less and let the app fetch the rest"))
    }
}
