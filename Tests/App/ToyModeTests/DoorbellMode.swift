import AppControl
import BackgroundApp
import BackgroundCore

/// A toy background mode, written as a new module would write one, touching no file of BackgroundCore or
/// BackgroundApp: a doorbell that rings at the manifest's times (its `doorbell.rang` record) and wakes the
/// app (its trigger), an `answer:` action that keeps the app running while someone answers the door (its
/// reason to run), a `ring` control verb that rings it now (`bgtask`'s socket of a live run), and a `ring:`
/// lifecycle step (someone rings at a time of the user's script).
///
/// ```yaml
/// doorbell:
///   - {at: 2m, onRing: {answer: 45s, submit: com.example.sync}}
/// lifecycle:
///   - {at: 10m, ring: front}
/// ```
final class DoorbellMode: BackgroundMode {
    /// The one place the mode is registered: its section (with its action key and lifecycle step kind) and
    /// how the app makes it from the run's options (its own, ``Volume``).
    static let registration = AppRecipe.Mode(sections: [Section.self]) { options in DoorbellMode(volume: options[Volume.self]) }

    /// The mode's run option: how loud the bell rings (default 1), keyed by its type in the run's options.
    enum Volume: RunOption {
        static let defaultValue = 1
    }

    /// The mode's manifest section: `doorbell:`, and the `answer:` action key.
    struct Section: ManifestSection {
        static let keys = ["doorbell"]
        static var actions: [ManifestActionKind] {
            [ManifestActionKind("answer") { value, _ throws(InputError) in try value.duration() }]
        }
        /// `{at: 10m, ring: WHO}`: someone rings the bell at that time of the script.
        static var lifecycleSteps: [LifecycleStepKind] {
            [LifecycleStepKind("ring", read: { value, _ throws(InputError) in try value.string() }) { _, step in
                step.app.mode(DoorbellMode.self)?.ring(nil)
            }]
        }

        /// When the bell rings, from the app's start, and what the app does then.
        var rings: [(offset: Duration, action: ManifestAction?)] = []

        init(_ manifest: ManifestMapping, in partial: AppManifest) throws(InputError) {
            for item in try manifest["doorbell"]?.list() ?? [] {
                let ring = try item.mapping(allowed: ["at", "onRing"])
                rings.append((try ring.required("at").duration(), try ring["onRing"]?.action()))
            }
        }

        static func == (a: Section, b: Section) -> Bool {
            a.rings.map(\.offset) == b.rings.map(\.offset) && a.rings.map(\.action) == b.rings.map(\.action)
        }

        func hash(into hasher: inout Hasher) { hasher.combine(rings.map(\.offset)) }
    }

    /// The mode's timeline record: `{"time":…,"event":"doorbell.rang","ring":1}`.
    struct Rang: TimelineRecord {
        var name: String { "doorbell.rang" }
        /// The ring's number in the run, from 1.
        var ring: Int

        func write(to json: inout JSONObjectWriter) { json.field("ring", integer: ring) }
        var textDetail: String { "ring \(ring)" }
        var drawing: TimelineDrawing { .tableRow }
    }

    /// Answering the door keeps the app running.
    static let answering = AppLifecycle.Activity("doorbell.answering", description: "answering the door")
    static let trigger = ActionTrigger.Kind("doorbell")

    /// The run's ``Volume``.
    let volume: Int
    private weak var app: EmulatedApp?
    /// Times the door was answered, as the action ran.
    private(set) var answered: [SimTime] = []
    private var rings = 0

    init(volume: Int = Volume.defaultValue) {
        self.volume = volume
    }

    func attach(to app: EmulatedApp) throws(InputError) {
        self.app = app
    }

    /// The bell's rings are the system's: they are scheduled once, at the first launch.
    func appDidLaunch(first: Bool) {
        guard first, let app, let section = app.manifest[Section.self] else { return }
        let start = app.engine.now
        for ring in section.rings {
            app.engine.schedule(at: start + ring.offset) { [weak self] in self?.ring(ring.action) }
        }
    }

    /// `ring WHO`: someone rings the bell now; the app wakes, with no action of the manifest's.
    var controlVerbs: [ControlVerb] {
        [ControlVerb("ring", takes: .name) { [weak self] who, _ in
            guard let self, app != nil else { return .error("nobody hears the doorbell: the app is gone") }
            return .ok("\(who) rang the doorbell (ring \(ring(nil)))")
        }]
    }

    /// The doorbell's action: answer the door for the given time.
    func perform(_ action: ManifestAction, trigger: ActionTrigger) {
        guard let length = action.value("answer", as: Duration.self), let app else { return }
        answered.append(app.engine.now)
        app.lifecycle.begin(Self.answering, reason: "answering the door")
        app.engine.schedule(after: length) { [weak app] in
            app?.lifecycle.end(Self.answering, reason: "the door was answered")
        }
    }

    /// Rings the bell: its record, then the app wakes and runs `action`. Returns the ring's number.
    @discardableResult
    func ring(_ action: ManifestAction?) -> Int {
        rings += 1
        guard let app else { return rings }
        app.timeline.record(Rang(ring: rings))
        app.trigger(action, by: ActionTrigger(Self.trigger), reason: "the doorbell rang")
        return rings
    }
}
