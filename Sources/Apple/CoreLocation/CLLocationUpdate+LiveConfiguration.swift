extension CLLocationUpdate {
    /// What the app does with live updates, as Apple's `CLLocationUpdate.LiveConfiguration`; the emulated
    /// device's stationary thresholds for each are its choices (docs/LOCATION.md, "Live updates").
    public struct LiveConfiguration: Hashable, Sendable {
        let name: String

        public static let `default` = Self(name: "default")
        public static let automotiveNavigation = Self(name: "automotiveNavigation")
        public static let otherNavigation = Self(name: "otherNavigation")
        public static let fitness = Self(name: "fitness")
        public static let airborne = Self(name: "airborne")
    }
}
