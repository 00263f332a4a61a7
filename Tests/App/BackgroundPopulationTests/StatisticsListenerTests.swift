import BackgroundApp
import BackgroundCore
import BackgroundPushes
import BackgroundScheduler
import BackgroundTransfers
import Testing
@testable import BackgroundPopulation

/// One user's tally, from records fed in order and from whole apps on virtual time.
@Suite struct StatisticsListenerTests {
    let start = SimTime.defaultStart

    func at(_ seconds: Int64) -> SimTime { start + .seconds(seconds) }

    @Test func contentAgeIsTheTimeSinceTheLaterOfSuccessfulWorkAndTheForeground() {
        let listener = StatisticsListener(tasks: ["refresh"], start: start)
        let events: [TimelineEvent] = [
            TimelineEvent(time: at(0), kind: .lifecycle(state: .foreground, reason: nil)),          // first open: age unknown
            TimelineEvent(time: at(60), kind: .lifecycle(state: .background, reason: nil)),         // fresh at 60
            TimelineEvent(time: at(100), kind: .taskSubmitted(task: "refresh", kind: .refresh, earliestBegin: nil)),
            TimelineEvent(time: at(900), kind: .taskLaunched(task: "refresh")),
            TimelineEvent(time: at(904), kind: .taskCompleted(task: "refresh", success: true)),      // fresh at 904
            TimelineEvent(time: at(1_000), kind: .lifecycle(state: .suspended, reason: nil)),
            TimelineEvent(time: at(4_504), kind: .lifecycle(state: .foreground, reason: nil)),      // age 3,600
            TimelineEvent(time: at(4_600), kind: .lifecycle(state: .background, reason: nil)),      // fresh at 4,600
            TimelineEvent(time: at(5_000), kind: .taskLaunched(task: "refresh")),
            TimelineEvent(time: at(5_030), kind: .taskExpired(task: "refresh")),
            TimelineEvent(time: at(5_030), kind: .taskCompleted(task: "refresh", success: false)),   // not fresh
            TimelineEvent(time: at(4_600 + 120), kind: .lifecycle(state: .foreground, reason: nil)), // age 120
        ]
        events.forEach(listener.note)
        let tally = listener.statistics(at: at(86_400))
        #expect(tally.opens == 3)
        #expect(tally.contentAgeAtOpen.count == 2)
        #expect(tally.contentAgeAtOpen.max == 3_600)
        #expect(tally.contentAgeAtOpen.percentile(50) == 120)
        #expect(tally.tasks["refresh"]?.launches == 2)
        #expect(tally.tasks["refresh"]?.completed == 1)
        #expect(tally.tasks["refresh"]?.expired == 1)
        #expect(tally.tasks["refresh"]?.launchesPerDay.max == 200)      // 2 launches in a day: 2.00
    }

    @Test func onlySuccessfulDownloadsAndNewDataPushesFreshenTheContent() {
        let listener = StatisticsListener(tasks: [], start: start)
        let events: [TimelineEvent] = [
            TimelineEvent(time: at(0), kind: .lifecycle(state: .foreground, reason: nil)),
            TimelineEvent(time: at(10), kind: .lifecycle(state: .background, reason: nil)),
            TimelineEvent(time: at(20), kind: .transferCreated(transfer: 1, kind: "upload", url: "https://x/u", bytes: 5, key: "k1")),
            TimelineEvent(time: at(80), kind: .transferCompleted(transfer: 1, status: 200, bytes: 5)),    // an upload: not content
            TimelineEvent(time: at(90), kind: .transferCreated(transfer: 2, kind: "download", url: "https://x/d", bytes: nil, key: "k2")),
            TimelineEvent(time: at(95), kind: .transferCompleted(transfer: 2, status: 503, bytes: 0)),    // a 503: not content
            TimelineEvent(time: at(100), kind: .pushCompleted(push: 1, result: .noData)),
            TimelineEvent(time: at(110), kind: .lifecycle(state: .foreground, reason: nil)),              // age 100
            TimelineEvent(time: at(120), kind: .lifecycle(state: .background, reason: nil)),
            TimelineEvent(time: at(130), kind: .transferCreated(transfer: 3, kind: "download", url: "https://x/d", bytes: nil, key: "k3")),
            TimelineEvent(time: at(200), kind: .transferCompleted(transfer: 3, status: 200, bytes: 9)),   // fresh at 200
            TimelineEvent(time: at(300), kind: .pushCompleted(push: 2, result: .newData)),                // fresh at 300
            TimelineEvent(time: at(310), kind: .lifecycle(state: .foreground, reason: nil)),              // age 10
        ]
        events.forEach(listener.note)
        let tally = listener.statistics(at: at(400))
        #expect(tally.contentAgeAtOpen.buckets.map(\.lowerEdge) == [10, 100])
        #expect(tally.transferLatency.buckets.map(\.lowerEdge) == [5, 60, 70])
        #expect(tally.transfersCompleted == 3)
    }

    /// A push held while the device is offline has no event until it is delivered: its delay counts from its
    /// sending, which the listener hears from the push mode.
    @Test func aPushHeldOfflineCountsItsDelayFromItsSending() throws {
        let manifest = try AppRecipe.standard.manifest(yaml: """
            app: com.example.held
            backgroundModes: [remote-notification]
            pushes:
              - {at: 10m, payload: {aps: {content-available: 1}}}
              - {at: 20m, payload: {aps: {content-available: 1}}}
            onPush: {work: 2s, result: newData}
            lifecycle:
              - {at: 0s, app: foreground}
              - {at: 1m, app: background}
              - {at: 3h, app: foreground}
            conditions:
              - {at: 0s, network: wifi}
              - {at: 15m, network: none}
              - {at: 1h15m, network: wifi}
            """, file: "held.yaml")
        let engine = EventEngine(start: start)
        let timeline = Timeline(engine: engine)
        let listener = StatisticsListener(tasks: [], start: start)
        listener.attach(to: timeline)
        let app = try AppRecipe.standard.app(manifest, engine: engine, timeline: timeline)
        listener.follow(app)
        app.start()
        engine.run(until: start + .seconds(4 * 3600))
        let tally = listener.statistics(at: engine.now)
        #expect(tally.pushesSent == 2)
        #expect(tally.pushesDelivered == 2)
        // Push 1 at once; push 2, sent at 20m while offline, when the network is back at 1h15m: 55 minutes.
        #expect(tally.pushDelay.percentile(50) == 0)
        #expect(tally.pushDelay.max == 55 * 60)
        // The last newData push completed at 1h15m2s; the open at 3h finds content 1h44m58s old.
        #expect(tally.opens == 2)
        #expect(tally.contentAgeAtOpen.max == 3 * 3600 - (75 * 60 + 2))
        withExtendedLifetime(app) {}
    }
}
