import BackgroundCore

/// One ``LocationUpdate/liveUpdates(_:on:)`` sequence: the manager's fixes while the device moves, one
/// stationary update when it settles, nothing more until it moves again.
final class LiveUpdates: FixObserver {
    private unowned let manager: LocationManager
    private let continuation: AsyncStream<LocationUpdate>.Continuation
    private var isDone = false
    private var latest: LocationFix?
    private lazy var stationary: StationaryWatch = StationaryWatch(
        clock: manager.clock, radius: configuration.stationaryRadius, after: configuration.stationaryAfter,
        isActive: { [unowned self] in !isDone }
    ) { [unowned self] isStationary in
        if isStationary { yield(LocationUpdate(location: latest, isStationary: true)) }
    }
    private let configuration: LocationUpdate.LiveConfiguration

    init(configuration: LocationUpdate.LiveConfiguration, manager: LocationManager, continuation: AsyncStream<LocationUpdate>.Continuation) {
        self.configuration = configuration
        self.manager = manager
        self.continuation = continuation
    }

    func receive(_ fix: LocationFix, at point: UnitVector, time: SimTime) {
        guard !isDone else { return }
        latest = fix
        guard stationary.track(point, at: time) else { return }
        yield(LocationUpdate(location: fix))
    }

    func finish() {
        isDone = true
        stationary.reset()
        continuation.finish()
    }

    private func yield(_ update: LocationUpdate) {
        if case .terminated = continuation.yield(update) {
            isDone = true
            stationary.reset()
        }
    }
}
