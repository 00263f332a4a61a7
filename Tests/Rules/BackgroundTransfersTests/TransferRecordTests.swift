import BackgroundCore
import BackgroundReport
import BackgroundTransfers
import Testing

/// The session's records in the event stream of CONTRACTS.md section 5 and the text timeline.
@Suite struct TransferRecordTests {
    let t = SimTime(rfc3339: "2026-03-01T09:15:02Z")!
    let json = JSONLinesRenderer()

    @Test func jsonLinesFollowTheContract() {
        let url = "https://example.org/v.log"
        #expect(json.render(TimelineEvent(time: t, kind: .transferCreated(transfer: 3, kind: "upload", url: url, bytes: 1200, key: "k")))
            == #"{"time":"2026-03-01T09:15:02Z","event":"transfer.created","transfer":3,"kind":"upload","url":"https://example.org/v.log","bytes":1200,"key":"k"}"#)
        #expect(json.render(TimelineEvent(time: t, kind: .transferWaiting(transfer: 3, reason: .expensiveNotAllowed)))
            == #"{"time":"2026-03-01T09:15:02Z","event":"transfer.waiting","transfer":3,"reason":"expensiveNotAllowed"}"#)
        #expect(json.render(TimelineEvent(time: t, kind: .transferStarted(transfer: 3, offset: 4000)))
            == #"{"time":"2026-03-01T09:15:02Z","event":"transfer.started","transfer":3,"offset":4000}"#)
        #expect(json.render(TimelineEvent(time: t, kind: .transferStarted(transfer: 3, offset: nil)))
            == #"{"time":"2026-03-01T09:15:02Z","event":"transfer.started","transfer":3}"#)
        #expect(json.render(TimelineEvent(time: t, kind: .transferRetrying(transfer: 3, reason: "timedOut", next: t + .seconds(20))))
            == #"{"time":"2026-03-01T09:15:02Z","event":"transfer.retrying","transfer":3,"reason":"timedOut","next":"2026-03-01T09:15:22Z"}"#)
        #expect(json.render(TimelineEvent(time: t, kind: .transferRetrying(transfer: 3, reason: "networkConnectionLost")))
            == #"{"time":"2026-03-01T09:15:02Z","event":"transfer.retrying","transfer":3,"reason":"networkConnectionLost"}"#)
        #expect(json.render(TimelineEvent(time: t, kind: .transferCompleted(transfer: 3, status: 503, bytes: 1200)))
            == #"{"time":"2026-03-01T09:15:02Z","event":"transfer.completed","transfer":3,"status":503,"bytes":1200}"#)
        #expect(json.render(TimelineEvent(time: t, kind: .transferFailed(transfer: 3, error: "fileDoesNotExist", detail: "cannot read /v.log")))
            == #"{"time":"2026-03-01T09:15:02Z","event":"transfer.failed","transfer":3,"error":"fileDoesNotExist","detail":"cannot read /v.log"}"#)
        #expect(json.render(TimelineEvent(time: t, kind: .sessionEvents(session: "com.example.transfers")))
            == #"{"time":"2026-03-01T09:15:02Z","event":"session.events","session":"com.example.transfers"}"#)
    }

    @Test func textNamesTheTransferFirst() {
        let text = TextTimelineRenderer()
        #expect(text.render(TimelineEvent(time: t, kind: .transferWaiting(transfer: 3, reason: .rateLimited)))
            == "2026-03-01 09:15:02      transfer.waiting 3 waiting: rateLimited")
        #expect(text.render(TimelineEvent(time: t, kind: .transferCompleted(transfer: 3, status: 201, bytes: 10)))
            == "2026-03-01 09:15:02      transfer.completed 3 status 201, 10 bytes")
    }
}

/// The report draws a transfer's attempts as bars on a row of its own, in the transfers lane.
@Suite struct TransferDrawingTests {
    @Test func eachAttemptIsABarFromItsStartToItsEnd() {
        let report = TimelineReport(title: "transfers")
        let start = SimTime.defaultStart
        report.record(TimelineEvent(time: start, kind: .transferCreated(transfer: 1, kind: "upload", url: "https://e.org/a", bytes: 10, key: "k")))
        report.record(TimelineEvent(time: start, kind: .transferStarted(transfer: 1, offset: nil)))
        report.record(TimelineEvent(time: start + .seconds(3), kind: .transferRetrying(transfer: 1, reason: "timedOut")))
        report.record(TimelineEvent(time: start + .seconds(13), kind: .transferStarted(transfer: 1, offset: nil)))
        report.record(TimelineEvent(time: start + .seconds(20), kind: .transferCompleted(transfer: 1, status: 201, bytes: 10)))
        let html = report.html()
        #expect(html.contains(">transfer 1<title>"))
        #expect(html.contains("class=\"run failed\""))
        #expect(html.contains("class=\"run success\""))
        #expect(html.contains("2 transfer attempts"))
    }
}
