/// What the system shows of a call, as Apple's `CXCallUpdate`.
open class CXCallUpdate: NSObject, @unchecked Sendable {
    open var remoteHandle: CXHandle?
    open var localizedCallerName: String?
    open var hasVideo = false
    open var supportsHolding = true
    open var supportsGrouping = true
    open var supportsUngrouping = true
    open var supportsDTMF = true

    public override init() {}
}
