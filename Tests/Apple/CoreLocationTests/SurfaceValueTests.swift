import BackgroundTestKit
import CoreLocation
import Testing
import UIKit

/// The values of CoreLocation's surface that apps name, against Apple's documented values.
@Suite struct SurfaceValueTests {
    @Test func theAccuracyConstantsHaveApplesValues() {
        #expect(kCLLocationAccuracyBestForNavigation == -2)
        #expect(kCLLocationAccuracyBest == -1)
        #expect(kCLLocationAccuracyNearestTenMeters == 10)
        #expect(kCLLocationAccuracyHundredMeters == 100)
        #expect(kCLLocationAccuracyKilometer == 1000)
        #expect(kCLLocationAccuracyThreeKilometers == 3000)
        #expect(kCLLocationAccuracyReduced == 3000)
        #expect(kCLDistanceFilterNone == -1)
        #expect(kCLHeadingFilterNone == -1)
        #expect(CLLocationDistanceMax == .greatestFiniteMagnitude)
        #expect(CLTimeIntervalMax == .greatestFiniteMagnitude)
    }

    @Test func aCoordinateIsValidOnlyOnTheGlobe() {
        #expect(CLLocationCoordinate2DIsValid(CLLocationCoordinate2DMake(47.37, 8.54)))
        #expect(CLLocationCoordinate2DIsValid(CLLocationCoordinate2D(latitude: -90, longitude: 180)))
        #expect(!CLLocationCoordinate2DIsValid(CLLocationCoordinate2D(latitude: 90.5, longitude: 0)))
        #expect(!CLLocationCoordinate2DIsValid(CLLocationCoordinate2D(latitude: 0, longitude: -180.5)))
        #expect(!CLLocationCoordinate2DIsValid(kCLLocationCoordinate2DInvalid))
    }

    @Test func everyErrorCodeHasApplesRawValueAndCatchesAsApplesDo() {
        let codes: [CLError.Code] = [
            .locationUnknown, .denied, .network, .headingFailure, .regionMonitoringDenied, .regionMonitoringFailure,
            .regionMonitoringSetupDelayed, .regionMonitoringResponseDelayed, .geocodeFoundNoResult, .geocodeFoundPartialResult,
            .geocodeCanceled, .deferredFailed, .deferredNotUpdatingLocation, .deferredAccuracyTooLow, .deferredDistanceFiltered,
            .deferredCanceled, .rangingUnavailable, .rangingFailure, .promptDeclined, .historicalLocationError,
        ]
        #expect(codes.map(\.rawValue) == Array(0...19))
        #expect(CLError.headingFailure == .headingFailure)
        let error: any Error = CLError(.promptDeclined)
        switch error {
        case CLError.promptDeclined: break
        default: Issue.record("CLError.promptDeclined did not match")
        }
        #expect((error as NSError).domain == "kCLErrorDomain" && (error as NSError).code == 18)
    }

    @Test func aBeaconRegionKeepsItsConstraintAndIsNotMonitoredOnTheDevice() throws {
        let uuid = try #require(UUID(uuidString: "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0"))
        let region = CLBeaconRegion(uuid: uuid, major: 7, minor: 3, identifier: "desk")
        #expect(region.uuid == uuid && region.major == NSNumber(value: 7) && region.minor == NSNumber(value: 3))
        #expect(region.identifier == "desk")
        #expect(region.beaconIdentityConstraint == CLBeaconIdentityConstraint(uuid: uuid, major: 7, minor: 3))
        #expect(CLBeaconRegion(uuid: uuid, identifier: "any").major == nil)
        let old = CLBeaconRegion(proximityUUID: uuid, major: 7, minor: 3, identifier: "desk")
        #expect(old.proximityUUID == uuid && old.beaconIdentityConstraint == region.beaconIdentityConstraint)
        #expect(CLBeaconRegion(uuid: uuid, major: 1, identifier: "floor").minor == nil)
        #expect(!CLLocationManager.isMonitoringAvailable(for: CLBeaconRegion.self))
        #expect(CLProximity.far.rawValue == 3 && CLProximity(rawValue: 1) == .immediate)
    }

    @Test func aHeadingIsAValueTheAppReadsAndTheDeviceHasNoCompassYet() {
        let heading = CLHeading(
            magneticHeading: 90, trueHeading: 92.5, headingAccuracy: 5, x: 1, y: 2, z: 3, timestamp: Date(timeIntervalSince1970: 0))
        #expect(heading.magneticHeading == 90 && heading.trueHeading == 92.5 && heading.headingAccuracy == 5)
        #expect([heading.x, heading.y, heading.z] == [1, 2, 3])
        #expect(!CLLocationManager.headingAvailable())
    }
}

/// The class method `authorizationStatus()` answers what the instance property does, on the running device.
@Suite(.serialized) @MainActor struct AuthorizationClassMethodTests {
    final class App: UIResponder, UIApplicationDelegate {}

    @Test(arguments: ["always", "denied"]) func theClassMethodAnswersTheDevicesAuthorization(authorization: String) async throws {
        let device = try EmulatedDevice(manifest: """
            app: com.example.where
            backgroundModes: [location]
            location: {authorization: \(authorization), accuracy: full}
            """)
        try await device.launch(App())
        let manager = CLLocationManager()
        manager.requestAlwaysAuthorization()
        try await device.run(for: .seconds(1))
        #expect(CLLocationManager.authorizationStatus() == manager.authorizationStatus)
        #expect(CLLocationManager.authorizationStatus() == (authorization == "always" ? .authorizedAlways : .denied))
        // The heading settings are the app's to set (Apple's defaults); no heading comes yet.
        #expect(manager.headingFilter == kCLHeadingFilterNone && manager.headingOrientation == .portrait && manager.heading == nil)
        manager.headingFilter = 5
        #expect(manager.headingFilter == 5)
    }
}
