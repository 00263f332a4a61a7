/// A push delivered to the app, as Apple's `PKPushPayload`.
open class PKPushPayload: NSObject, @unchecked Sendable {
    /// The push's kind.
    open var type: PKPushType { pushType }
    /// The push's JSON payload, as a dictionary.
    open var dictionaryPayload: [AnyHashable: Any] { payload }

    private let pushType: PKPushType
    private let payload: [AnyHashable: Any]

    init(type: PKPushType, dictionaryPayload: [AnyHashable: Any]) {
        pushType = type
        payload = dictionaryPayload
    }
}
