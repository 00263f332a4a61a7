public import BackgroundCore

extension LifecycleRecord: AppStateRecord {
    /// The state the app moved to: a run's closing line reads it.
    public var appState: LifecycleState { state }
}
