public import BackgroundCore

extension TaskRequest {
    /// What a processing request (Apple's `BGProcessingTaskRequest`) needs: it launches only while the
    /// device is idle and these hold, and runs until it finishes or one of them is lost.
    ///
    /// ```swift
    /// let upload = TaskRequest(processing: "com.example.upload", requiresNetworkConnectivity: true, requiresExternalPower: true)
    /// try scheduler.submit(upload)
    /// ```
    public struct Processing: Hashable, Sendable, CustomStringConvertible {
        /// The task needs a network connection (Wi-Fi or cellular).
        public var requiresNetworkConnectivity: Bool
        /// The task needs the device on external power (charging or full).
        public var requiresExternalPower: Bool

        public init(requiresNetworkConnectivity: Bool = false, requiresExternalPower: Bool = false) {
            self.requiresNetworkConnectivity = requiresNetworkConnectivity
            self.requiresExternalPower = requiresExternalPower
        }

        /// What a request's description adds: its requirements.
        public var description: String {
            (requiresNetworkConnectivity ? ", needs network" : "") + (requiresExternalPower ? ", needs external power" : "")
        }
    }

    /// A request to launch the app in the background for deferrable, longer work.
    public init(
        processing identifier: String, requiresNetworkConnectivity: Bool = false, requiresExternalPower: Bool = false,
        earliestBeginDate: SimTime? = nil
    ) {
        self.init(
            identifier: identifier, earliestBeginDate: earliestBeginDate,
            parameters: .processing(Processing(requiresNetworkConnectivity: requiresNetworkConnectivity, requiresExternalPower: requiresExternalPower)))
    }
}
