public import BackgroundCore

/// `resource.exceeded`: the app went over a resource limit of the system while working in the background,
/// and the system kills it (CONTRACTS.md §9). `resource` is `cpu`; `limit` and `used` are written as
/// `--cpu-limit` is (`80%/60s`: the limit; `93%/60s`: the share of one CPU it used over that window).
public struct ResourceRecord: TimelineRecord {
    public var resource: String
    public var limit: String
    public var used: String
    /// The task whose command went over, if a task's (a push's command names none).
    public var task: String?

    public init(resource: String, limit: String, used: String, task: String?) {
        self.resource = resource
        self.limit = limit
        self.used = used
        self.task = task
    }

    public var name: String { "resource.exceeded" }

    public func write(to json: inout JSONObjectWriter) {
        json.field("resource", string: resource)
        json.field("limit", string: limit)
        json.field("used", string: used)
        if let task { json.field("task", string: task) }
    }

    public var textDetail: String { "\(resource) \(used) over the limit \(limit)" + (task.map { " (\($0))" } ?? "") }

    public var drawing: TimelineDrawing { .markerAtLastPosition }
}

extension TimelineRecord where Self == ResourceRecord {
    /// A `resource.exceeded` record for the CPU: `used` is the share of one CPU over the limit's window.
    public static func cpuExceeded(limit: CPULimit, used: Double, task: String?) -> Self {
        ResourceRecord(resource: "cpu", limit: limit.description, used: "\(CPULimit.percent(used))/\(CPULimit.seconds(limit.window))", task: task)
    }
}
