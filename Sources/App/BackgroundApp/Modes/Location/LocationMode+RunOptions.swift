public import BackgroundLocation

extension LocationMode {
    /// The run's location manager, which a trace or gpsd feeds; nil (the default) hosts no location mode.
    package enum Manager: RunOption {
        package static var defaultValue: LocationManager? { nil }
    }
}

extension AppRecipe.Options {
    /// The location manager a trace or gpsd feeds (``LocationMode/Manager``); nil hosts no location mode.
    public var location: LocationManager? {
        get { self[LocationMode.Manager.self] }
        set { self[LocationMode.Manager.self] = newValue }
    }
}
