/// What a push registry tells the app, as Apple's `PKPushRegistryDelegate`.
public protocol PKPushRegistryDelegate: AnyObject {
    /// The token of push kind `type` is new or changed.
    func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType)
    /// A push arrived: for `.voIP`, report the incoming call to CallKit (`CXProvider.reportNewIncomingCall`)
    /// before calling `completion`, or the system ends the app, and after repeated failures stops delivering
    /// VoIP pushes to it.
    func pushRegistry(
        _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType,
        completion: @escaping @Sendable () -> Void)
    /// The token of push kind `type` is no longer valid.
    func pushRegistry(_ registry: PKPushRegistry, didInvalidatePushTokenFor type: PKPushType)
}

extension PKPushRegistryDelegate {
    public func pushRegistry(
        _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType,
        completion: @escaping @Sendable () -> Void
    ) {}
    public func pushRegistry(_ registry: PKPushRegistry, didInvalidatePushTokenFor type: PKPushType) {}
}
