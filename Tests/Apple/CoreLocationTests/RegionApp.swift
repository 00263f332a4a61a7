import CoreLocation
import UIKit

/// Region monitoring as iOS apps write it: a manager made at launch (and again at each relaunch), a circular
/// region, and a background task begun on entry.
final class RegionApp: UIResponder, UIApplicationDelegate, CLLocationManagerDelegate {
    let manager = CLLocationManager()
    var entered: [(String, Date, UIApplication.State)] = []
    var exited: [String] = []

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        manager.delegate = self
        manager.requestAlwaysAuthorization()
        let lindenhof = CLLocationCoordinate2D(latitude: 47.37297, longitude: 8.54069)
        manager.startMonitoring(for: CLCircularRegion(center: lindenhof, radius: 150, identifier: "lindenhof"))
        return true
    }

    nonisolated func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {
        MainActor.assumeIsolated {
            entered.append((region.identifier, Date(), UIApplication.shared.applicationState))
            let task = UIApplication.shared.beginBackgroundTask(withName: "visit") {}
            DispatchQueue.main.asyncAfter(deadline: .now() + 10) { UIApplication.shared.endBackgroundTask(task) }
        }
    }

    nonisolated func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion) {
        MainActor.assumeIsolated { exited.append(region.identifier) }
    }
}
