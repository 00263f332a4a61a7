import Glibc

/// A point in time on the emulator's clock: nanoseconds since 1970-01-01T00:00:00Z.
///
/// Replays and simulations run on virtual time, so every timestamp in bgkit is a `SimTime` rather than a
/// `Date`: it is exact (integer nanoseconds), cheap to compare and formats to RFC 3339 without Foundation.
///
/// ```swift
/// let start = SimTime(rfc3339: "2026-01-01T00:00:00Z")!
/// let later = start + .seconds(90)
/// later.rfc3339   // "2026-01-01T00:01:30Z"
/// ```
public struct SimTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Nanoseconds since the Unix epoch, UTC.
    public var nanosecondsSinceEpoch: Int64

    public init(nanosecondsSinceEpoch: Int64) {
        self.nanosecondsSinceEpoch = nanosecondsSinceEpoch
    }

    /// A time from (possibly fractional) seconds since the Unix epoch.
    public init(secondsSinceEpoch: Double) {
        self.nanosecondsSinceEpoch = Int64((secondsSinceEpoch * 1e9).rounded())
    }

    /// The default start of a simulation, `2026-01-01T00:00:00Z` (CONTRACTS.md section 4).
    public static let defaultStart = SimTime(nanosecondsSinceEpoch: 1_767_225_600 * 1_000_000_000)

    /// The machine's wall clock (CLOCK_REALTIME), used by live runs.
    public static func now() -> SimTime {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return SimTime(nanosecondsSinceEpoch: Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec))
    }

    public var secondsSinceEpoch: Double { Double(nanosecondsSinceEpoch) / 1e9 }

    public static func < (lhs: SimTime, rhs: SimTime) -> Bool {
        lhs.nanosecondsSinceEpoch < rhs.nanosecondsSinceEpoch
    }

    public static func + (lhs: SimTime, rhs: Duration) -> SimTime {
        SimTime(nanosecondsSinceEpoch: lhs.nanosecondsSinceEpoch + rhs.nanoseconds)
    }

    public static func - (lhs: SimTime, rhs: Duration) -> SimTime {
        SimTime(nanosecondsSinceEpoch: lhs.nanosecondsSinceEpoch - rhs.nanoseconds)
    }

    public static func - (lhs: SimTime, rhs: SimTime) -> Duration {
        .nanoseconds(lhs.nanosecondsSinceEpoch - rhs.nanosecondsSinceEpoch)
    }

    /// RFC 3339 in UTC with a `Z`; fractional seconds only when there are any (3, 6 or 9 digits).
    public var rfc3339: String { RFC3339.format(self, separator: "T") }

    public var description: String { rfc3339 }

    /// Parses an RFC 3339 / ISO 8601 timestamp: `Z` or a numeric offset, optional fractional seconds,
    /// and a space instead of `T` (as some GPX writers produce). Returns nil when it is not one.
    public init?(rfc3339 text: some StringProtocol) {
        var copy = String(text)
        guard let parsed = copy.withUTF8({ RFC3339.parse($0) }) else { return nil }
        self = parsed
    }

    /// Parses RFC 3339 from raw UTF-8 bytes, the parsers' hot path (no allocation).
    public init?(rfc3339Bytes bytes: UnsafeBufferPointer<UInt8>) {
        guard let parsed = RFC3339.parse(bytes) else { return nil }
        self = parsed
    }
}

extension Duration {
    /// The whole duration in nanoseconds (saturating for durations beyond ±292 years).
    public var nanoseconds: Int64 {
        // One 128-bit division (`components` takes two, and this runs for every action an engine schedules).
        let nanoseconds = attoseconds / 1_000_000_000
        if nanoseconds > Int128(Int64.max) { return .max }
        if nanoseconds < Int128(Int64.min) { return .min }
        return Int64(nanoseconds)
    }

    /// The duration in (fractional) seconds.
    public var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
