import BackgroundApp
import BackgroundCore
import BackgroundPushes
import BackgroundScheduler
import BackgroundTestKit
import BackgroundTransfers
import CommandLineSupport
import Testing

/// The closing line's pending work comes from what the records say of it (``PendingWorkRecord``), whichever
/// module they come from: a push held by the system is pending as a throttled one is (issue 33); whether the
/// app stayed in the foreground comes from the typed state of its `lifecycle` records (``AppStateRecord``).
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

    @Test func theAppStayedInTheForegroundOnlyWhileEveryStateRecordSaysForeground() {
        let note = "the app stayed in the foreground (no lifecycle: step sent it to the background)"
        let launched = LifecycleRecord.lifecycle(state: .foreground, reason: "launched by the user")
        #expect(Self.line([launched]) == "— ended: done; nothing pending; \(note)")
        #expect(Self.line([launched, LifecycleRecord.lifecycle(state: .background, reason: nil)]) == "— ended: done; nothing pending")
        #expect(Self.line([PushRecord.pushReceived(push: 1)]) == "— ended: done; nothing pending")
    }

    /// `bgtask simulate --policy realistic` of an app whose battery is critically low when its push comes:
    /// the push is held to the end, and the closing line says so.
    @Test func aSimulatedPushHeldByTheBatteryIsPendingAtTheEnd() async throws {
        let result = try await FirstHourTests.simulate(yaml: """
            app: com.example.news
            backgroundModes: [remote-notification]
            onPush: {work: 5s, result: newData}
            conditions:
              - {at: 0s, battery: 10}
            pushes: [{at: 10m, payload: {aps: {content-available: 1}}}]
            """, ["--for", "1h", "--policy", "realistic", "--format", "text"])
        #expect(result.stdout.contains("push.held"), "\(result.stdout)")
        let last = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.hasPrefix("— ended: --for 1h reached"), "\(last)")
        #expect(last.contains("pending: push 1"), "\(last)")
    }
}
