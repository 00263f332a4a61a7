import BackgroundCore
import BackgroundLocation
import BackgroundTestKit
import Testing

/// ``LocationUpdate/liveUpdates(_:on:)`` (`CLLocationUpdate.liveUpdates`) on virtual time: every fix while
/// the device moves, one stationary update when it settles, nothing until it moves again.
@Suite struct LiveUpdatesTests {
    static let stop = (latitude: 47.3769, longitude: 8.5417)

    static func updates(
        _ fixes: [LocationFix], _ configuration: LocationUpdate.LiveConfiguration
    ) async throws -> [LocationUpdate] {
        let engine = EventEngine(start: fixes.first?.time ?? .defaultStart)
        let manager = LocationManager(engine: engine, timeline: Timeline(engine: engine))
        let stream = LocationUpdate.liveUpdates(configuration, on: manager)
        try await manager.run(.replay(fixes))
        var updates: [LocationUpdate] = []
        for await update in stream { updates.append(update) }
        return updates
    }

    /// Steps of three radii towards the stop, `stay` seconds at it (jittering within 0.4 radii), then steps
    /// of 1.5 radii away: every step outside the stop is beyond the radius from the one before.
    static func stopAndGo(_ configuration: LocationUpdate.LiveConfiguration, stay: Int) -> [LocationFix] {
        let r = configuration.stationaryRadius
        let distances = [12 * r, 9 * r, 6 * r, 3 * r] + (0..<stay).map { $0 % 2 == 0 ? 0 : 0.4 * r } + [1.5 * r, 3 * r, 4.5 * r]
        return LocationScenario.path(around: stop, bearing: 0, distances: distances)
    }

    static let configurations = LocationUpdate.LiveConfiguration.all
        + [LocationUpdate.LiveConfiguration(name: "custom", stationaryRadius: 5, stationaryAfter: .seconds(30))]

    @Test(arguments: configurations)
    func updatesAreSuspendedWhileStationaryUntilTheDeviceMoves(_ configuration: LocationUpdate.LiveConfiguration) async throws {
        let after = Int(configuration.stationaryAfter.seconds)
        let fixes = Self.stopAndGo(configuration, stay: after + 60)
        let updates = try await Self.updates(fixes, configuration)
        let arrival = 4  // the index of the first fix at the stop
        // Every fix up to the stationary deadline, one stationary update, then only the fixes moving away.
        let expected = Array(fixes[..<(arrival + after)]).map { LocationUpdate(location: $0) }
            + [LocationUpdate(location: fixes[arrival + after - 1], isStationary: true)]
            + fixes.suffix(3).map { LocationUpdate(location: $0) }
        #expect(updates == expected)
    }

    @Test(arguments: configurations)
    func aStopShorterThanTheThresholdSuspendsNothing(_ configuration: LocationUpdate.LiveConfiguration) async throws {
        let fixes = Self.stopAndGo(configuration, stay: Int(configuration.stationaryAfter.seconds) - 5)
        let updates = try await Self.updates(fixes, configuration)
        #expect(updates == fixes.map { LocationUpdate(location: $0) })
    }

    @Test func aGapInFixesCountsAsStationary() async throws {
        let configuration = LocationUpdate.LiveConfiguration.default
        let here = LocationScenario.path(around: Self.stop, bearing: 0, distances: [100, 0])
        var far = LocationScenario.path(around: Self.stop, bearing: 0, distances: [500])[0]
        far.time = here[1].time! + configuration.stationaryAfter + .seconds(60)
        let updates = try await Self.updates(here + [far], configuration)
        #expect(updates.map(\.isStationary) == [false, false, true, false])
        #expect(updates[2].location == here[1])
        #expect(updates[3].location == far)
    }

    @Test func theFiveConfigurationsHaveTheirOwnThresholds() {
        let all = LocationUpdate.LiveConfiguration.all
        #expect(all.map(\.name) == ["default", "automotiveNavigation", "otherNavigation", "fitness", "airborne"])
        #expect(Set(all.map { "\($0.stationaryRadius)/\($0.stationaryAfter)" }).count == 5)
    }
}
