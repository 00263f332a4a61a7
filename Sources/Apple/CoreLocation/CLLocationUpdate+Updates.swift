extension CLLocationUpdate {
    /// Live updates, as Apple's `CLLocationUpdate.Updates`: `for try await update in CLLocationUpdate.liveUpdates()`.
    public typealias Updates = CLEmulatedSequence<CLLocationUpdate>
}
