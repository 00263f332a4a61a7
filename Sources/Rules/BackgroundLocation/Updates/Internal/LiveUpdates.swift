import BackgroundCore

/// One ``LocationUpdate/liveUpdates(_:on:)`` sequence: the manager's fixes while the device moves, one
/// stationary update when it settles, nothing more until it moves again.
final class LiveUpdates: FixObserver {
    private unowned let manager: LocationManager
    private let continuation: AsyncStream<LocationUpdate>.Continuation
    private var isDone = false
    private var latest: LocationFix?
    /// Why fixes are withheld, as last said (nil while they flow).
    private var withheld: LocationWithheld?
    private lazy var stationary: StationaryWatch = StationaryWatch(
        clock: manager.clock, radius: configuration.stationaryRadius, after: configuration.stationaryAfter,
        isActive: { [unowned self] in !isDone && withheld == nil }
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
        guard !isDone, mayDeliver() else { return }
        latest = fix
        guard stationary.track(point, at: time) else { return }
        yield(LocationUpdate(location: fix))
    }

    func accessChanged() {
        if !isDone { _ = mayDeliver() }
    }

    /// Whether fixes may be delivered now; when they stop being, one update says why (and the timeline).
    private func mayDeliver() -> Bool {
        let reason = manager.liveUpdatesWithheld
        if let reason, reason != withheld { yield(LocationUpdate(withheld: reason)) }
        return manager.note(reason, service: "live updates", last: &withheld)
    }

    func finish() {
        isDone = true
        stationary.reset()
        continuation.finish()
    }

    /// Hands out an update; a fix is marked approximate under reduced accuracy.
    private func yield(_ update: LocationUpdate) {
        var update = update
        if update.location != nil, manager.accuracyAuthorization == .reduced { update.accuracyLimited = true }
        if case .terminated = continuation.yield(update) {
            isDone = true
            stationary.reset()
        }
    }
}
