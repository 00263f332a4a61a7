import CoreLocation
import UIKit

/// Region monitoring: the museum's region, whose entry uploads the visit in the background and starts the
/// tour's clip.
@MainActor
final class VisitTracker: NSObject, CLLocationManagerDelegate {
    static let museum = CLCircularRegion(
        center: CLLocationCoordinate2D(latitude: 47.37297, longitude: 8.54069), radius: 150, identifier: "lindenhof")

    let manager = CLLocationManager()
    let uploader = VisitUploader()
    /// What the app does on an entry besides the upload.
    var onEnter: ((CLRegion) -> Void)?
    /// When each entry came.
    private(set) var entries: [Date] = []

    func start() {
        manager.delegate = self
        manager.requestAlwaysAuthorization()
        manager.startMonitoring(for: Self.museum)
    }

    nonisolated func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {
        MainActor.assumeIsolated {
            entries.append(Date())
            uploader.uploadVisit(to: region.identifier)
            onEnter?(region)
        }
    }
}
