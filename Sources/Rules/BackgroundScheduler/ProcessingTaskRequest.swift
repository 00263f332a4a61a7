import BackgroundCore

/// A request to launch the app in the background for deferrable, longer work (Apple's
/// `BGProcessingTaskRequest`): it launches only while the device is idle and its requirements hold, and
/// runs until it finishes or one of those is lost.
///
/// ```swift
/// let upload = ProcessingTaskRequest(identifier: "com.example.upload")
/// upload.requiresNetworkConnectivity = true
/// upload.requiresExternalPower = true
/// try scheduler.submit(upload)
/// ```
public final class ProcessingTaskRequest: TaskRequest {
    /// The task needs a network connection (Wi-Fi or cellular).
    public var requiresNetworkConnectivity = false
    /// The task needs the device on external power (charging or full).
    public var requiresExternalPower = false

    public init(identifier: String) {
        super.init(identifier: identifier, kind: .processing, earliestBeginDate: nil)
    }

    override func copy() -> TaskRequest {
        let copy = ProcessingTaskRequest(identifier: identifier)
        copy.earliestBeginDate = earliestBeginDate
        copy.requiresNetworkConnectivity = requiresNetworkConnectivity
        copy.requiresExternalPower = requiresExternalPower
        return copy
    }

    public override var description: String {
        super.description + (requiresNetworkConnectivity ? ", needs network" : "")
            + (requiresExternalPower ? ", needs external power" : "")
    }
}
