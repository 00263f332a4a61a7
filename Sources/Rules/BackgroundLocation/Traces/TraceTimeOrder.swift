public import BackgroundCore

/// Follows a trace's fix times in file order: the real span (earliest to latest, whatever the order) and
/// the first place where time steps back, which `bgloc info` reports and `bgloc replay` warns about.
///
/// Equal times are in order (receivers stamp several sentences with one time); a fix without a time
/// neither breaks nor restores the order.
///
/// ```swift
/// var order = TraceTimeOrder(file: path)
/// while let item = try reader.next() {
///     if let time = item.trackFix?.time { order.note(time, at: reader.place) }
/// }
/// if let stepBack = order.firstStepBack { print(stepBack) }   // walk.gpx:40:3: time steps back …
/// ```
public struct TraceTimeOrder: Hashable, Sendable {
    /// The trace's path, for the place of the first step back.
    public let file: String
    /// The earliest time noted, nil before any.
    public private(set) var earliest: SimTime?
    /// The latest time noted, nil before any.
    public private(set) var latest: SimTime?
    /// Where time first steps back and from what to what; nil while the times are in order.
    public private(set) var firstStepBack: InputError?
    private var previous: SimTime?

    public init(file: String) {
        self.file = file
    }

    /// True while every time noted is at or after the one before it.
    public var isInOrder: Bool { firstStepBack == nil }

    /// The time from `earliest` to `latest` (never negative), nil without times.
    public var span: Duration? {
        guard let earliest, let latest else { return nil }
        return latest - earliest
    }

    /// Notes the next fix's time, at `place` in the file (asked for only at the first step back). Returns
    /// true when this is the first step back.
    @discardableResult
    public mutating func note(_ time: SimTime, at place: @autoclosure () -> InputError.Place) -> Bool {
        defer { previous = time }
        if earliest.map({ time < $0 }) ?? true { earliest = time }
        if latest.map({ time > $0 }) ?? true { latest = time }
        guard let previous, time < previous, firstStepBack == nil else { return false }
        firstStepBack = InputError(
            file: file, place: place(),
            message: "time steps back from \(previous.rfc3339) to \(time.rfc3339)")
        return true
    }
}
