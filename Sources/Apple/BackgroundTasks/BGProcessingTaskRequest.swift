/// A request to launch the app for deferrable work (a `processing` task), while the device is idle and the
/// requirements hold.
open class BGProcessingTaskRequest: BGTaskRequest, @unchecked Sendable {
    /// Whether the task needs a network connection.
    open var requiresNetworkConnectivity = false
    /// Whether the task needs the device on external power (which also turns the CPU monitor off).
    open var requiresExternalPower = false

    public override init(identifier: String) {
        super.init(identifier: identifier)
    }
}
