import BackgroundApp
import BackgroundCore
import BackgroundLocation
import EmulatedFoundation

// The adapter of CLMonitor to the device's location services: BackgroundLocation's LocationMonitor on the
// location mode's manager, used on the main queue only (the emulator's thread), as every call of the
// Apple-named modules is.

/// A ``CLMonitor``'s monitor on the running device.
package final class EmulatedMonitor: @unchecked Sendable {
    /// The device's monitor; nil when there is no device or location service, or the open failed.
    private let monitor: LocationMonitor?
    let events: CLMonitor.Events

    /// The monitors the app's process has open: they close with it (``processDidEnd()``).
    private nonisolated(unsafe) static var opened: [LocationMonitor] = []

    private init(_ monitor: LocationMonitor?) {
        self.monitor = monitor
        if let monitor { Self.opened.append(monitor) }
        let (stream, continuation) = AsyncStream<CLMonitor.Event>.makeStream()
        events = CLMonitor.Events(stream: stream)
        guard let monitor else {
            continuation.finish()
            return
        }
        // The device's events, translated on the main queue as they come.
        let events = monitor.events
        Task { @MainActor in
            for await event in events { continuation.yield(Self.event(event)) }
            continuation.finish()
        }
    }

    deinit {
        let monitor = monitor
        EmulatedSystem.sync {
            monitor?.close()
            Self.opened.removeAll { $0 === monitor }
        }
    }

    /// The app's process ended: its monitors close (their `events` finish), and later events wait for the
    /// next process's monitor of the name.
    package static func processDidEnd() {
        for monitor in opened { monitor.close() }
        opened = []
    }

    /// Opens `name` on the device; a name already open stops the app, as iOS traps.
    static func open(_ name: String) -> EmulatedMonitor {
        EmulatedSystem.sync {
            guard let manager = EmulatedLocation.manager, let system = EmulatedSystem.current else { return EmulatedMonitor(nil) }
            do {
                return EmulatedMonitor(try LocationMonitor.open(name, on: manager))
            } catch {
                let message = "a CLMonitor named '\(name)' is already open: one monitor of a name at a time"
                system.app.timeline.record(.error(message: "monitor '\(name)': \(message)", code: "monitor"))
                system.app.lifecycle.terminate(reason: "the app crashed: \(message)")
                return EmulatedMonitor(nil)
            }
        }
    }

    func add(_ condition: any CLCondition, identifier: String, assuming state: CLMonitoringState?) {
        EmulatedSystem.sync {
            guard let monitor, let system = EmulatedSystem.current else { return }
            guard let circle = condition as? CLMonitor.CircularGeographicCondition else {
                return system.app.timeline.record(.error(
                    message: "monitor '\(monitor.name)': condition '\(identifier)' is a \(type(of: condition)); the emulated device watches CircularGeographicCondition only",
                    code: "conditionUnsupported"))
            }
            monitor.add(
                LocationMonitor.CircularGeographicCondition(center: (circle.center.latitude, circle.center.longitude), radius: circle.radius),
                identifier: identifier, assuming: state.map(Self.state))
        }
    }

    func remove(_ identifier: String) {
        EmulatedSystem.sync { monitor?.remove(identifier) }
    }

    var identifiers: [String] {
        EmulatedSystem.sync { monitor?.identifiers ?? [] }
    }

    func record(for identifier: String) -> CLMonitor.Record? {
        EmulatedSystem.sync {
            guard let record = monitor?.record(for: identifier) else { return nil }
            let condition = CLMonitor.CircularGeographicCondition(
                center: CLLocationCoordinate2D(latitude: record.condition.latitude, longitude: record.condition.longitude),
                radius: record.condition.radius)
            return CLMonitor.Record(condition: condition, lastEvent: Self.event(record.lastEvent))
        }
    }

    private static func state(_ state: CLMonitoringState) -> LocationMonitor.Event.State {
        switch state {
        case .unknown: .unknown
        case .satisfied: .satisfied
        case .unsatisfied: .unsatisfied
        case .unmonitored: .unmonitored
        }
    }

    private static func event(_ event: LocationMonitor.Event) -> CLMonitor.Event {
        let state: CLMonitoringState = switch event.state {
        case .unknown: .unknown
        case .satisfied: .satisfied
        case .unsatisfied: .unsatisfied
        case .unmonitored: .unmonitored
        }
        return CLMonitor.Event(
            identifier: event.identifier, state: state, date: event.date.date, authorizationDenied: event.authorizationDenied,
            insufficientlyInUse: event.insufficientlyInUse, accuracyLimited: event.accuracyLimited,
            conditionUnsupported: event.conditionUnsupported, conditionLimitExceeded: event.conditionLimitExceeded,
            persistenceUnavailable: event.persistenceUnavailable, serviceSessionRequired: event.serviceSessionRequired)
    }
}
