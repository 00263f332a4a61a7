import BackgroundCore
import BackgroundDevice
import BackgroundScheduler
import Testing

/// The scheduler's records in the event stream of CONTRACTS.md section 1 and the text timeline.
@Suite struct TaskRecordTests {
    let t = SimTime(rfc3339: "2026-03-01T09:15:02Z")!

    @Test func jsonLinesFollowTheContract() {
        let r = JSONLinesRenderer()
        #expect(r.render(TimelineEvent(time: t, kind: .taskSubmitted(task: "a.b", kind: .refresh, earliestBegin: nil)))
            == #"{"time":"2026-03-01T09:15:02Z","event":"task.submitted","task":"a.b","kind":"refresh","earliestBegin":null}"#)
        #expect(r.render(TimelineEvent(time: t, kind: .taskSubmitted(task: "a", kind: .processing, earliestBegin: t + .seconds(60))))
            == #"{"time":"2026-03-01T09:15:02Z","event":"task.submitted","task":"a","kind":"processing","earliestBegin":"2026-03-01T09:16:02Z"}"#)
        #expect(r.render(TimelineEvent(time: t, kind: .taskCompleted(task: "a", success: false)))
            == #"{"time":"2026-03-01T09:15:02Z","event":"task.completed","task":"a","success":false}"#)
        #expect(r.render(TimelineEvent(time: t, kind: .conditions(DeviceConditions(network: .none, battery: 80))))
            == #"{"time":"2026-03-01T09:15:02Z","event":"conditions","network":"none","power":"battery","battery":80,"idle":false,"lowPower":false,"backgroundRefresh":"on"}"#)
        // expensive and lowDataMode are not fields of the contract's conditions event.
        #expect(r.render(TimelineEvent(time: t, kind: .conditions(DeviceConditions(network: .cellular, expensive: false, lowDataMode: true))))
            == #"{"time":"2026-03-01T09:15:02Z","event":"conditions","network":"cellular","power":"battery","battery":100,"idle":false,"lowPower":false,"backgroundRefresh":"on"}"#)
    }

    @Test func textIsOneAlignedLine() {
        let text = TextTimelineRenderer()
        #expect(text.render(TimelineEvent(time: t, kind: .taskSubmitted(task: "a", kind: .refresh, earliestBegin: t + .seconds(900))))
            == "2026-03-01 09:15:02      task.submitted  a (refresh, not before 2026-03-01 09:30:02)")
        #expect(text.render(TimelineEvent(time: t, kind: .taskRejected(task: "a", error: "notPermitted")))
            == "2026-03-01 09:15:02      task.rejected   a rejected: notPermitted")
        #expect(text.render(TimelineEvent(time: t, kind: .conditions(DeviceConditions(idle: true, lowPower: true))))
            == "2026-03-01 09:15:02      conditions      network wifi · power battery · battery 100% · idle · low power · background refresh on")
        #expect(text.render(TimelineEvent(time: t, kind: .conditions(DeviceConditions(expensive: true, lowDataMode: true))))
            == "2026-03-01 09:15:02      conditions      network wifi · power battery · battery 100% · in use · background refresh on · expensive · low data mode")
        #expect(text.render(TimelineEvent(time: t, kind: .conditions(DeviceConditions(network: .cellular, expensive: false))))
            == "2026-03-01 09:15:02      conditions      network cellular · power battery · battery 100% · in use · background refresh on · not expensive")
        #expect(text.render(TimelineEvent(time: t, kind: .conditions(DeviceConditions(network: .cellular))))
            == "2026-03-01 09:15:02      conditions      network cellular · power battery · battery 100% · in use · background refresh on")
    }
}
