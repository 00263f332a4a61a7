extension URLSessionConfiguration {
    /// A configuration for a background session, whose transfers the system carries out while the app is
    /// suspended or terminated. Linux's FoundationNetworking marks its own unavailable; this one takes its
    /// place (a default configuration, with the identifier kept for the emulated transfer service).
    public class func background(withIdentifier identifier: String) -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.default
        BackgroundConfigurations.shared.set(identifier: identifier, of: configuration)
        return configuration
    }

    /// The background session's identifier (nil for other sessions).
    public var backgroundSessionIdentifier: String? {
        BackgroundConfigurations.shared.identifier(of: self)
    }

    /// Whether the system launches or wakes the app when the session's transfers end (default true), which
    /// Linux's FoundationNetworking lacks.
    public var sessionSendsLaunchEvents: Bool {
        get { BackgroundConfigurations.shared.sendsLaunchEvents(of: self) }
        set { BackgroundConfigurations.shared.set(sendsLaunchEvents: newValue, of: self) }
    }
}
