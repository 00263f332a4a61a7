import BackgroundCore

/// The device's daily budget of background pushes under the realistic policy (``SystemDiscretion``): the
/// deliveries of the budget's day, a day that starts at ``SystemDiscretion/Configuration/dailyPushReset``.
struct DailyPushBudget {
    let perDay: Int
    let reset: Duration
    /// The day of the budget (whole days since the first reset before the epoch) and its deliveries.
    private var day: Int64 = 0
    private var deliveries = 0

    init(_ configuration: SystemDiscretion.Configuration) {
        perDay = configuration.dailyPushBudget
        reset = configuration.dailyPushReset
    }

    /// When the budget lets a push go, asked at `time`: then, or at the next reset when the day's budget
    /// is spent.
    func nextDelivery(at time: SimTime) -> SimTime {
        let day = day(of: time)
        guard day == self.day, deliveries >= perDay else { return time }
        return SimCalendar.midnight(ofDay: day + 1) + reset
    }

    /// A push delivered at `time` counts against its day's budget.
    mutating func count(at time: SimTime) {
        let day = day(of: time)
        deliveries = day == self.day ? deliveries + 1 : 1
        self.day = day
    }

    /// The day of the budget `time` falls in: whole days since the reset time of 1970-01-01.
    private func day(of time: SimTime) -> Int64 {
        SimCalendar.day(of: time - reset)
    }
}
