import BackgroundTransfers
import EmulatedFoundation

extension URLSessionConfiguration {
    /// A configuration for a background session, whose transfers the system carries out while the app is
    /// suspended or terminated. Linux's FoundationNetworking marks its own unavailable; this one takes its
    /// place: a session made with it hands its upload and download tasks to the emulated transfer service.
    public class func background(withIdentifier identifier: String) -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.default
        BackgroundConfigurations.shared.update(configuration) { $0.identifier = identifier }
        return configuration
    }

    /// The background session's identifier (nil for other sessions); FoundationNetworking's is always nil.
    public var identifier: String? {
        let identifier = BackgroundConfigurations.shared.fields(of: self).identifier
        return identifier.isEmpty ? nil : identifier
    }

    /// Whether the system launches or wakes the app when the session's transfers end (default true), which
    /// Linux's FoundationNetworking lacks.
    public var sessionSendsLaunchEvents: Bool {
        get { BackgroundConfigurations.shared.fields(of: self).sessionSendsLaunchEvents }
        set { BackgroundConfigurations.shared.update(self) { $0.sessionSendsLaunchEvents = newValue } }
    }

    /// Whether the session may use networks the system marks expensive (cellular, hotspots); default true.
    public var allowsExpensiveNetworkAccess: Bool {
        get { BackgroundConfigurations.shared.fields(of: self).allowsExpensiveNetworkAccess }
        set { BackgroundConfigurations.shared.update(self) { $0.allowsExpensiveNetworkAccess = newValue } }
    }

    /// Whether the session may use networks in Low Data Mode; default true.
    public var allowsConstrainedNetworkAccess: Bool {
        get { BackgroundConfigurations.shared.fields(of: self).allowsConstrainedNetworkAccess }
        set { BackgroundConfigurations.shared.update(self) { $0.allowsConstrainedNetworkAccess = newValue } }
    }

    /// The background session this configuration describes, for the emulated transfer service: the fields
    /// kept beside FoundationNetworking's and its own (`isDiscretionary`, `allowsCellularAccess`, the two
    /// timeouts); nil when it is not a background configuration.
    var emulatedSession: SessionConfiguration? {
        var session = BackgroundConfigurations.shared.fields(of: self)
        guard !session.identifier.isEmpty else { return nil }
        session.isDiscretionary = isDiscretionary
        session.allowsCellularAccess = allowsCellularAccess
        session.timeoutIntervalForRequest = Duration(timeInterval: timeoutIntervalForRequest)
        session.timeoutIntervalForResource = Duration(timeInterval: timeoutIntervalForResource)
        return session
    }

    /// Keeps `session`'s fields beside this configuration (a session's configuration is a new copy each time).
    func keep(_ session: SessionConfiguration) {
        BackgroundConfigurations.shared.update(self) { $0 = session }
    }
}
