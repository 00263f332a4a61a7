public import BackgroundCore
import Glibc

/// What `bgloc info` reports about a trace: counts, time span, 2D length and bounding box.
///
/// `points` counts track points (NMEA: fixes); `start`/`end` are the earliest and latest track-point times,
/// whatever their order in the file (nil when the trace has none), so the duration is never negative;
/// `firstStepBack` says where the times first go back when the trace is not in time order; `distanceMeters` sums haversine distances between
/// consecutive track points within each segment (mean Earth radius 6 371 008.8 m), never across segments;
/// `bbox` covers every point, waypoints and route points included (nil when there are none). An NMEA log
/// is one track with one segment (none when it has no fixes) and counts its skipped sentences.
///
/// ```swift
/// let summary = try TraceSummary(path: "Traces/drive-regions.gpx")
/// print(summary.json)    // CONTRACTS.md section 2
/// print(summary.text)    // for people
/// ```
public struct TraceSummary: Hashable, Sendable {
    public var path: String
    public var format: TraceFormat
    /// The GPX version attribute ("1.0", "1.1"); nil for NMEA or a GPX without one.
    public var version: String?
    public var tracks = 0
    public var segments = 0
    public var points = 0
    public var waypoints = 0
    public var routes = 0
    public var routePoints = 0
    public var start: SimTime?
    public var end: SimTime?
    /// Where the track-point times first step back (file, place, the two times); nil when in time order.
    public var firstStepBack: InputError?
    public var distanceMeters = 0.0
    /// [minLat, minLon, maxLat, maxLon].
    public var bbox: [Double]?
    /// NMEA: sentences skipped (bad checksum, no checksum, malformed); nil for GPX.
    public var skippedSentences: Int?
    /// NMEA: the first skipped sentence's problem (file, line and why), nil when none was skipped.
    public var firstSkipped: InputError?

    /// The time from `start` to `end`, nil without times.
    public var duration: Duration? {
        guard let start, let end else { return nil }
        return end - start
    }

    /// Reads the whole trace (streaming, constant memory) and summarises it.
    ///
    /// It drives the format's parser itself and reads each point where the parser left it, rather than
    /// pulling `TraceItem`s through ``TraceReader`` (a copy of about 150 bytes per point, a fifth of the time).
    ///
    /// - Throws: `InputError` for unreadable or malformed traces.
    public init(path: String) throws(InputError) {
        self.path = path
        format = try TraceFormat.detect(path: path)
        var order = TraceTimeOrder(file: path)
        var tally = TraceTally()
        switch format {
        case .gpx:
            var gpx = try GPXParser(path: path, bufferSize: TraceReader.bufferSize)
            while let kind = try gpx.advance() {
                let (latitude, longitude) = (gpx.point.latitude, gpx.point.longitude)
                guard kind == .trackPoint else {
                    tally.include(latitude: latitude, longitude: longitude)
                    continue
                }
                if let time = gpx.point.time { order.note(time, at: gpx.place()) }
                tally.trackPoint(latitude: latitude, longitude: longitude, track: gpx.track, segment: gpx.segment)
            }
            version = gpx.version
            (tracks, segments, points) = (gpx.tracks, gpx.segments, gpx.trackPoints)
            (waypoints, routes, routePoints) = (gpx.waypoints, gpx.routes, gpx.routePoints)
        case .nmea:
            var nmea = try NMEAParser(path: path, bufferSize: TraceReader.bufferSize, positionsOnly: true)
            while let event = try nmea.advance() {
                switch event {
                case .fix:
                    if let time = nmea.fix.time { order.note(time, at: .line(nmea.fixLine)) }
                    tally.trackPoint(latitude: nmea.fix.latitude, longitude: nmea.fix.longitude, track: 0, segment: 0)
                case .skipped:
                    if firstSkipped == nil { firstSkipped = nmea.problem }
                }
            }
            points = nmea.fixes
            tracks = points > 0 ? 1 : 0
            segments = tracks
            skippedSentences = nmea.skippedSentences
        }
        (start, end, firstStepBack) = (order.earliest, order.latest, order.firstStepBack)
        distanceMeters = tally.distanceMeters
        bbox = tally.bbox
    }

    /// The CONTRACTS.md section 2 object, on one line.
    public var json: String {
        var out = JSONObjectWriter()
        out.field("format", string: format.rawValue)
        if let version { out.field("version", string: version) } else { out.fieldNull("version") }
        out.field("tracks", integer: tracks)
        out.field("segments", integer: segments)
        out.field("points", integer: points)
        out.field("waypoints", integer: waypoints)
        out.field("routes", integer: routes)
        out.field("routePoints", integer: routePoints)
        if let start { out.field("start", string: start.rfc3339) } else { out.fieldNull("start") }
        if let end { out.field("end", string: end.rfc3339) } else { out.fieldNull("end") }
        if let duration { out.field("durationSeconds", number: duration.seconds) } else { out.fieldNull("durationSeconds") }
        out.field("distanceMeters", number: (distanceMeters * 1000).rounded() / 1000)
        if let bbox {
            out.field("bbox", raw: "[" + bbox.map(JSONObjectWriter.number).joined(separator: ",") + "]")
        } else {
            out.fieldNull("bbox")
        }
        if let skippedSentences { out.field("skippedSentences", integer: skippedSentences) }
        if let firstSkipped { out.field("firstSkipped", string: firstSkipped.description) }
        if let firstStepBack { out.field("firstStepBack", string: firstStepBack.description) }
        return out.finish()
    }

    /// A readable multi-line summary.
    public var text: String {
        var lines = ["\(path): \(format == .gpx ? "GPX \(version ?? "(no version)")" : "NMEA 0183 log")"]
        if format == .gpx {
            lines.append("  \(tracks) track\(tracks == 1 ? "" : "s"), \(segments) segment\(segments == 1 ? "" : "s"), \(points) point\(points == 1 ? "" : "s")")
            lines.append("  \(waypoints) waypoint\(waypoints == 1 ? "" : "s"), \(routes) route\(routes == 1 ? "" : "s") with \(routePoints) point\(routePoints == 1 ? "" : "s")")
        } else {
            lines.append("  \(points) fix\(points == 1 ? "" : "es"), \(skippedSentences ?? 0) sentence\(skippedSentences == 1 ? "" : "s") skipped")
            if let firstSkipped { lines.append("  first skipped: \(firstSkipped)") }
        }
        if let start, let end, let duration {
            lines.append("  from \(start.rfc3339) to \(end.rfc3339) (\(DurationSyntax.format(duration)))")
        } else {
            lines.append("  no times")
        }
        if let firstStepBack { lines.append("  not in time order: \(firstStepBack)") }
        let km = (distanceMeters / 10).rounded() / 100
        lines.append("  distance \(km < 1 ? "\(Int(distanceMeters.rounded())) m" : "\(km) km") (2D, within segments)")
        if let bbox {
            lines.append("  bounds \(bbox[0]), \(bbox[1]) to \(bbox[2]), \(bbox[3])")
        }
        return lines.joined(separator: "\n")
    }
}
