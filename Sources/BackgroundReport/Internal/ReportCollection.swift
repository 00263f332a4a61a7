import BackgroundCore

/// What a report keeps of a run's timeline, in bounded memory: a decimated track, the events to mark on
/// the map, and the spans and bars of the timeline strip; at most `limit` of each kind of item.
struct ReportCollection {
    /// An event drawn on the map (and as a tick on the strip's location row).
    struct Marker {
        var number: Int
        var time: SimTime
        var kind: String
        var position: TrackDecimator.Point
        var text: String
    }

    /// A state that holds from `time` until the next change (lifecycle, conditions).
    struct Change<Value> {
        var time: SimTime
        var value: Value
        var text: String
    }

    /// A task run (launched until completed or expired) or an audio clip (started until finished).
    struct Bar {
        enum Outcome: String { case success, failed, expired, running }
        var row: Int
        var start: SimTime
        var end: SimTime?
        var outcome: Outcome
        var text: String
    }

    /// A moment on a row: a submission or rejection of a task, an audio pause.
    struct Tick {
        var row: Int
        var time: SimTime
        var kind: String
        var text: String
    }

    /// A row of the events table: every event except plain location updates.
    struct Row {
        var number: Int
        var time: SimTime
        var name: String
        var detail: String
    }

    let limit: Int
    var track: TrackDecimator
    var first: SimTime?
    var last: SimTime?
    var fixes = 0
    var markers: [Marker] = []
    var rows: [Row] = []
    var lifecycle: [Change<LifecycleState>] = []
    var conditions: [Change<DeviceConditions>] = []
    /// Task identifiers in order of first appearance; a bar's or tick's `row` indexes them.
    var tasks: [String] = []
    var runs: [Bar] = []
    var taskTicks: [Tick] = []
    /// Audio files in order of first appearance.
    var audioFiles: [String] = []
    var audio: [Bar] = []
    var audioTicks: [Tick] = []
    /// Items left out because a list was full.
    var dropped = 0

    private var lastPosition: TrackDecimator.Point?
    /// True once the track comes from the positions of the source (``recordPosition(latitude:longitude:)``):
    /// location events then no longer extend it.
    private var trackFromSource = false
    private var taskRow: [String: Int] = [:]
    private var openRun: [Int: Int] = [:]
    private var audioRow: [String: Int] = [:]
    private var openAudio: [Int: Int] = [:]
    private var eventCount = 0

    init(trackPoints: Int, limit: Int) {
        self.limit = max(1, limit)
        track = TrackDecimator(capacity: trackPoints)
    }

    /// A position of the source (the trace as the device moved, whether or not the app received it).
    mutating func recordPosition(latitude: Double, longitude: Double) {
        trackFromSource = true
        appendToTrack(latitude: latitude, longitude: longitude)
    }

    private mutating func appendToTrack(latitude: Double, longitude: Double) {
        fixes += 1
        let point = TrackDecimator.Point(latitude: latitude, longitude: longitude)
        track.append(point)
        lastPosition = point
    }

