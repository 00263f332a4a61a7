import BackgroundApp
import BackgroundCore
import Testing

/// The background tasks' records in the event stream of CONTRACTS.md section 6 and the text timeline.
@Suite struct BackgroundTaskRecordTests {
    let t = SimTime(rfc3339: "2026-03-01T09:15:02Z")!

    @Test(arguments: [BackgroundTaskRecord.Change.begun, .expired, .ended])
    func jsonLinesFollowTheContract(_ change: BackgroundTaskRecord.Change) {
        #expect(JSONLinesRenderer().render(TimelineEvent(time: t, kind: .backgroundTask("save \"draft\"", change)))
            == #"{"time":"2026-03-01T09:15:02Z","event":"backgroundTask.\#(change.rawValue)","name":"save \"draft\""}"#)
    }

    @Test func textIsOneAlignedLine() {
        #expect(TextTimelineRenderer().render(TimelineEvent(time: t, kind: .backgroundTask("upload", .expired)))
            == "2026-03-01 09:15:02      backgroundTask.expired upload")
    }
}
