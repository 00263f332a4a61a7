import BackgroundCore
import BackgroundLocation
import Testing

/// The location module's records in the event stream of CONTRACTS.md section 1 and the text timeline.
@Suite struct LocationRecordTests {
    let t = SimTime(rfc3339: "2026-03-01T09:15:02Z")!

    @Test func jsonLinesFollowTheContract() {
        let r = JSONLinesRenderer()
        let fix = LocationFix(time: t, latitude: 47.3769, longitude: 8.5, altitude: 410, horizontalAccuracy: 4.5)
        #expect(r.render(TimelineEvent(time: t, kind: .location(fix)))
            == #"{"time":"2026-03-01T09:15:02Z","event":"location","lat":47.3769,"lon":8.5,"alt":410,"accuracy":4.5}"#)
        #expect(r.render(TimelineEvent(time: t, kind: .exit(region: "a\"b", latitude: 47, longitude: -8.25)))
            == #"{"time":"2026-03-01T09:15:02Z","event":"exit","region":"a\"b","lat":47,"lon":-8.25}"#)
        #expect(r.render(TimelineEvent(time: t, kind: .state(region: "m", state: .inside)))
            == #"{"time":"2026-03-01T09:15:02Z","event":"state","region":"m","state":"inside"}"#)
        #expect(r.render(TimelineEvent(time: t, kind: .pause)) == #"{"time":"2026-03-01T09:15:02Z","event":"pause"}"#)
    }

    @Test func textIsOneAlignedLine() {
        let line = TextTimelineRenderer().render(TimelineEvent(time: t, kind: .enter(region: "museum", latitude: 47.3769, longitude: 8.5417)))
        #expect(line == "2026-03-01 09:15:02      enter           entered museum at 47.376900, 8.541700")
        let later = TextTimelineRenderer().render(TimelineEvent(time: t + .milliseconds(750), kind: .pause))
        #expect(later == "2026-03-01 09:15:02.750  pause           location updates paused (stationary)")
        let fix = LocationFix(time: t, latitude: 47, longitude: 8, altitude: 410.25, speed: 1.44, course: 90.4, horizontalAccuracy: 4.5)
        #expect(TextTimelineRenderer().render(TimelineEvent(time: t, kind: .location(fix))).hasSuffix(
            "47.000000, 8.000000 · alt 410.3 m · 1.4 m/s · course 90° · ±5 m"))
    }
}
