import BackgroundCore
import BackgroundPushes
import BackgroundScheduler
import BackgroundTransfers
import CommandLineSupport
import Testing

/// The closing line's pending work comes from what the records say of it (``PendingWorkRecord``), whichever
/// module they come from: a push held by the system is pending as a throttled one is (issue 33).
@Suite struct RunSummaryTests {
    static let start = SimTime.defaultStart

    static func line(_ records: [any TimelineRecord]) -> String? {
        let summary = RunSummary(format: .text)
        for record in records { summary.note(TimelineEvent(time: start, kind: record), shown: true) }
        return summary.closingLine("done")
    }

    @Test func heldAndThrottledPushesAreBothPending() {
        #expect(Self.line([PushRecord.pushHeld(push: 1, reason: .offline), PushRecord.pushThrottled(push: 2)])
            == "— ended: done; pending: push 1, push 2")
        #expect(Self.line([PushRecord.pushHeld(push: 1, reason: .offline), PushRecord.pushReceived(push: 1)])
            == "— ended: done; nothing pending")
    }

    @Test func tasksComeBeforeTransfersAndPushesWhateverTheirOrder() {
        let records: [any TimelineRecord] = [
            PushRecord.pushThrottled(push: 3), TaskRecord.taskSubmitted(task: "refresh", kind: .refresh, earliestBegin: nil),
            TaskRecord.taskSubmitted(task: "gone", kind: .refresh, earliestBegin: nil), TaskRecord.taskLaunched(task: "gone"),
        ]
        #expect(Self.line(records) == "— ended: done; pending: task refresh, push 3")
    }
}
