/// A request to launch the app briefly to refresh its content (a `refresh` task, 30 s).
open class BGAppRefreshTaskRequest: BGTaskRequest, @unchecked Sendable {
    public override init(identifier: String) {
        super.init(identifier: identifier)
    }
}
