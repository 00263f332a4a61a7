import EmulatedFoundation

/// The app's calls as the system sees them, as Apple's `CXProvider`: ``reportNewIncomingCall(with:update:completion:)``
/// is what a VoIP push's handler must do before it completes (PushKit's rule).
///
/// ```swift
/// provider.reportNewIncomingCall(with: UUID(), update: update) { error in completion() }
/// ```
/// On the emulated device the report counts for the oldest VoIP push whose handler runs without one; the
/// `completion` is called on the main queue, with no error.
open class CXProvider: NSObject, @unchecked Sendable {
    public let configuration: CXProviderConfiguration
    private weak var delegate: (any CXProviderDelegate)?

    public init(configuration: CXProviderConfiguration) {
        self.configuration = configuration
    }

    /// Sets the delegate (the queue is not used: the emulated device calls it on its thread, the main queue).
    open func setDelegate(_ delegate: (any CXProviderDelegate)?, queue: DispatchQueue?) {
        self.delegate = delegate
    }

    /// Reports an incoming call to the system.
    open func reportNewIncomingCall(with UUID: UUID, update: CXCallUpdate, completion: @escaping ((any Error)?) -> Void) {
        let answer = MainQueueCall { completion(nil) }
        EmulatedSystem.sync {
            EmulatedCallReports.reported()
            EmulatedSystem.current?.post { answer.body() }
        }
    }

    /// Ends the provider's calls.
    open func invalidate() {}
}
