/// Renders timeline events as a human timeline: one aligned line per event.
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
        var time = RFC3339.format(event.time, separator: " ")
        if time.utf8.count < 23 { time += String(repeating: " ", count: 23 - time.utf8.count) }  // room for .mmm
        let name = event.kind.name
        let padded = name.count < 16 ? name + String(repeating: " ", count: 16 - name.count) : name + " "
        return "\(time)  \(padded)\(detail(event.kind))"
    }

    private func coordinate(_ lat: Double, _ lon: Double) -> String {
        "\(fixed(lat, 6)), \(fixed(lon, 6))"
    }

    private func detail(_ kind: TimelineEvent.Kind) -> String {
        switch kind {
        case .location(let fix):
            var parts = [coordinate(fix.latitude, fix.longitude)]
            if let alt = fix.altitude { parts.append("alt \(fixed(alt, 1)) m") }
            if let speed = fix.speed { parts.append("\(fixed(speed, 1)) m/s") }
            if let course = fix.course { parts.append("course \(fixed(course, 0))°") }
            if let accuracy = fix.horizontalAccuracy { parts.append("±\(fixed(accuracy, 0)) m") }
            return parts.joined(separator: " · ")
        case .significant(let lat, let lon):
            return coordinate(lat, lon)
        case .state(let region, let state):
            return "\(region) is \(state.rawValue)"
        case .enter(let region, let lat, let lon):
            return "entered \(region) at \(coordinate(lat, lon))"
        case .exit(let region, let lat, let lon):
            return "left \(region) at \(coordinate(lat, lon))"
        case .pause:
            return "location updates paused (stationary)"
        case .resume:
            return "location updates resumed"
        case .error(let message, let code):
            return code.map { "\(message) [\($0)]" } ?? message
        case .taskSubmitted(let task, let kind, let earliestBegin):
            let begin = earliestBegin.map { ", not before \(RFC3339.format($0, separator: " "))" } ?? ""
            return "\(task) (\(kind.rawValue)\(begin))"
        case .taskRejected(let task, let error):
            return "\(task) rejected: \(error)"
        case .taskLaunched(let task), .taskExpired(let task):
            return task
        case .taskCompleted(let task, let success):
            return "\(task) \(success ? "succeeded" : "failed")"
        case .conditions(let c):
            return [
                "network \(c.network.rawValue)", "power \(c.power.rawValue)", "battery \(c.battery)%",
                c.idle ? "idle" : "in use", c.lowPower ? "low power" : nil,
                "background refresh \(c.backgroundRefresh ? "on" : "off")",
            ].compactMap { $0 }.joined(separator: " · ")
        case .lifecycle(let state, let reason):
            return reason.map { "\(state.rawValue) (\($0))" } ?? state.rawValue
        case .audioStarted(let file), .audioPaused(let file), .audioResumed(let file), .audioInterrupted(let file):
            return file
        case .audioFinished(let file, let success):
            return "\(file)\(success ? "" : " (failed)")"
        }
    }

    /// `value` with exactly `digits` decimals, rounded half away from zero, without Foundation.
    public func fixed(_ value: Double, _ digits: Int) -> String {
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
