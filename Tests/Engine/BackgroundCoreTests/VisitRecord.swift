import BackgroundCore

/// A record of the tests' own, as a module would define one: a visit to a place, with an optional time.
struct VisitRecord: TimelineRecord {
    var place: String
    var until: SimTime?

    var name: String { "visit" }

    func write(to json: inout JSONObjectWriter) {
        json.field("place", string: place)
        if let until { json.field("until", time: until) } else { json.fieldNull("until") }
    }

    var textDetail: String { until.map { "\(place) until \(TextTimelineRenderer.time($0))" } ?? place }

    var drawing: TimelineDrawing { .tableRow }
}

extension TimelineRecord where Self == VisitRecord {
    static func visit(_ place: String, until: SimTime? = nil) -> Self { VisitRecord(place: place, until: until) }
}
