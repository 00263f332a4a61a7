/// A request to launch the app briefly to refresh its content (a `refresh` task, 30 s).
///
/// `@unchecked Sendable` as Apple's class is: its properties are set by the app before it submits.
open class BGAppRefreshTaskRequest: BGTaskRequest, @unchecked Sendable {
    public override init(identifier: String) {
        super.init(identifier: identifier)
    }
}
