public import BackgroundCore

/// One thing a trace reader found, in file order.
///
/// Replays usually want only `trackPoint`s (an NMEA log yields all its fixes as track 0, segment 0) and
/// report `skipped` ones as `error` events; `bgloc info` counts everything.
public enum TraceItem: Hashable, Sendable {
    /// A track point (`trkpt`) or an NMEA fix. `track` counts tracks from 0; `segment` counts segments
    /// within that track from 0.
    case trackPoint(LocationFix, track: Int, segment: Int)
    /// A route point (`rtept`) of route `route` (from 0).
    case routePoint(LocationFix, route: Int)
    /// A waypoint (`wpt`).
    case waypoint(LocationFix)
    /// An NMEA sentence that was skipped (bad checksum, no checksum, malformed), with where and why.
    case skipped(InputError)

    /// The fix of a track point, or nil for anything else.
    public var trackFix: LocationFix? {
        if case .trackPoint(let fix, _, _) = self { fix } else { nil }
    }
}
