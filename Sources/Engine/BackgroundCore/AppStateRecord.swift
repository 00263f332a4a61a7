/// A record that says the app moved to another state (the `lifecycle` event): what a run's closing line
/// reads, as a typed value and not by the event's name, to tell whether the app ever left the foreground
/// (CONTRACTS.md §10), whichever module records it.
///
/// ```swift
/// extension LifecycleRecord: AppStateRecord {
///     public var appState: LifecycleState { state }
/// }
/// ```
public protocol AppStateRecord: TimelineRecord {
    /// The state the app moved to.
    var appState: LifecycleState { get }
}
