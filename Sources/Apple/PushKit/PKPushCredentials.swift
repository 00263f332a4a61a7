/// The token APNs addresses the app's pushes of a kind to, as Apple's `PKPushCredentials`.
open class PKPushCredentials: NSObject, @unchecked Sendable {
    /// The push kind the token is for.
    open var type: PKPushType { pushType }
    /// The token the app sends to its server.
    open var token: Data { tokenData }

    private let pushType: PKPushType
    private let tokenData: Data

    init(type: PKPushType, token: Data) {
        pushType = type
        tokenData = token
    }
}
