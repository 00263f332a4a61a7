// The rest of CoreLocation's constants (CoreLocation.swift has Best, NearestTenMeters, HundredMeters, Kilometer
// and kCLDistanceFilterNone), with the values of Apple's SDK headers.

/// The highest accuracy, with extra sensor data for navigation: -2, as Apple's.
public let kCLLocationAccuracyBestForNavigation: CLLocationAccuracy = -2
/// Three kilometres.
public let kCLLocationAccuracyThreeKilometers: CLLocationAccuracy = 3000
/// The accuracy of an app without full-accuracy authorization (iOS 14): 3000, as Apple's.
public let kCLLocationAccuracyReduced: CLLocationAccuracy = 3000
/// Every change of heading (a `headingFilter` of none): -1, as Apple's.
public let kCLHeadingFilterNone: CLLocationDegrees = -1
/// The largest distance: `Double.greatestFiniteMagnitude` (`DBL_MAX`), as Apple's.
public let CLLocationDistanceMax: CLLocationDistance = .greatestFiniteMagnitude
/// The longest interval: `Double.greatestFiniteMagnitude` (`DBL_MAX`), as Apple's.
public let CLTimeIntervalMax: TimeInterval = .greatestFiniteMagnitude
/// A component of a geomagnetic field vector, in microteslas.
public typealias CLHeadingComponentValue = Double
/// A beacon's most significant value.
public typealias CLBeaconMajorValue = UInt16
/// A beacon's least significant value.
public typealias CLBeaconMinorValue = UInt16
