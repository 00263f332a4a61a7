import BackgroundCore

/// The device's cellular data budget for discretionary transfers under the realistic policy
/// (``SystemDiscretion``): a bucket of `perDay` bytes that starts full and refills continuously, `perDay` per
/// 24 hours, up to `perDay`.
///
/// Exact on integers: the bucket is kept in byte-nanoseconds (bytes × the nanoseconds of a day), so that
/// the same spends at the same times give the same times to wait, however often it is asked.
struct CellularBudget {
    let perDay: Int64
    /// What the bucket holds, in bytes × nanoseconds of a day.
    private var scaled: Int128
    private var at: SimTime?

    private static let day = Int128(SimCalendar.nanosecondsPerDay)

    init(perDay: Int64) {
        precondition(perDay >= 1, "CellularBudget: at least one byte per day")
        self.perDay = perDay
        scaled = Int128(perDay) * Self.day
    }

    /// Moves the bucket's time to `now`, adding what refilled since.
    mutating func refill(to now: SimTime) {
        if let at, now > at {
            scaled = min(Int128(perDay) * Self.day, scaled + Int128(perDay) * Int128((now - at).nanoseconds))
        }
        at = max(at ?? now, now)
    }

    /// Takes `bytes` out at `now` (never below empty), after refilling to then.
    mutating func spend(_ bytes: Int64, at now: SimTime) {
        refill(to: now)
        scaled = max(0, scaled - Int128(bytes) * Self.day)
    }

    /// When the bucket will hold `bytes`, from `now` (after ``refill(to:)``); nil when it never will.
    func time(toAfford bytes: Int64, from now: SimTime) -> SimTime? {
        guard bytes <= perDay else { return nil }
        let missing = Int128(bytes) * Self.day - scaled
        guard missing > 0 else { return now }
        let wait = (missing + Int128(perDay) - 1) / Int128(perDay)
        return now + .nanoseconds(Int64(wait))
    }
}
