import BackgroundCore

extension LocationManager {
    /// Adds `sink`, told of every event as it happens (before the delegate), on the engine's time: the
    /// Apple-named CoreLocation's managers listen beside the app's location mode, which holds the delegate.
    package func addEventSink(_ sink: @escaping (LocationManagerEvent) -> Void) {
        broadcaster.addSink(sink)
    }
}
