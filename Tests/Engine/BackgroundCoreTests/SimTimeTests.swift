import BackgroundCore
import Testing

@Suite struct SimTimeTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let text: String
        let expected: String?
        var testDescription: String { text }
    }

    static let cases: [Case] = [
        Case(text: "2026-03-01T09:15:02Z", expected: "2026-03-01T09:15:02Z"),
        Case(text: "2026-03-01T09:15:02.5Z", expected: "2026-03-01T09:15:02.500Z"),
        Case(text: "2026-03-01 09:15:02Z", expected: "2026-03-01T09:15:02Z"),
        Case(text: "2026-03-01T10:15:02+01:00", expected: "2026-03-01T09:15:02Z"),
        Case(text: "2026-03-01T04:15:02-0500", expected: "2026-03-01T09:15:02Z"),
        Case(text: "2026-03-01T09:15:02", expected: "2026-03-01T09:15:02Z"),
        Case(text: "2024-02-29T23:59:59.123456Z", expected: "2024-02-29T23:59:59.123456Z"),
        Case(text: "1969-12-31T23:59:59Z", expected: "1969-12-31T23:59:59Z"),
        Case(text: "2023-02-29T00:00:00Z", expected: nil),
        Case(text: "2026-13-01T00:00:00Z", expected: nil),
        Case(text: "2026-03-01T25:00:00Z", expected: nil),
        Case(text: "yesterday", expected: nil),
        Case(text: "2026-03-01T09:15:02.Z", expected: nil),
        Case(text: "", expected: nil),
        Case(text: "2262-04-11T23:47:16Z", expected: "2262-04-11T23:47:16Z"),  // the clock's last second
        Case(text: "2262-04-11T23:47:17Z", expected: nil),  // beyond Int64 nanoseconds: no time, no overflow trap
        Case(text: "9999-12-31T23:59:59Z", expected: nil),
        Case(text: "0001-01-01T00:00:00Z", expected: nil),
    ]

    @Test(arguments: cases) func parsesAndFormats(_ c: Case) {
        #expect(SimTime(rfc3339: c.text)?.rfc3339 == c.expected)
    }

    @Test func defaultStartIsNewYear2026() {
        #expect(SimTime.defaultStart.rfc3339 == "2026-01-01T00:00:00Z")
    }

    @Test func arithmetic() {
        let t = SimTime.defaultStart + .seconds(90)
        #expect(t.rfc3339 == "2026-01-01T00:01:30Z")
        #expect(t - .defaultStart == .seconds(90))
    }

    /// A duration's whole nanoseconds: truncated toward zero, saturating beyond Int64's ±292 years.
    @Test func aDurationsNanosecondsAreTruncatedAndSaturate() {
        #expect(Duration.seconds(1).nanoseconds == 1_000_000_000)
        #expect(Duration.milliseconds(-1500).nanoseconds == -1_500_000_000)
        #expect(Duration(secondsComponent: 0, attosecondsComponent: 1_500_000_000).nanoseconds == 1)
        #expect(Duration(secondsComponent: 9_223_372_036, attosecondsComponent: 854_775_807_000_000_000).nanoseconds == .max)
        #expect(Duration.seconds(Int64.max).nanoseconds == .max)
        #expect(Duration.seconds(Int64.min).nanoseconds == .min)
    }
}
