import BackgroundCore
import JSON

/// What iOS does with a push that APNs accepts: show a notification, wake (or launch) the app, or both;
/// the answer of APNs' and iOS's rules for a payload and its headers.
///
/// The rules, in order (sources in docs/PUSH.md and docs/IOS-RULES.md):
/// - `apns-push-type` is `alert`, `background` or `voip` (unset: `alert` when `aps` has `alert`, `sound`
///   or `badge`, otherwise `background`); another is ``PushPayloadError/Code/badPushType``;
/// - at most 4096 bytes, 5120 for VoIP (``PushPayloadError/Code/payloadTooLarge``);
/// - an `aps` object (``PushPayloadError/Code/badPayload``); every key in it is accepted
///   (`mutable-content`, `thread-id`, `category`, `interruption-level`, …);
/// - `alert`: `aps` has `alert`, `sound` or `badge` (a notification shown); with `"content-available": 1`
///   it also wakes the app. `background`: `"content-available": 1` and none of those three;
///   `voip`: anything in `aps`, it launches the app through PushKit and shows nothing itself;
/// - `apns-priority` 10, 5 or 1 (unset: 5 for `background`, 10 otherwise); `background` only with 5
///   (``PushPayloadError/Code/badPriority``).
///
/// ```swift
/// let push = try PushPayload.read(path: "alert.apns")       // {"aps":{"alert":"Hi","content-available":1}}
/// let delivery = try PushDelivery(payload: push, headers: PushHeaders())
/// delivery.displaysNotification   // true
/// delivery.wakesApp               // true
/// delivery.pushType               // .alert, priority 10
/// ```
public struct PushDelivery: Hashable, Sendable {
    /// The `apns-push-type`s bgkit delivers.
    public enum PushType: String, Hashable, Sendable, CaseIterable {
        /// A notification the user sees (alert, sound or badge), which may also wake the app.
        case alert
        /// A background (silent) push: `content-available: 1` alone.
        case background
        /// A PushKit VoIP push: launches the app, which must report an incoming call.
        case voip
    }

    /// APNs' limit for every push but VoIP, and `xcrun simctl push`'s.
    public static let maximumSize = 4096
    /// APNs' limit for a VoIP push.
    public static let maximumVoIPSize = 5120

    public var pushType: PushType
    public var priority: Int
    /// The notification is shown to the user (`push.displayed`).
    public var displaysNotification: Bool
    /// The app is woken or launched in the background to handle the push.
    public var wakesApp: Bool

    /// Applies the rules to `payload` sent with `headers`.
    ///
    /// - Throws: ``PushPayloadError``, the first rule broken, as APNs answers a sender.
    public init(payload: PushPayload, headers: PushHeaders) throws(PushPayloadError) {
        func fail(_ code: PushPayloadError.Code, _ key: String?, _ message: String) -> PushPayloadError {
            PushPayloadError(code, InputError(file: payload.file, place: key.map { .key($0) } ?? .none, message: message))
        }
        guard case .object(let aps)? = payload.userInfo["aps"] else {
            let missing = payload.userInfo["aps"] == nil
            throw fail(.badPayload, missing ? nil : "aps", (missing ? "the payload has no 'aps' key" : "'aps' is not an object")
                + #"; APNs delivers only payloads with an aps object, such as "aps": {"content-available": 1}"#)
        }
        let shows = aps.contains { ["alert", "sound", "badge"].contains($0.key) }
        let wakes = payload.userInfo["aps"]?["content-available"] == .number(1)
        let typeName = headers.pushType ?? (shows ? "alert" : "background")
        guard let type = PushType(rawValue: typeName) else {
            throw fail(.badPushType, "apns-push-type", "'\(typeName)' is not a push type bgkit delivers; use alert, background or voip")
        }
        let limit = type == .voip ? Self.maximumVoIPSize : Self.maximumSize
        guard payload.size <= limit else {
            throw fail(.payloadTooLarge, nil, "the payload is \(payload.size) bytes, more than APNs' \(limit); send less and let the app fetch the rest")
        }
        switch type {
        case .alert where !shows:
            throw wakes ? fail(.badPushType, "apns-push-type", "'alert' is for notifications that alert, sound or badge; use apns-push-type background (pushType: background) for content-available alone")
                : fail(.badPayload, "aps", "has no alert, sound or badge to show; add one, or send \"content-available\": 1 as a background push")
        case .background where shows:
            let key = aps.first { ["alert", "sound", "badge"].contains($0.key) }?.key ?? "alert"
            throw fail(.badPushType, "apns-push-type", "'background' is for pushes that show nothing, and aps.\(key) makes this one visible; use apns-push-type alert (pushType: alert)")
        case .background where !wakes:
            let found = payload.userInfo["aps"]?["content-available"].map { "is \($0.jsonText)" } ?? "is missing"
            throw fail(.badPayload, "aps.content-available", "\(found); a background push needs \"content-available\": 1")
        default: break
        }
        let priority = headers.priority ?? (type == .background ? 5 : 10)
        guard [1, 5, 10].contains(priority) else {
            throw fail(.badPriority, "apns-priority", "\(priority) is not an APNs priority (10, 5 or 1)")
        }
        if type == .background, priority != 5 {
            let why = priority == 10 ? "10 is for pushes that alert, sound or badge, an error with content-available alone" : "1 never wakes the app"
            throw fail(.badPriority, "apns-priority", "\(why); use apns-priority 5 (priority: 5)")
        }
        self.pushType = type
        self.priority = priority
        self.displaysNotification = shows && type != .voip
        self.wakesApp = wakes || type == .voip
    }
}
