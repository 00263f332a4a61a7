import BackgroundScheduler

/// A request to launch the app for deferrable work (a `processing` task), while the device is idle and the
/// requirements hold.
///
/// `@unchecked Sendable` as Apple's class is: its properties are set by the app before it submits.
open class BGProcessingTaskRequest: BGTaskRequest, @unchecked Sendable {
    /// Whether the task needs a network connection.
    open var requiresNetworkConnectivity = false
    /// Whether the task needs the device on external power (which also turns the CPU monitor off).
    open var requiresExternalPower = false

    public override init(identifier: String) {
        super.init(identifier: identifier)
    }

    /// A pending request's copy.
    init(identifier: String, _ processing: TaskRequest.Processing) {
        requiresNetworkConnectivity = processing.requiresNetworkConnectivity
        requiresExternalPower = processing.requiresExternalPower
        super.init(identifier: identifier)
    }

    override var parameters: TaskRequest.Parameters {
        .processing(.init(requiresNetworkConnectivity: requiresNetworkConnectivity, requiresExternalPower: requiresExternalPower))
    }
}
