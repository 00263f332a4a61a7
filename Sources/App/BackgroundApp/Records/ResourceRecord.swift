package import BackgroundCore

/// `resource.exceeded`: the app went over a resource limit of the system while working in the background,
/// and the system kills it (CONTRACTS.md §9). `resource` is `cpu`; `limit` and `used` are written as
/// `--cpu-limit` is (`80%/60s`: the limit; `93%/60s`: the share of one CPU it used over that window).
package struct ResourceRecord: TimelineRecord {
    package var resource: String
    package var limit: String
    package var used: String
    /// The task whose command went over, if a task's (a push's command names none).
    package var task: String?

    package init(resource: String, limit: String, used: String, task: String?) {
        self.resource = resource
        self.limit = limit
        self.used = used
        self.task = task
    }

    package var name: String { "resource.exceeded" }

    package func write(to json: inout JSONObjectWriter) {
        json.field("resource", string: resource)
        json.field("limit", string: limit)
        json.field("used", string: used)
        if let task { json.field("task", string: task) }
    }

    package var textDetail: String { "\(resource) \(used) over the limit \(limit)" + (task.map { " (\($0))" } ?? "") }

    package var drawing: TimelineDrawing { .markerAtLastPosition }
}

extension TimelineRecord where Self == ResourceRecord {
    /// A `resource.exceeded` record for the CPU: `used` is the share of one CPU over the limit's window.
    package static func cpuExceeded(limit: CPULimit, used: Double, task: String?) -> Self {
        ResourceRecord(resource: "cpu", limit: limit.description, used: "\(CPULimit.percent(used))/\(CPULimit.seconds(limit.window))", task: task)
    }
}
