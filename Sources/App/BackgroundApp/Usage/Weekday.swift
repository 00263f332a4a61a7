/// A day of the week, as a `usage:` entry's `days:` names it (`[mon, tue, wed, thu, fri]`), in simulation
/// time, UTC.
///
/// ```swift
/// Weekday(ofDay: 0)        // .thu: 1970-01-01 was a Thursday
/// ```
package enum Weekday: String, CaseIterable, Hashable, Sendable {
    case mon, tue, wed, thu, fri, sat, sun

    /// The weekday of the day `day` days after 1970-01-01 (a Thursday), negative days before it.
    package init(ofDay day: Int64) {
        // 1970-01-01 is a Thursday: index 3 counting from Monday.
        let index = Int(((day + 3) % 7 + 7) % 7)
        self = Self.allCases[index]
    }
}
