extension LocationUpdate {
    /// What the app does with live updates, as `CLLocationUpdate.LiveConfiguration`, with the thresholds
    /// at which the device counts as stationary. Apple does not publish them; the emulator's choices
    /// (docs/LOCATION.md, "Live updates") are each configuration's defaults, and can be changed:
    ///
    /// ```swift
    /// var walking = LocationUpdate.LiveConfiguration.fitness
    /// walking.stationaryAfter = .seconds(30)
    /// let updates = LocationUpdate.liveUpdates(walking, on: manager)
    /// ```
    public struct LiveConfiguration: Hashable, Sendable {
        public init(name: String, stationaryRadius: Double, stationaryAfter: Duration) {
            self.name = name
            self.stationaryRadius = stationaryRadius
            self.stationaryAfter = stationaryAfter
        }

        /// The configuration's name, as Apple spells it (`default`, `fitness`, …).
        public var name: String
        /// Movement within this many metres of where the device settled counts as stationary.
        public var stationaryRadius: Double
        /// How long the device must stay within ``stationaryRadius`` before updates are suspended.
        public var stationaryAfter: Duration

        /// General use: 25 m for 2 minutes.
        public static let `default` = Self(name: "default", stationaryRadius: 25, stationaryAfter: .seconds(120))
        /// Driving with turn-by-turn guidance: 50 m for 5 minutes, so that traffic lights and queues do not
        /// suspend navigation.
        public static let automotiveNavigation = Self(name: "automotiveNavigation", stationaryRadius: 50, stationaryAfter: .seconds(300))
        /// Navigation other than by car (boats, trains, walking directions): 25 m for 3 minutes.
        public static let otherNavigation = Self(name: "otherNavigation", stationaryRadius: 25, stationaryAfter: .seconds(180))
        /// Walking, running, cycling: 10 m for 2 minutes, since slow movement covers little ground.
        public static let fitness = Self(name: "fitness", stationaryRadius: 10, stationaryAfter: .seconds(120))
        /// Flying: 200 m for 10 minutes (taxiing and holding move slowly over large distances).
        public static let airborne = Self(name: "airborne", stationaryRadius: 200, stationaryAfter: .seconds(600))

        /// The five configurations iOS offers.
        public static let all: [Self] = [.default, .automotiveNavigation, .otherNavigation, .fitness, .airborne]
    }
}
