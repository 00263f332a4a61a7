import CoreLocation
import UIKit

/// iOS 17's location API as apps write it: a CLMonitor opened at launch with a circular condition, its events
/// read in a Task; live updates read in another, while the user has the app open.
final class MonitorApp: UIResponder, UIApplicationDelegate {
    var events: [(String, CLMonitor.Event.State, Date)] = []
    var locations: [Date] = []
    var withheld = 0
    var session: CLBackgroundActivitySession?
    /// Whether the app holds a CLBackgroundActivitySession, as a workout app does while it tracks.
    var holdsSession = false

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        if holdsSession { session = CLBackgroundActivitySession() }
        Task { @MainActor in
            let monitor = await CLMonitor("tour")
            let lindenhof = CLLocationCoordinate2D(latitude: 47.37297, longitude: 8.54069)
            await monitor.add(CLMonitor.CircularGeographicCondition(center: lindenhof, radius: 150), identifier: "lindenhof")
            for try await event in await monitor.events {
                events.append((event.identifier, event.state, event.date))
            }
        }
        Task { @MainActor in
            for try await update in CLLocationUpdate.liveUpdates(.fitness) {
                if let location = update.location { locations.append(location.timestamp) }
                if update.insufficientlyInUse { withheld += 1 }
            }
        }
        return true
    }
}