    mutating func record(_ event: TimelineEvent) {
        if first == nil { first = event.time }
        last = max(last ?? event.time, event.time)
        eventCount += 1
        let text = TextTimelineRenderer().render(event)
        if case .location = event.kind {} else {
            let row = Row(number: eventCount, time: event.time, name: event.kind.name, detail: Self.detail(of: text, name: event.kind.name))
            Self.append(row, to: &rows, limit: limit, dropped: &dropped)
        }
        switch event.kind {
        case .location(let fix):
            if !trackFromSource { appendToTrack(latitude: fix.latitude, longitude: fix.longitude) }
        case .significant(let latitude, let longitude), .enter(_, let latitude, let longitude),
            .exit(_, let latitude, let longitude):
            mark(event, at: TrackDecimator.Point(latitude: latitude, longitude: longitude), text: text)
        case .pause, .resume, .error:
            if let lastPosition { mark(event, at: lastPosition, text: text) }
        case .state:
            break
        case .lifecycle(let state, _):
            Self.append(Change(time: event.time, value: state, text: text), to: &lifecycle, limit: limit, dropped: &dropped)
        case .conditions(let state):
            Self.append(Change(time: event.time, value: state, text: text), to: &conditions, limit: limit, dropped: &dropped)
        case .taskSubmitted(let task, _, _):
            let row = row(task: task)
            Self.append(Tick(row: row, time: event.time, kind: "submitted", text: text), to: &taskTicks, limit: limit, dropped: &dropped)
        case .taskRejected(let task, _):
            let row = row(task: task)
            Self.append(Tick(row: row, time: event.time, kind: "rejected", text: text), to: &taskTicks, limit: limit, dropped: &dropped)
        case .taskLaunched(let task):
            let row = row(task: task)
            if let open = openRun[row] { runs[open].end = event.time }
            if Self.append(Bar(row: row, start: event.time, outcome: .running, text: text), to: &runs, limit: limit, dropped: &dropped) {
                openRun[row] = runs.count - 1
            }
        case .taskExpired(let task):
            // The run stays open for the completion that follows its expiration handler.
            if let open = openRun[row(task: task)] {
                runs[open].end = event.time
                runs[open].outcome = .expired
                runs[open].text += "\n" + text
            }
        case .taskCompleted(let task, let success):
            if let open = openRun.removeValue(forKey: row(task: task)) {
                if runs[open].outcome != .expired {
                    runs[open].end = event.time
                    runs[open].outcome = success ? .success : .failed
                }
                runs[open].text += "\n" + text
            }
        case .audioStarted(let file):
            let row = row(audio: file)
            if Self.append(Bar(row: row, start: event.time, outcome: .running, text: text), to: &audio, limit: limit, dropped: &dropped) {
                openAudio[row] = audio.count - 1
            }
        case .audioFinished(let file, let success):
            let row = row(audio: file)
            if let open = openAudio.removeValue(forKey: row) {
                audio[open].end = event.time
                audio[open].outcome = success ? .success : .failed
                audio[open].text += "\n" + text
            }
        case .audioPaused(let file):
            let row = row(audio: file)
            Self.append(Tick(row: row, time: event.time, kind: "paused", text: text), to: &audioTicks, limit: limit, dropped: &dropped)
        case .audioResumed(let file):
            let row = row(audio: file)
            Self.append(Tick(row: row, time: event.time, kind: "resumed", text: text), to: &audioTicks, limit: limit, dropped: &dropped)
        case .audioInterrupted(let file):
            let row = row(audio: file)
            Self.append(Tick(row: row, time: event.time, kind: "interrupted", text: text), to: &audioTicks, limit: limit, dropped: &dropped)
        }
    }

    private mutating func mark(_ event: TimelineEvent, at position: TrackDecimator.Point, text: String) {
        let marker = Marker(number: eventCount, time: event.time, kind: event.kind.name, position: position, text: text)
        Self.append(marker, to: &markers, limit: limit, dropped: &dropped)
    }

    private mutating func row(task: String) -> Int {
        if let row = taskRow[task] { return row }
        tasks.append(task)
        taskRow[task] = tasks.count - 1
        return tasks.count - 1
    }

    private mutating func row(audio file: String) -> Int {
        if let row = audioRow[file] { return row }
        audioFiles.append(file)
        audioRow[file] = audioFiles.count - 1
        return audioFiles.count - 1
    }

    /// The part of a text timeline line after the time and the event's name.
    private static func detail(of line: String, name: String) -> String {
        let scalars = Array(line.unicodeScalars)
        var index = 0
        while index + 1 < scalars.count, !(scalars[index] == " " && scalars[index + 1] == " ") { index += 1 }
        index += 2 + name.unicodeScalars.count
        while index < scalars.count, scalars[index] == " " { index += 1 }
        var detail = String.UnicodeScalarView()
        if index < scalars.count { detail.append(contentsOf: scalars[index...]) }
        return String(detail)
    }

    @discardableResult
    private static func append<Item>(_ item: Item, to list: inout [Item], limit: Int, dropped: inout Int) -> Bool {
        guard list.count < limit else {
            dropped += 1
            return false
        }
        list.append(item)
        return true
    }
}

