extension CLMonitor {
    /// The monitor's events, as Apple's `CLMonitor.Events`: `for try await event in await monitor.events`.
    public typealias Events = CLEmulatedSequence<CLMonitor.Event>
}
