/// Renders timeline events as the JSON-lines event stream of CONTRACTS.md section 1: one object per line,
/// keys in a fixed order (`time`, `event`, then the kind's fields), numbers in their shortest exact form.
///
/// ```swift
/// JSONLinesRenderer().render(TimelineEvent(time: .defaultStart, kind: .taskLaunched(task: "refresh")))
/// // {"time":"2026-01-01T00:00:00Z","event":"task.launched","task":"refresh"}
/// ```
public struct JSONLinesRenderer: Sendable {
    public init() {}

    /// One line of JSON, without the trailing newline.
    public func render(_ event: TimelineEvent) -> String {
        var out = JSONObjectWriter()
        out.field("time", string: event.time.rfc3339)
        out.field("event", string: event.kind.name)
        switch event.kind {
        case .location(let fix):
            out.field("lat", number: fix.latitude)
            out.field("lon", number: fix.longitude)
            if let alt = fix.altitude { out.field("alt", number: alt) }
            if let speed = fix.speed { out.field("speed", number: speed) }
            if let course = fix.course { out.field("course", number: course) }
            if let accuracy = fix.horizontalAccuracy { out.field("accuracy", number: accuracy) }
        case .significant(let lat, let lon):
            out.field("lat", number: lat)
            out.field("lon", number: lon)
        case .state(let region, let state):
            out.field("region", string: region)
            out.field("state", string: state.rawValue)
        case .enter(let region, let lat, let lon), .exit(let region, let lat, let lon):
            out.field("region", string: region)
            out.field("lat", number: lat)
            out.field("lon", number: lon)
        case .pause, .resume:
            break
        case .error(let message, let code):
            out.field("message", string: message)
            if let code { out.field("code", string: code) }
        case .taskSubmitted(let task, let kind, let earliestBegin):
            out.field("task", string: task)
            out.field("kind", string: kind.rawValue)
            if let earliestBegin { out.field("earliestBegin", string: earliestBegin.rfc3339) } else {
                out.fieldNull("earliestBegin")
            }
        case .taskRejected(let task, let error):
            out.field("task", string: task)
            out.field("error", string: error)
        case .taskLaunched(let task), .taskExpired(let task):
            out.field("task", string: task)
        case .taskCompleted(let task, let success):
            out.field("task", string: task)
            out.field("success", bool: success)
        case .conditions(let c):
            out.field("network", string: c.network.rawValue)
            out.field("power", string: c.power.rawValue)
            out.field("battery", integer: c.battery)
            out.field("idle", bool: c.idle)
            out.field("lowPower", bool: c.lowPower)
            out.field("backgroundRefresh", string: c.backgroundRefresh ? "on" : "off")
        case .lifecycle(let state, let reason):
            out.field("state", string: state.rawValue)
            if let reason { out.field("reason", string: reason) }
        case .audioStarted(let file), .audioPaused(let file), .audioResumed(let file), .audioInterrupted(let file):
            out.field("file", string: file)
        case .audioFinished(let file, let success):
            out.field("file", string: file)
            out.field("success", bool: success)
        }
        return out.finish()
    }
}

/// Builds one JSON object with keys in the order they are added.
public struct JSONObjectWriter: Sendable {
    private var text = "{"
    private var first = true

    public init() {}

    private mutating func key(_ name: String) {
        if !first { text.append(",") }
        first = false
        JSONObjectWriter.appendString(name, to: &text)
        text.append(":")
    }

    public mutating func field(_ name: String, string value: String) {
        key(name)
        JSONObjectWriter.appendString(value, to: &text)
    }

    public mutating func field(_ name: String, number value: Double) {
        key(name)
        text.append(JSONObjectWriter.number(value))
    }

    public mutating func field(_ name: String, integer value: Int) {
        key(name)
        text.append(String(value))
    }

    public mutating func field(_ name: String, bool value: Bool) {
        key(name)
        text.append(value ? "true" : "false")
    }

    public mutating func fieldNull(_ name: String) {
        key(name)
        text.append("null")
    }

    /// Adds already-serialised JSON (an array or a nested object) as the value.
    public mutating func field(_ name: String, raw json: String) {
        key(name)
        text.append(json)
    }

    public mutating func finish() -> String {
        text.append("}")
        return text
    }

    /// A JSON number: integral values without a fraction, others in Swift's shortest round-trip form;
    /// non-finite values, which JSON cannot carry, as `null`.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// Appends `value` as a quoted JSON string with the escapes RFC 8259 requires.
    public static func appendString(_ value: String, to out: inout String) {
        out.append("\"")
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out.append("\\\"")
            case "\\": out.append("\\\\")
            case "\n": out.append("\\n")
            case "\r": out.append("\\r")
            case "\t": out.append("\\t")
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out.append("\"")
    }
}
