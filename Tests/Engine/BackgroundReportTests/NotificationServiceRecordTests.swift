import BackgroundCore
import BackgroundPushes
import BackgroundReport
import Testing

/// The notification service extension's records in the three outputs: JSON lines, the text timeline and the
/// report's `pushes` lane (a bar of its own beside the push's row).
@Suite struct NotificationServiceRecordTests {
    static let start = SimTime.defaultStart
    static let events: [TimelineEvent] = [
        TimelineEvent(time: start, kind: .notificationServiceLaunched(push: 1)),
        TimelineEvent(time: start + .seconds(3), kind: .notificationServiceCompleted(push: 1)),
        TimelineEvent(time: start + .seconds(3), kind: .pushDisplayed(push: 1, content: .modified)),
        TimelineEvent(time: start + .seconds(60), kind: .notificationServiceLaunched(push: 2)),
        TimelineEvent(time: start + .seconds(90), kind: .notificationServiceExpired(push: 2, reason: .timeLimit)),
        TimelineEvent(time: start + .seconds(90), kind: .pushDisplayed(push: 2, content: .original)),
        TimelineEvent(time: start + .seconds(95), kind: .pushDisplayed(push: 3)),
    ]

    @Test func jsonLinesCarryThePushTheReasonAndTheContent() {
        #expect(Self.events.map { JSONLinesRenderer().render($0) } == [
            #"{"time":"2026-01-01T00:00:00Z","event":"notificationService.launched","push":1}"#,
            #"{"time":"2026-01-01T00:00:03Z","event":"notificationService.completed","push":1}"#,
            #"{"time":"2026-01-01T00:00:03Z","event":"push.displayed","push":1,"content":"modified"}"#,
            #"{"time":"2026-01-01T00:01:00Z","event":"notificationService.launched","push":2}"#,
            #"{"time":"2026-01-01T00:01:30Z","event":"notificationService.expired","push":2,"reason":"timeLimit"}"#,
            #"{"time":"2026-01-01T00:01:30Z","event":"push.displayed","push":2,"content":"original"}"#,
            #"{"time":"2026-01-01T00:01:35Z","event":"push.displayed","push":3}"#,
        ])
    }

    @Test func theTextTimelineShowsEachOne() {
        let text = Self.events.map { TextTimelineRenderer().render($0) }
        #expect(text[4].hasSuffix("notificationService.expired 2 timeLimit"))
        #expect(text[5].hasSuffix("push.displayed  2 original"))
        #expect(text[6].hasSuffix("push.displayed  3"))
    }

    @Test func theReportDrawsTheExtensionsRunAndListsEveryEvent() {
        let report = TimelineReport(title: "service")
        for event in Self.events { report.record(event) }
        let html = report.html()
        #expect(html.contains(">push 1 extension<title>"))
        #expect(html.contains("class=\"run success\""))
        #expect(html.contains("class=\"run expired\""))
        for name in ["notificationService.launched", "notificationService.completed", "notificationService.expired", "push.displayed"] {
            #expect(html.contains(name), "\(name) is missing from the report")
        }
    }
}
