import BackgroundCore
import BackgroundLocation
import BackgroundTestKit
import Testing

/// Authorization, accuracy and sessions, on virtual time: what each lets through in each app state, and
/// that what is withheld is said in the timeline.
@Suite struct LocationAuthorizationTests {
    static let zurich = LocationMonitorTests.zurich
    static let walk = LocationMonitorTests.walk
    static let museum = LocationMonitorTests.museum
    static let museumRegion = CircularRegion(
        identifier: "museum", latitude: LocationMonitorTests.museumCenter.latitude,
        longitude: LocationMonitorTests.museumCenter.longitude, radius: 200)

    /// One run: the manager, a live-updates sequence and a monitor on the museum; `prepare` sets the rest.
    struct Run {
        var timeline: [TimelineEvent]
        var updates: [LocationUpdate]
        var monitorEvents: [LocationMonitor.Event]

        func withheld(_ code: String) -> [TimelineEvent] { timeline.filter { ($0.kind as? ErrorRecord)?.code == code } }
        func count(_ name: String) -> Int { timeline.filter { $0.kind.name == name }.count }
    }

    static func run(_ fixes: [LocationFix] = walk, prepare: (LocationManager) -> Void) async throws -> Run {
        let engine = EventEngine(start: fixes.first?.time ?? .defaultStart)
        let timeline = Timeline(engine: engine, keepingEvents: true)
        let manager = LocationManager(engine: engine, timeline: timeline)
        manager.startUpdatingLocation()
        manager.pausesLocationUpdatesAutomatically = false
        manager.startMonitoringSignificantLocationChanges()
        manager.startMonitoring(for: museumRegion)
        let updates = LocationUpdate.liveUpdates(on: manager)
        let monitor = try LocationMonitor.open("tour", on: manager)
        prepare(manager)
        monitor.add(museum, identifier: "museum")
        try await manager.run(.replay(fixes))
        monitor.close()
        var run = Run(timeline: timeline.events, updates: [], monitorEvents: [])
        for await update in updates { run.updates.append(update) }
        for await event in monitor.events { run.monitorEvents.append(event) }
        return run
    }

    static func at(_ seconds: Int, _ manager: LocationManager, _ action: @escaping () -> Void) {
        manager.engine.schedule(at: .defaultStart + .seconds(seconds), action)
    }

    @Test func alwaysAndFullLetEverythingThrough() async throws {
        let run = try await Self.run { _ in }
        #expect(run.count("location") == Self.walk.count)
        #expect(run.count("enter") == 1 && run.count("exit") == 1 && run.count("significant") >= 2)
        #expect(run.updates.count == Self.walk.count && run.updates.allSatisfy { $0.location != nil })
        #expect(run.monitorEvents.map(\.state) == [.unsatisfied, .satisfied, .unsatisfied])
        #expect(run.count("error") == 0)
    }

    @Test func deniedWithholdsEveryServiceAndSaysSoOnce() async throws {
        let run = try await Self.run { $0.authorization = .denied }
        #expect(run.count("location") == 0 && run.count("significant") == 0 && run.count("enter") == 0)
        #expect(run.withheld("authorizationDenied").count == 5)  // continuous, significant, regions, live updates, monitor
        #expect(run.updates.count == 1 && run.updates[0].location == nil && run.updates[0].authorizationDenied)
        #expect(run.monitorEvents.map(\.state) == [.unknown])
        #expect(run.monitorEvents.allSatisfy { $0.authorizationDenied })
    }

    @Test func whenInUseHasNoRegionsOrSignificantChanges() async throws {
        let run = try await Self.run { $0.authorization = .whenInUse }
        #expect(run.count("location") == Self.walk.count)
        #expect(run.count("significant") == 0 && run.count("state") == 0 && run.count("enter") == 0)
        #expect(run.withheld("alwaysAuthorizationRequired").count == 2)
        // In the foreground the modern API works.
        #expect(run.updates.count == Self.walk.count)
        #expect(run.monitorEvents.map(\.state) == [.unsatisfied, .satisfied, .unsatisfied])
    }

    @Test func whenInUseInTheBackgroundNeedsABackgroundActivitySession() async throws {
        var session: BackgroundActivitySession?
        let without = try await Self.run { manager in
            manager.authorization = .whenInUse
            Self.at(100, manager) { manager.applicationState = .background }
        }
        #expect(without.updates.filter { $0.location != nil }.count == 100)
        #expect(without.updates.last?.insufficientlyInUse == true)
        #expect(without.withheld("insufficientlyInUse").count == 2)  // live updates, then the monitor's entry
        // The entry is held: an event with the last state says why, and nothing more comes in the background.
        #expect(without.monitorEvents.map(\.state) == [.unsatisfied, .unsatisfied])
        #expect(without.monitorEvents.last?.insufficientlyInUse == true)

        let with = try await Self.run { manager in
            manager.authorization = .whenInUse
            session = BackgroundActivitySession(on: manager)
            Self.at(100, manager) { manager.applicationState = .background }
        }
        #expect(with.updates.count == Self.walk.count && with.count("location") == Self.walk.count)
        #expect(with.monitorEvents.map(\.state) == [.unsatisfied, .satisfied, .unsatisfied])
        #expect(with.withheld("insufficientlyInUse").isEmpty)
        session?.invalidate()
    }

    @Test func aHeldMonitorChangeArrivesWhenTheAppIsInUseAgain() async throws {
        let run = try await Self.run { manager in
            manager.authorization = .whenInUse
            Self.at(100, manager) { manager.applicationState = .background }
            Self.at(700, manager) { manager.applicationState = .foreground }  // inside the museum by then
        }
        #expect(run.monitorEvents.map(\.state) == [.unsatisfied, .unsatisfied, .satisfied, .unsatisfied])
        #expect(run.monitorEvents[2].date == .defaultStart + .seconds(700))
    }

