public import BackgroundCore

/// Why a payload could not be read, or a push was refused before delivery as APNs or iOS refuses it: one
/// line naming the file (or `-` for standard input), the place (line, column and byte, or key), the
/// problem and what to do.
///
/// ```
/// sync.apns:1:33: byte 32: the text ends where ',' or '}' after the value of 'aps' was expected; fix the JSON there (RFC 8259)
/// sync.apns: apns-push-type: 'background' is for pushes that show nothing, and aps.alert makes this one visible; use apns-push-type alert (pushType: alert)
/// big.apns: the payload is 5000 bytes, more than APNs' 4096; send less and let the app fetch the rest
/// ```
///
/// ``code`` names the rejection in the timeline (`push.rejected`'s `error`, CONTRACTS.md section 6).
public struct PushPayloadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kinds of rejection.
    public enum Code: String, Hashable, Sendable {
        /// More than 4096 bytes (5120 for VoIP).
        case payloadTooLarge
        /// Not JSON, not an object, no `aps`, or an `aps` that does not fit the push type (a background
        /// push without `content-available: 1`, an alert push with nothing to show).
        case badPayload
        /// `apns-priority` other than 10, 5 or 1, or other than 5 for a background push.
        case badPriority
        /// `apns-push-type` that bgkit does not deliver, or one that does not fit the content.
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
