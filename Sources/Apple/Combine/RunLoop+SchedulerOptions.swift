extension RunLoop {
    /// How a run loop runs Combine's work (nothing to choose, as on iOS).
    public struct SchedulerOptions: Sendable {}
}
