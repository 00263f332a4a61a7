import BackgroundApp
import BackgroundCore
import BackgroundDevice
import BackgroundPushes
import BackgroundReport
import Foundation
import Testing

/// The push and device records in the three outputs: JSON lines with CONTRACTS.md section 6's fields, the
/// text timeline, and the report's `pushes` and `device` lanes.
@Suite struct PushRecordTests {
    static let start = SimTime.defaultStart
    static let events: [TimelineEvent] = [
        TimelineEvent(time: start, kind: .device(state: .reboot)),
        TimelineEvent(time: start + .seconds(60), kind: .device(state: .unlock)),
        TimelineEvent(time: start + .seconds(60), kind: .pushReceived(push: 1)),
        TimelineEvent(time: start + .seconds(65), kind: .pushCompleted(push: 1, result: .noData)),
        TimelineEvent(time: start + .seconds(70), kind: .pushRejected(push: 2, error: "notPermitted")),
        TimelineEvent(time: start + .seconds(80), kind: .pushThrottled(push: 3)),
        TimelineEvent(time: start + .seconds(90), kind: .pushCoalesced(push: 3, by: 4)),
        TimelineEvent(time: start + .seconds(95), kind: .pushDropped(push: 4, reason: .forceQuit)),
        TimelineEvent(time: start + .seconds(99), kind: .device(state: .lock)),
        TimelineEvent(time: start + .seconds(100), kind: .pushHeld(push: 5, reason: .lowBattery)),
        TimelineEvent(time: start + .seconds(101), kind: .pushDropped(push: 6, reason: .appUnused)),
    ]

    @Test func jsonLinesNameTheContractsFields() {
        let lines = Self.events.map { JSONLinesRenderer().render($0) }
        #expect(lines == [
            #"{"time":"2026-01-01T00:00:00Z","event":"device","state":"reboot"}"#,
            #"{"time":"2026-01-01T00:01:00Z","event":"device","state":"unlock"}"#,
            #"{"time":"2026-01-01T00:01:00Z","event":"push.received","push":1}"#,
            #"{"time":"2026-01-01T00:01:05Z","event":"push.completed","push":1,"result":"noData"}"#,
            #"{"time":"2026-01-01T00:01:10Z","event":"push.rejected","push":2,"error":"notPermitted"}"#,
            #"{"time":"2026-01-01T00:01:20Z","event":"push.throttled","push":3}"#,
            #"{"time":"2026-01-01T00:01:30Z","event":"push.coalesced","push":3,"by":4}"#,
            #"{"time":"2026-01-01T00:01:35Z","event":"push.dropped","push":4,"reason":"forceQuit"}"#,
            #"{"time":"2026-01-01T00:01:39Z","event":"device","state":"lock"}"#,
            #"{"time":"2026-01-01T00:01:40Z","event":"push.held","push":5,"reason":"lowBattery"}"#,
            #"{"time":"2026-01-01T00:01:41Z","event":"push.dropped","push":6,"reason":"appUnused"}"#,
        ])
    }

    @Test func theTextTimelineShowsEachOne() {
        let text = Self.events.map { TextTimelineRenderer().render($0) }
        #expect(text[3].hasSuffix("push.completed  1 noData"))
        #expect(text[6].hasSuffix("push.coalesced  3 by 4"))
        #expect(text[0].hasSuffix("device          reboot"))
        #expect(text[9].hasSuffix("push.held       5 lowBattery"))
    }

    @Test func theReportDrawsPushesAndTheDevice() {
        let report = TimelineReport(title: "pushes")
        for event in Self.events { report.record(event) }
        let html = report.html()
        #expect(html.contains(">push 1<title>"))
        #expect(html.contains("class=\"run success\""))
        #expect(html.contains("class=\"tick rejected\""))
        #expect(html.contains("class=\"tick waiting\""))
        #expect(html.contains("dev reboot"))
        #expect(html.contains("<i class=\"sw unlock\"></i>unlocked"))
        #expect(html.contains("1 push handled"))
        #expect(html.contains("<td>push.dropped</td>"))
        // The device lane (rank 1) above the pushes (rank 5).
        let device = html.range(of: ">device<title>")!.lowerBound
        let push = html.range(of: ">push 1<title>")!.lowerBound
        #expect(device < push)
    }
}
