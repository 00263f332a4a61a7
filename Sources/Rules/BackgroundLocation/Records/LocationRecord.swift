public import BackgroundCore

/// `location`: a continuous update that passed the manager's filters (`didUpdateLocations`).
public struct LocationRecord: TimelineRecord {
    public var fix: LocationFix

    public init(_ fix: LocationFix) {
        self.fix = fix
    }

    public var name: String { "location" }

    public func write(to json: inout JSONObjectWriter) {
        json.field("lat", number: fix.latitude)
        json.field("lon", number: fix.longitude)
        if let alt = fix.altitude { json.field("alt", number: alt) }
        if let speed = fix.speed { json.field("speed", number: speed) }
        if let course = fix.course { json.field("course", number: course) }
        if let accuracy = fix.horizontalAccuracy { json.field("accuracy", number: accuracy) }
    }

    public var textDetail: String {
        var parts = [TextTimelineRenderer.coordinate(fix.latitude, fix.longitude)]
        if let alt = fix.altitude { parts.append("alt \(TextTimelineRenderer.fixed(alt, 1)) m") }
        if let speed = fix.speed { parts.append("\(TextTimelineRenderer.fixed(speed, 1)) m/s") }
        if let course = fix.course { parts.append("course \(TextTimelineRenderer.fixed(course, 0))°") }
        if let accuracy = fix.horizontalAccuracy { parts.append("±\(TextTimelineRenderer.fixed(accuracy, 0)) m") }
        return parts.joined(separator: " · ")
    }

    public var drawing: TimelineDrawing { .track(latitude: fix.latitude, longitude: fix.longitude) }
}

extension TimelineRecord where Self == LocationRecord {
    /// A `location` record.
    public static func location(_ fix: LocationFix) -> Self { LocationRecord(fix) }
}
