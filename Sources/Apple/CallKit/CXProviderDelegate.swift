/// What the system tells the app's call provider, as Apple's `CXProviderDelegate`.
public protocol CXProviderDelegate: AnyObject {
    /// The provider was reset: end every call.
    func providerDidReset(_ provider: CXProvider)
    /// The provider can be used.
    func providerDidBegin(_ provider: CXProvider)
}

extension CXProviderDelegate {
    public func providerDidBegin(_ provider: CXProvider) {}
}
