public import BackgroundCore

/// Why a push was refused before delivery, as APNs or iOS refuses it: one line naming the file (or `-`
/// for standard input), the byte or key, the problem and what to do.
///
/// ```
/// sync.apns: byte 32: the text ends where ',' or '}' after the value of 'aps' was expected; fix the JSON there (RFC 8259)
/// sync.apns: aps.alert: a background push holds only "content-available": 1 in aps, and 'alert' makes it a visible notification; remove it, or put app data beside aps
/// big.apns: the payload is 5120 bytes, more than APNs' 4096; send less and let the app fetch the rest
/// ```
///
/// ``code`` names the rejection in the timeline (`push.rejected`'s `error`, CONTRACTS.md section 6).
public struct PushPayloadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kinds of rejection.
    public enum Code: String, Hashable, Sendable {
        /// More than 4096 bytes.
        case payloadTooLarge
        /// Not JSON, not an object, no `aps`, or `aps` holding more or less than `content-available: 1`.
        case badPayload
        /// `apns-priority` other than 5.
        case badPriority
        /// `apns-push-type` other than `background`.
        case badPushType
    }

    public var code: Code
    /// The file, the place and the message.
    public var input: InputError

    public init(_ code: Code, _ input: InputError) {
        self.code = code
        self.input = input
    }

    public var description: String { input.description }
}
