// Apple's CoreLocation, its background surface on the emulated device (CONTRACTS §11): the location manager
// and its delegate, locations and regions, with Apple's spellings. Foundation comes with it, as with Apple's.
@_exported import Foundation
@_exported import EmulatedFoundation  // Darwin's time constants (NSEC_PER_SEC…), which Linux's Foundation lacks

/// Degrees of latitude or longitude (WGS 84).
public typealias CLLocationDegrees = Double
/// A distance in metres.
public typealias CLLocationDistance = Double
/// A speed in metres per second.
public typealias CLLocationSpeed = Double
/// A course in degrees from true north.
public typealias CLLocationDirection = Double
/// An accuracy in metres.
public typealias CLLocationAccuracy = Double

/// The best accuracy the device can give.
public let kCLLocationAccuracyBest: CLLocationAccuracy = -1
/// Ten metres.
public let kCLLocationAccuracyNearestTenMeters: CLLocationAccuracy = 10
/// A hundred metres.
public let kCLLocationAccuracyHundredMeters: CLLocationAccuracy = 100
/// A kilometre.
public let kCLLocationAccuracyKilometer: CLLocationAccuracy = 1000
/// Every movement (a `distanceFilter` of none).
public let kCLDistanceFilterNone: CLLocationDistance = -1
