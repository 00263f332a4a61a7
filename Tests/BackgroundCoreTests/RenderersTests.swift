import BackgroundCore
import Testing

@Suite struct RenderersTests {
    let t = SimTime(rfc3339: "2026-03-01T09:15:02Z")!

    @Test func jsonLinesFollowTheContract() {
        let r = JSONLinesRenderer()
        #expect(r.render(TimelineEvent(time: t, kind: .location(LocationFix(time: t, latitude: 47.3769, longitude: 8.5, altitude: 410, horizontalAccuracy: 4.5))))
            == #"{"time":"2026-03-01T09:15:02Z","event":"location","lat":47.3769,"lon":8.5,"alt":410,"accuracy":4.5}"#)
        #expect(r.render(TimelineEvent(time: t, kind: .taskSubmitted(task: "a.b", kind: .refresh, earliestBegin: nil)))
            == #"{"time":"2026-03-01T09:15:02Z","event":"task.submitted","task":"a.b","kind":"refresh","earliestBegin":null}"#)
        #expect(r.render(TimelineEvent(time: t, kind: .conditions(DeviceConditions(network: .none, battery: 80))))
            == #"{"time":"2026-03-01T09:15:02Z","event":"conditions","network":"none","power":"battery","battery":80,"idle":false,"lowPower":false,"backgroundRefresh":"on"}"#)
        #expect(r.render(TimelineEvent(time: t, kind: .error(message: "bad \"x\"\n", code: nil)))
            == #"{"time":"2026-03-01T09:15:02Z","event":"error","message":"bad \"x\"\n"}"#)
    }

    @Test func textIsOneAlignedLine() {
        let line = TextTimelineRenderer().render(TimelineEvent(time: t, kind: .enter(region: "museum", latitude: 47.3769, longitude: 8.5417)))
        #expect(line == "2026-03-01 09:15:02      enter           entered museum at 47.376900, 8.541700")
        let later = TextTimelineRenderer().render(TimelineEvent(time: t + .milliseconds(750), kind: .pause))
        #expect(later.hasPrefix("2026-03-01 09:15:02.750  pause"))
        #expect(later.prefix { $0 != "p" }.count == line.prefix { $0 != "e" }.count, "fractional times keep the columns aligned")
    }

    @Test func timelineStampsWithEngineTime() {
        let engine = EventEngine(start: t)
        let timeline = Timeline(engine: engine, keepingEvents: true)
        engine.schedule(after: .seconds(5)) { timeline.record(.pause) }
        engine.run()
        #expect(timeline.events == [TimelineEvent(time: t + .seconds(5), kind: .pause)])
    }
}
