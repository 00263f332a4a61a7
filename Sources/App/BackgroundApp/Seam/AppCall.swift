/// A call the system makes to the app's objects for a framework the route does not name: an Apple-named
/// module of its own (a peer of CoreLocation or PushKit) makes one for its delegate's callback and hands it to
/// the one route (``EmulatedApp/deliver(_:)``), so that the app's code hears it where and when it hears
/// every other call (``AppCode/application(_:deliver:)``).
///
/// ```swift
/// app.deliver(AppCall("doorbell rang") { delegate.doorbell(bell, didRingAt: date) })
/// ```
public struct AppCall {
    /// What the call is, for a reader (`doorbell rang`).
    public let name: String
    /// Makes the call on the app's objects.
    public let deliver: () -> Void

    public init(_ name: String, deliver: @escaping () -> Void) {
        self.name = name
        self.deliver = deliver
    }
}
