import BackgroundTestKit
import CoreLocation
import Testing
import UIKit

@Suite(.serialized, .disabled(if: AddressSanitizer.isOn, Comment(rawValue: AddressSanitizer.reason))) @MainActor struct MonitorTests {
    static let trace = TestSupport.packageRoot + "/Traces/walk-through-region.gpx"

    @Test func aCLMonitorsConditionIsSatisfiedAtTheFixThatDecidedItAndLiveUpdatesFollowTheWalk() async throws {
        let device = try EmulatedDevice(manifest: """
            app: com.example.tour
            backgroundModes: [location]
            location: {authorization: always, accuracy: full}
            """)
        let app = MonitorApp()
        try await device.launch(app)
        try await device.replay(gpx: Self.trace)
        let satisfied = try #require(app.events.first { $0.1 == .satisfied }, "events: \(app.events)")
        #expect(satisfied.0 == "lindenhof")
        let monitorLine = try #require(device.events.first { $0.contains(#""event":"monitor""#) && $0.contains(#""state":"satisfied""#) })
        let time = try #require(monitorLine.split(separator: "\"").dropFirst(3).first)
        #expect(ISO8601DateFormatter().date(from: String(time)) == satisfied.2)
        #expect(app.events.contains { $0.1 == .unsatisfied }, "the walk leaves the circle: \(app.events)")
        // The live updates of the same walk, in the foreground: the trace's fixes at their own time.
        #expect(app.locations.count > 10, "\(app.locations.count) updates")
        #expect(app.locations == app.locations.sorted())
        #expect(app.withheld == 0)
    }

    /// A when-in-use app in the background gets no fixes (insufficientlyInUse) unless it holds a
    /// CLBackgroundActivitySession.
    @Test(arguments: [false, true])
    func aWhenInUseAppInTheBackgroundNeedsAnActivitySession(holdsSession: Bool) async throws {
        let device = try EmulatedDevice(manifest: """
            app: com.example.tour
            backgroundModes: [location]
            location: {authorization: whenInUse, accuracy: full}
            lifecycle: [{at: 1s, app: background}]
            """)
        let app = MonitorApp()
        app.holdsSession = holdsSession
        try await device.launch(app)
        try await device.run(for: .seconds(2))
        try await device.replay(gpx: Self.trace)
        if holdsSession {
            #expect(app.locations.count > 10 && app.withheld == 0, "\(app.locations.count) updates, \(app.withheld) withheld")
        } else {
            #expect(app.locations.isEmpty && app.withheld > 0, "\(app.locations.count) updates, \(app.withheld) withheld")
        }
    }
}

/// A CLMonitor's event relaunches a terminated app, whose new process opens the monitor by name and gets it.
@Suite(.serialized, .disabled(if: AddressSanitizer.isOn, Comment(rawValue: AddressSanitizer.reason))) @MainActor struct MonitorRelaunchTests {
    @Test func aConditionsEventRelaunchesATerminatedAppWhichGetsItFromTheMonitor() async throws {
        let device = try EmulatedDevice(manifest: """
            app: com.example.tour
            backgroundModes: [location]
            location: {authorization: always, accuracy: full}
            lifecycle: [{at: 1s, app: background}, {at: 2s, app: terminated}]
            """)
        let first = MonitorApp()
        try await device.launch(first)
        try await device.run(for: .seconds(3))
        try await device.replay(gpx: MonitorTests.trace)
        let relaunched = try #require(device.appDelegate as? MonitorApp)
        #expect(relaunched !== first, "the system relaunched the app: a new delegate")
        #expect(first.events.allSatisfy { $0.1 != .satisfied }, "the ended process heard nothing: \(first.events)")
        #expect(relaunched.events.contains { $0.0 == "lindenhof" && $0.1 == .satisfied }, "\(relaunched.events)")
        #expect(device.events.contains { $0.contains("monitor tour: lindenhof satisfied") }, "\(device.events.joined(separator: "\n"))")
    }
}
