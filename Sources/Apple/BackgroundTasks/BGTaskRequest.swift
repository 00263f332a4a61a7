/// A request to launch the app in the background, as Apple's `BGTaskRequest`: submit a copy with
/// `BGTaskScheduler.shared.submit(_:)`; changing the object afterwards changes nothing.
open class BGTaskRequest: NSObject, @unchecked Sendable {
    /// The identifier of the task, one of the app's `BGTaskSchedulerPermittedIdentifiers`.
    public let identifier: String
    /// The earliest time the task may launch; nil: no delay.
    open var earliestBeginDate: Date?

    init(identifier: String) {
        self.identifier = identifier
    }

    open override var description: String {
        "<\(type(of: self)): \(identifier), earliestBeginDate: \(earliestBeginDate.map { "\($0)" } ?? "(null)")>"
    }
}
