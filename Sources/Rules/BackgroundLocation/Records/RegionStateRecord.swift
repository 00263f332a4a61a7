public import BackgroundCore

/// `state`: a region's state was determined (`didDetermineState`).
public struct RegionStateRecord: TimelineRecord {
    public var region: String
    public var state: RegionState

    public init(region: String, state: RegionState) {
        self.region = region
        self.state = state
    }

    public var name: String { "state" }

    public func write(to json: inout JSONObjectWriter) {
        json.field("region", string: region)
        json.field("state", string: state.rawValue)
    }

    public var textDetail: String { "\(region) is \(state.rawValue)" }

    public var drawing: TimelineDrawing { .tableRow }
}

extension TimelineRecord where Self == RegionStateRecord {
    /// A `state` record.
    public static func state(region: String, state: RegionState) -> Self { RegionStateRecord(region: region, state: state) }
}
