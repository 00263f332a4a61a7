extension CLLocationManager {
    /// What the user allowed the app, as Apple's class method (deprecated in iOS 14 for the instance property
    /// ``authorizationStatus``): the running device's authorization, from the same place the property reads it.
    @available(iOS, deprecated: 14.0, message: "Use the instance property authorizationStatus")
    public class func authorizationStatus() -> CLAuthorizationStatus { EmulatedLocation.authorizationStatus }
}
