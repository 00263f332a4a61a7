/// A background session's configuration: `URLSessionConfiguration.background(withIdentifier:)` and the
/// properties of it that change what the system does with the session's transfers.
///
/// The defaults are Apple's: not discretionary, launch events on, every network allowed, a 60-second request
/// timeout and a 7-day resource timeout. A background session always waits for connectivity
/// (`waitsForConnectivity` cannot be turned off for it), so there is no such property here.
///
/// ```swift
/// var configuration = SessionConfiguration(identifier: "com.example.tour.transfers")
/// configuration.isDiscretionary = true
/// configuration.allowsExpensiveNetworkAccess = false
/// ```
public struct SessionConfiguration: Hashable, Sendable {
    /// The session's identifier, which the app is given back in `handleEventsForBackgroundURLSession`.
    public var identifier: String
    /// `isDiscretionary`: the system may wait for a better moment (Wi-Fi and external power) to transfer.
    public var isDiscretionary: Bool
    /// `sessionSendsLaunchEvents`: wake or relaunch the app in the background when its transfers end.
    public var sessionSendsLaunchEvents: Bool
    /// `allowsCellularAccess`.
    public var allowsCellularAccess: Bool
    /// `allowsExpensiveNetworkAccess` (cellular, and hotspots the system marks expensive).
    public var allowsExpensiveNetworkAccess: Bool
    /// `allowsConstrainedNetworkAccess` (networks in Low Data Mode).
    public var allowsConstrainedNetworkAccess: Bool
    /// `timeoutIntervalForRequest`: how long an attempt may go without moving a byte before it is given up
    /// and retried.
    public var timeoutIntervalForRequest: Duration
    /// `timeoutIntervalForResource`: how long a transfer may take in all, waiting included, before it fails
    /// with `timedOut`.
    public var timeoutIntervalForResource: Duration

    public init(
        identifier: String, isDiscretionary: Bool = false, sessionSendsLaunchEvents: Bool = true,
        allowsCellularAccess: Bool = true, allowsExpensiveNetworkAccess: Bool = true,
        allowsConstrainedNetworkAccess: Bool = true, timeoutIntervalForRequest: Duration = .seconds(60),
        timeoutIntervalForResource: Duration = .seconds(7 * 86_400)
    ) {
        self.identifier = identifier
        self.isDiscretionary = isDiscretionary
        self.sessionSendsLaunchEvents = sessionSendsLaunchEvents
        self.allowsCellularAccess = allowsCellularAccess
        self.allowsExpensiveNetworkAccess = allowsExpensiveNetworkAccess
        self.allowsConstrainedNetworkAccess = allowsConstrainedNetworkAccess
        self.timeoutIntervalForRequest = timeoutIntervalForRequest
        self.timeoutIntervalForResource = timeoutIntervalForResource
    }
}
