/// How the system presents the app's calls, as Apple's `CXProviderConfiguration`.
open class CXProviderConfiguration: NSObject, @unchecked Sendable {
    open var supportsVideo = false
    open var maximumCallGroups = 2
    open var maximumCallsPerCallGroup = 5
    open var includesCallsInRecents = true

    public override init() {}
}
