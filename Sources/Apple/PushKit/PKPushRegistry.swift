import EmulatedFoundation

/// The app's registration for pushes of a kind, as Apple's `PKPushRegistry`: set ``desiredPushTypes`` to
/// `[.voIP]` and the ``delegate`` hears the token and, for each VoIP push, the push.
///
/// ```swift
/// let registry = PKPushRegistry(queue: .main)
/// registry.delegate = self
/// registry.desiredPushTypes = [.voIP]
/// ```
/// On the emulated device a VoIP push of the manifest (`pushType: voip`) reaches the delegate of the app's
/// registries that ask for VoIP pushes, with PushKit's rule: the handler reports the call to CallKit before
/// it completes, or the app is ended.
open class PKPushRegistry: NSObject, @unchecked Sendable {
    /// Where the registry's news goes.
    open weak var delegate: (any PKPushRegistryDelegate)?
    /// The push kinds the app wants; setting `.voIP` gives the delegate its token.
    open var desiredPushTypes: Set<PKPushType>? {
        didSet { EmulatedPushRegistries.desiredTypesChanged(self) }
    }
    /// The queue the delegate is called on (nil: the main queue). The emulated device calls a push's handler
    /// on the main queue, its thread, whatever the queue; the token goes to this queue.
    let queue: DispatchQueue?

    public init(queue: DispatchQueue?) {
        self.queue = queue
        super.init()
        EmulatedPushRegistries.adopt(self)
    }

    /// The token of push kind `type`, once the delegate has heard it.
    open func pushToken(for type: PKPushType) -> Data? {
        desiredPushTypes?.contains(type) == true ? EmulatedPushRegistries.token(for: type) : nil
    }
}
