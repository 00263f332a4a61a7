/// Subscriptions of their own kind.
public enum Subscriptions {
    /// A subscription that ignores requests and cancellation, for publishers that complete at once.
    public static var empty: any Subscription { EmptySubscription() }
}
