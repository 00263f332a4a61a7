import BackgroundApp
import BackgroundCore
import Testing

/// A background mode defined outside BackgroundCore and BackgroundApp runs inside ``EmulatedApp`` beside
/// the standard ones: its manifest key is read and checked, its trigger wakes the app, its action runs
/// and keeps the app running while it lasts (issue 15).
@Suite struct DoorbellModeTests {
    /// The standard app with the doorbell: the mode's one registration.
    static let recipe = AppRecipe.standard.adding(DoorbellMode.registration)

    static let yaml = """
        app: com.example.door
        backgroundModes: [fetch]
        permittedIdentifiers: [sync]
        tasks:
          sync: {kind: refresh, work: 5s}
        doorbell:
          - {at: 2m, onRing: {answer: 45s, submit: sync}}
        lifecycle: [{at: 0s, app: foreground}, {at: 30s, app: background}]
        """

    /// The run's lifecycle and task events as "SECONDS name detail", and the mode.
    static func run(_ yaml: String = yaml) throws -> (events: [String], mode: DoorbellMode, app: EmulatedApp) {
        let manifest = try recipe.manifest(yaml: yaml, file: "door.yaml")
        let engine = EventEngine(start: .defaultStart)
        let timeline = Timeline(engine: engine, keepingEvents: true)
        let app = try recipe.app(manifest, engine: engine, timeline: timeline)
        let mode = try #require(app.mode(DoorbellMode.self))
        app.start()
        engine.run(until: engine.now + .seconds(3600))
        let events = timeline.events.compactMap { event -> String? in
            let at = "\(Int((event.time - .defaultStart).seconds))s"
            switch event.kind {
            case let r as DoorbellMode.Rang: return "\(at) \(event.kind.name) \(r.ring)"
            case let r as LifecycleRecord: return "\(at) \(r.state.rawValue) (\(r.reason ?? ""))"
            // The tasks mode's records, as the text timeline shows them (this target does not import its module).
            case _ where ["task.submitted", "task.launched"].contains(event.kind.name):
                return "\(at) \(event.kind.name) \(event.kind.textDetail)"
            default: return nil
            }
        }
        return (events, mode, app)
    }

    @Test func theBellWakesTheAppAndAnsweringKeepsItRunning() throws {
        let (events, mode, app) = try Self.run()
        #expect(mode.answered == [.defaultStart + .seconds(120)])
        #expect(events == [
            "0s foreground (launched by the user)", "30s background (the user left the app)",
            "35s suspended (the system's background task after leaving the foreground ended)",
            "120s doorbell.rang 1", "120s background (the doorbell rang)", "120s task.submitted sync (refresh)",
            // The task (5 s) and the wake window (10 s) end, but answering the door (45 s) goes on.
            "120s task.launched sync", "165s suspended (the door was answered)",
        ])
        #expect(app.isSettled)
    }

    @Test func itsLifecycleStepRingsTheBell() throws {
        let yaml = String(Self.yaml.dropLast("}]".count)) + "}, {at: 10m, ring: front}]"
        let (events, _, _) = try Self.run(yaml)
        #expect(events.contains("600s doorbell.rang 2"), "\(events)")
        #expect(events.contains("600s background (the doorbell rang)"), "\(events)")
        let error = #expect(throws: InputError.self) {
            try Self.recipe.manifest(yaml: "app: x\nlifecycle: [{at: 1m, rnig: front}]\n", file: "door.yaml")
        }
        #expect(error?.description.contains("did you mean 'ring'?") == true, "\(String(describing: error))")
    }

    @Test func itsRunOptionReachesIt() throws {
        let manifest = try Self.recipe.manifest(yaml: Self.yaml, file: "door.yaml")
        let engine = EventEngine(start: .defaultStart)
        var options = AppRecipe.Options()
        #expect(try Self.recipe.app(manifest, engine: engine, timeline: Timeline(engine: engine), options: options)
            .mode(DoorbellMode.self)?.volume == 1)
        options[DoorbellMode.Volume.self] = 3
        #expect(try Self.recipe.app(manifest, engine: engine, timeline: Timeline(engine: engine), options: options)
            .mode(DoorbellMode.self)?.volume == 3)
    }

    @Test func itsRecordIsPrintedAsEveryOther() throws {
        let event = TimelineEvent(time: .defaultStart + .seconds(120), kind: DoorbellMode.Rang(ring: 1))
        #expect(JSONLinesRenderer().render(event) == #"{"time":"2026-01-01T00:02:00Z","event":"doorbell.rang","ring":1}"#)
        let line = TextTimelineRenderer().render(event)
        #expect(line.hasPrefix("2026-01-01 00:02:00 ") && line.contains(" doorbell.rang ") && line.hasSuffix(" ring 1"), "\(line)")
    }

    @Test func theModesKeysAreCheckedWithTheOthers() {
        let cases = [
            ("app: x\ndoorbel: []\n", "door.yaml:2: doorbel: unknown key 'doorbel' (did you mean 'doorbell'?)"),
            ("app: x\ndoorbell:\n  - {at: 1m, onRing: {answr: 5s}}\n",
             "door.yaml:3: doorbell[0].onRing.answr: unknown key 'answr' (did you mean 'answer'?)"),
            ("app: x\ndoorbell:\n  - {at: 1m, onRing: {answer: soon}}\n",
             "door.yaml:3: doorbell[0].onRing.answer: 'soon' is not a duration"),
            ("app: x\ndoorbell:\n  - {at: 1m, onRing: {}}\n",
             "door.yaml:3: doorbell[0].onRing: an action needs at least one of submit, cancel, play, upload, download, answer"),
            ("app: x\nregions:\n  - {id: r, lat: 1, lon: 2, radius: 3, onEnter: {answer: 1m}}\n", nil),
        ]
        for (yaml, expected) in cases {
            do {
                let manifest = try Self.recipe.manifest(yaml: yaml, file: "door.yaml")
                #expect(expected == nil, "accepted: \(yaml)")
                // Another mode's trigger may carry the doorbell's action.
                #expect(manifest.regions.first?.onEnter?.value("answer", as: Duration.self) == .seconds(60))
            } catch {
                let text = error.description
                #expect(expected.map { text.hasPrefix($0) } == true, "got: \(text)")
            }
        }
    }

    @Test func withoutItsSectionTheKeyIsUnknown() {
        #expect {
            try AppManifest(yaml: "app: x\ndoorbell: []\n", file: "door.yaml")
        } throws: { error in
            (error as? InputError)?.description.hasPrefix("door.yaml:2: doorbell: unknown key 'doorbell'") == true
        }
    }
}