    @Test(arguments: [LifecycleState.suspended, .terminated])
    func alwaysGetsMonitorEventsWhileSuspendedOrTerminated(_ state: LifecycleState) async throws {
        let run = try await Self.run { manager in
            Self.at(100, manager) { manager.applicationState = state }
        }
        #expect(run.monitorEvents.map(\.state) == [.unsatisfied, .satisfied, .unsatisfied])
        #expect(run.count("enter") == 1 && run.count("exit") == 1)
        #expect(run.updates.filter { $0.location != nil }.count == 100)  // live updates need a running app
    }

    @Test func reducedAccuracyGivesApproximateFixesFourAnHourAndNoRegions() async throws {
        let hour = LocationScenario.walk(from: Self.zurich, bearing: 90, speed: 3, duration: .seconds(3_600))
        let run = try await Self.run(hour) { $0.accuracyAuthorization = .reduced }
        let fixes = run.timeline.compactMap { ($0.kind as? LocationRecord)?.fix }
        #expect(fixes.count == 4 + 1)  // 0, 15, 30, 45 and 60 minutes
        #expect(fixes.allSatisfy { $0.horizontalAccuracy == 5_000 && $0.speed == nil })
        for (fix, event) in zip(fixes, run.timeline.filter { $0.kind.name == "location" }) {
            let exact = hour[Int((event.time - .defaultStart).seconds)]
            let distance = Geodesy.distance(fromLatitude: exact.latitude, longitude: exact.longitude, toLatitude: fix.latitude, longitude: fix.longitude)
            #expect(distance > 0 && distance < 5_000)
        }
        #expect(run.count("state") == 0 && run.withheld("accuracyLimited").count == 2)  // regions, the condition
        #expect(run.monitorEvents.map(\.state) == [.unmonitored])
        #expect(run.monitorEvents.first?.accuracyLimited == true)
        // Live updates see the same approximate fixes (a cell the device stays in for a while is stationary).
        #expect(run.updates.allSatisfy { $0.accuracyLimited && $0.location.map(fixes.contains) ?? false })
        #expect(run.updates.count >= 3)
    }

    @Test func explicitServiceSessionsAreNeededWhenRequired() async throws {
        var session: ServiceSession?
        let run = try await Self.run { manager in
            manager.requiresExplicitServiceSession = true
            Self.at(100, manager) { session = ServiceSession(authorization: .whenInUse, on: manager) }
        }
        #expect(run.updates.first?.serviceSessionRequired == true)
        #expect(run.updates.filter { $0.location != nil }.count == Self.walk.count - 100)
        #expect(run.withheld("serviceSessionRequired").count == 2)  // live updates, the monitor's first state
        // The first state was held (an event with the last state says why) and came with the session.
        #expect(run.monitorEvents.map(\.state) == [.unknown, .unsatisfied, .satisfied, .unsatisfied])
        #expect(run.monitorEvents.first?.serviceSessionRequired == true)
        #expect(run.monitorEvents[1].date == .defaultStart + .seconds(100))
        #expect(run.count("location") == Self.walk.count)  // CLLocationManager does not need one
        session?.invalidate()
    }

    @Test func aServiceSessionsDiagnosticsFollowTheAuthorization() async throws {
        let engine = EventEngine(start: .defaultStart)
        let manager = LocationManager(engine: engine, timeline: Timeline(engine: engine))
        manager.authorization = .whenInUse
        manager.accuracyAuthorization = .reduced
        let session = ServiceSession(authorization: .always, fullAccuracyPurposeKey: "Navigation", on: manager)
        manager.applicationState = .background
        manager.authorization = .always
        manager.accuracyAuthorization = .full
        session.invalidate()
        var diagnostics: [ServiceSession.Diagnostic] = []
        for await diagnostic in session.diagnostics { diagnostics.append(diagnostic) }
        #expect(diagnostics.map(\.alwaysAuthorizationDenied) == [true, true, false, false])
        #expect(diagnostics.map(\.fullAccuracyDenied) == [true, true, true, false])
        #expect(diagnostics.map(\.insufficientlyInUse) == [false, true, false, false])
    }

    @Test func sessionsEndWithTheProcessAndCountForAGraceAfterARelaunch() async throws {
        // Relaunched at 200 s; the app creates its session again at 203 s (within 5 s) or never.
        for recreates in [true, false] {
            var sessions: [BackgroundActivitySession] = []
            var valid: [Bool] = []
            let run = try await Self.run { manager in
                manager.authorization = .whenInUse
                sessions.append(BackgroundActivitySession(on: manager))
                Self.at(100, manager) { manager.applicationState = .background }
                Self.at(150, manager) { manager.applicationState = .terminated }
                Self.at(200, manager) { manager.applicationState = .background }
                if recreates { Self.at(203, manager) { sessions.append(BackgroundActivitySession(on: manager)) } }
                Self.at(250, manager) { valid = sessions.map(\.isValid) }
            }
            let delivered = run.updates.compactMap { $0.location?.time }
            let seconds = delivered.map { Int(($0 - .defaultStart).seconds) }
            #expect(!seconds.contains(175), "terminated: no live updates")
            #expect(seconds.contains(202), "within the grace the old session counts")
            #expect(seconds.contains(300) == recreates)
            #expect(valid == (recreates ? [false, true] : [false]), "the termination ended the first")
        }
    }
}
