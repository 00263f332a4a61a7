/// Renders timeline events as a human timeline: one aligned line per event, the time, the event's name
/// and the record's ``TimelineRecord/textDetail``.
///
/// ```
/// 2026-01-01 00:15:00      task.launched   com.example.tour.refresh
/// 2026-01-01 00:15:04      task.completed  com.example.tour.refresh succeeded
/// 2026-01-01 00:15:04.750  audio.finished  Examples/AudioTour/audio/lindenhof.wav
/// 2026-01-01 02:00:00      conditions      network none · power battery · battery 80% · in use · background refresh on
/// ```
public struct TextTimelineRenderer: Sendable {
    public init() {}

    /// One line of text, without the trailing newline.
    public func render(_ event: TimelineEvent) -> String {
        var time = Self.time(event.time)
        if time.utf8.count < 23 { time += String(repeating: " ", count: 23 - time.utf8.count) }  // room for .mmm
        let name = event.kind.name
        let padded = name.count < 16 ? name + String(repeating: " ", count: 16 - name.count) : name + " "
        return "\(time)  \(padded)\(event.kind.textDetail)"
    }

    /// `latitude, longitude` with six decimals, as every text line shows a position.
    public static func coordinate(_ latitude: Double, _ longitude: Double) -> String {
        "\(fixed(latitude, 6)), \(fixed(longitude, 6))"
    }

    /// A time as the text timeline shows it, to the millisecond (`2026-01-01 00:15:04.750`): a finer
    /// fraction (`.000008800`) is cut, so that every line's columns stay in line.
    public static func time(_ time: SimTime) -> String {
        let nanoseconds = time.nanosecondsSinceEpoch
        var remainder = nanoseconds % 1_000_000
        if remainder < 0 { remainder += 1_000_000 }
        return RFC3339.format(SimTime(nanosecondsSinceEpoch: nanoseconds - remainder), separator: " ")
    }

    /// `value` with exactly `digits` decimals, rounded half away from zero, without Foundation.
    public static func fixed(_ value: Double, _ digits: Int) -> String {
        guard value.isFinite else { return String(value) }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        let whole = Int64(scaled / scale)
        let frac = Int64(scaled - Double(whole) * scale)
        let sign = value < 0 && scaled != 0 ? "-" : ""
        guard digits > 0 else { return "\(sign)\(whole)" }
        let fracText = String(frac)
        return "\(sign)\(whole).\(String(repeating: "0", count: digits - fracText.count))\(fracText)"
    }
}
