import CoreLocation
import MapKit
import Testing

/// MapKit's geometry against the projection Apple documents: a square world of 2^28 map points (MKMapSize.world),
/// spherical Mercator, x eastward from the antimeridian and y southward from the top.
@Suite struct GeometryTests {
    @Test func theWorldIsTwoToTheTwentyEighthMapPointsASide() {
        #expect(MKMapSize.world.width == 268_435_456 && MKMapSize.world.height == 268_435_456)
        #expect(MKMapRect.world.origin == MKMapPoint(x: 0, y: 0) && MKMapRect.world.size == .world)
    }

    @Test func coordinatesProjectToMercatorMapPointsAndBack() {
        let side = MKMapSize.world.width
        let origin = MKMapPoint(CLLocationCoordinate2D(latitude: 0, longitude: 0))
        #expect(origin.x == side / 2 && abs(origin.y - side / 2) < 1e-6)
        let east = MKMapPoint(CLLocationCoordinate2D(latitude: 0, longitude: 90))
        #expect(east.x == side * 3 / 4)
        // Mercator's top edge is at atan(sinh(π)) ≈ 85.0511°.
        let top = MKMapPoint(CLLocationCoordinate2D(latitude: atan(sinh(Double.pi)) * 180 / .pi, longitude: -180))
        #expect(abs(top.x) < 1e-6 && abs(top.y) < 1e-3)
        let zurich = CLLocationCoordinate2D(latitude: 47.3769, longitude: 8.5417)
        let back = MKMapPoint(zurich).coordinate
        #expect(abs(back.latitude - zurich.latitude) < 1e-9 && abs(back.longitude - zurich.longitude) < 1e-9)
        // North is up: a point further north has a smaller y.
        #expect(MKMapPoint(CLLocationCoordinate2D(latitude: 48, longitude: 8.5)).y < MKMapPoint(zurich).y)
    }

    @Test func mapPointsPerMeterGrowTowardThePolesAsOneOverTheCosine() {
        let equator = MKMapPointsPerMeterAtLatitude(0)
        // The equator (about 40,075 km) spans the world's 2^28 points.
        #expect(abs(equator * 40_075_016.686 - 268_435_456) < 1)
        #expect(abs(MKMapPointsPerMeterAtLatitude(60) - 2 * equator) < 1e-9)
        #expect(abs(MKMetersPerMapPointAtLatitude(0) * equator - 1) < 1e-12)
    }

    @Test func theDistanceBetweenMapPointsIsTheDistanceOverTheGlobe() {
        let a = CLLocationCoordinate2D(latitude: 0, longitude: 0)
        let b = CLLocationCoordinate2D(latitude: 0, longitude: 1)
        let metres = MKMapPoint(a).distance(to: MKMapPoint(b))
        // A degree of longitude at the equator is about 111.2 km.
        #expect(abs(metres - 111_195) < 200)
        #expect(metres == CLLocation(latitude: 0, longitude: 0).distance(from: CLLocation(latitude: 0, longitude: 1)))
    }

    @Test func aRegionInMetresSpansTheDegreesThoseMetresAre() {
        let region = MKCoordinateRegion(
            center: CLLocationCoordinate2D(latitude: 60, longitude: 10), latitudinalMeters: 111_319.49, longitudinalMeters: 111_319.49)
        #expect(abs(region.span.latitudeDelta - 1) < 1e-4)
        #expect(abs(region.span.longitudeDelta - 2) < 1e-3)  // cos 60° = ½: twice the degrees east to west
        let fromSpan = MKCoordinateRegion(center: region.center, span: MKCoordinateSpan(latitudeDelta: 1, longitudeDelta: 2))
        #expect(fromSpan.span == MKCoordinateSpan(latitudeDelta: 1, longitudeDelta: 2))
    }

    @Test func rectanglesContainIntersectAndUnite() {
        let a = MKMapRect(x: 0, y: 0, width: 10, height: 10)
        let b = MKMapRect(x: 5, y: 5, width: 10, height: 10)
        #expect(a.minX == 0 && a.maxX == 10 && a.midX == 5 && a.midY == 5 && a.width == 10)
        #expect(a.contains(MKMapPoint(x: 3, y: 7)) && !a.contains(MKMapPoint(x: 11, y: 7)))
        #expect(a.intersects(b) && a.intersection(b) == MKMapRect(x: 5, y: 5, width: 5, height: 5))
        #expect(a.union(b) == MKMapRect(x: 0, y: 0, width: 15, height: 15))
        let far = MKMapRect(x: 20, y: 20, width: 1, height: 1)
        #expect(!a.intersects(far) && a.intersection(far).isNull)
        #expect(MKMapRect.null.union(a) == a && a.contains(a.insetBy(dx: 1, dy: 1)))
        #expect(MKMapRect.world.contains(MKMapPoint(CLLocationCoordinate2D(latitude: 47, longitude: 8))))
    }
}
