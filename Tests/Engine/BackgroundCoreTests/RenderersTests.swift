import BackgroundCore
import Testing

@Suite struct RenderersTests {
    let t = SimTime(rfc3339: "2026-03-01T09:15:02Z")!

    @Test func jsonLinesWriteTimeEventThenTheRecordsFields() {
        let r = JSONLinesRenderer()
        #expect(r.render(TimelineEvent(time: t, kind: .visit("museum", until: t + .milliseconds(1500))))
            == #"{"time":"2026-03-01T09:15:02Z","event":"visit","place":"museum","until":"2026-03-01T09:15:03.500Z"}"#)
        #expect(r.render(TimelineEvent(time: t, kind: .visit("a \"b\""))) == #"{"time":"2026-03-01T09:15:02Z","event":"visit","place":"a \"b\"","until":null}"#)
        #expect(r.render(TimelineEvent(time: t, kind: .error(message: "bad \"x\"\n", code: nil)))
            == #"{"time":"2026-03-01T09:15:02Z","event":"error","message":"bad \"x\"\n"}"#)
        #expect(r.render(TimelineEvent(time: t, kind: .error(message: "gone", code: "gpsd")))
            == #"{"time":"2026-03-01T09:15:02Z","event":"error","message":"gone","code":"gpsd"}"#)
    }

    @Test func textIsOneAlignedLine() {
        let line = TextTimelineRenderer().render(TimelineEvent(time: t, kind: .visit("museum", until: t + .seconds(60))))
        #expect(line == "2026-03-01 09:15:02      visit           museum until 2026-03-01 09:16:02")
        let later = TextTimelineRenderer().render(TimelineEvent(time: t + .milliseconds(750), kind: .error(message: "gone", code: "gpsd")))
        #expect(later == "2026-03-01 09:15:02.750  error           gone [gpsd]")
        #expect(later.prefix { $0 != "e" }.count == line.prefix { $0 != "v" }.count, "fractional times keep the columns aligned")
    }

    @Test func fixedRoundsHalfAwayFromZero() {
        #expect(TextTimelineRenderer.fixed(2.25, 1) == "2.3")
        #expect(TextTimelineRenderer.fixed(-0.04, 1) == "0.0")
        #expect(TextTimelineRenderer.fixed(-1.05, 1) == "-1.1")
        #expect(TextTimelineRenderer.coordinate(47.3769, -8.5) == "47.376900, -8.500000")
    }

    @Test func timelineStampsWithEngineTime() {
        let engine = EventEngine(start: t)
        let timeline = Timeline(engine: engine, keepingEvents: true)
        engine.schedule(after: .seconds(5)) { timeline.record(.visit("museum")) }
        engine.run()
        #expect(timeline.events == [TimelineEvent(time: t + .seconds(5), kind: .visit("museum"))])
        #expect(timeline.events != [TimelineEvent(time: t + .seconds(5), kind: .visit("park"))])
        #expect(timeline.events != [TimelineEvent(time: t + .seconds(5), kind: .error(message: "museum", code: nil))])
    }

    @Test func aTimelineWithoutSinksKeepsNothing() {
        let engine = EventEngine(start: t)
        let timeline = Timeline(engine: engine)
        timeline.record(.visit("museum"))
        #expect(timeline.events.isEmpty)
        var seen: [String] = []
        timeline.addEventListener { seen.append($0.kind.name) }
        timeline.record(.visit("museum"))
        timeline.record(.error(message: "gone", code: nil))
        #expect(seen == ["visit", "error"])
    }
}
