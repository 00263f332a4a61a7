import BackgroundCore

/// What a report keeps of a run's timeline, in bounded memory: a decimated track, the events to mark on
/// the map, and the spans, bars and ticks of the strip's lanes, from each record's ``TimelineDrawing``; at
/// most `limit` of each kind of item.
struct ReportCollection {
    /// An event drawn on the map (and as a tick on the strip's location row).
    struct Marker {
        var number: Int
        var time: SimTime
        var kind: String
        var position: TrackDecimator.Point
        var text: String
    }

    /// A state that holds from `time` until the next change of its lane: one style for each of the lane's rows.
    struct Change {
        var time: SimTime
        var styles: [String]
        var text: String
    }

    /// A bar on a row: a task run (launched until completed or expired), an audio clip (started until finished).
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
        var style: String
        var text: String
    }

    /// What a lane of the strip holds: a state lane's changes, or a bar lane's rows with their bars and ticks.
    struct Lane {
        let lane: StripLane
        var changes: [Change] = []
        /// Row names in order of first appearance; a bar's or tick's `row` indexes them.
        var rows: [String] = []
        var bars: [Bar] = []
        var ticks: [Tick] = []
        var rowIndex: [String: Int] = [:]
        /// The bar still open on a row, by row.
        var open: [Int: Int] = [:]
        /// Bars opened in the run, drawn or not: the true count.
        var barsSeen = 0
        /// Per row: bars and ticks seen, and the sampling step (1 draws each; 2 every other, …) that a full
        /// list doubles, so that a long run is drawn evenly from start to end within the limit.
        var seen: [Int: (bars: Int, ticks: Int)] = [:]
        var stride: [Int: (bars: Int, ticks: Int)] = [:]

        init(_ lane: StripLane) {
            self.lane = lane
        }

        /// Whether the next bar (or tick) of `row` is drawn, counting it.
        mutating func samples(_ row: Int, bar: Bool) -> Bool {
            var count = seen[row] ?? (0, 0)
            let step = stride[row] ?? (1, 1)
            if bar { count.bars += 1 } else { count.ticks += 1 }
            seen[row] = count
            return bar ? (count.bars - 1) % step.bars == 0 : (count.ticks - 1) % step.ticks == 0
        }

        /// Halves the bars of the row that has most of them (keeping those still open), and samples that
        /// row's later bars half as often.
        mutating func thinBars() {
            guard let row = fullestRow(of: bars.lazy.map(\.row)) else { return }
            let stillOpen = Set(open.values)
            var kept: [Bar] = []
            var moved: [Int: Int] = [:]
            var nth = 0
            for (index, bar) in bars.enumerated() {
                if bar.row == row { nth += 1 }
                guard bar.row != row || nth % 2 == 1 || stillOpen.contains(index) else { continue }
                moved[index] = kept.count
                kept.append(bar)
            }
            bars = kept
            open = open.compactMapValues { moved[$0] }
            stride[row, default: (1, 1)].bars *= 2
        }

        /// Halves the ticks of the row that has most of them, and samples its later ticks half as often.
        mutating func thinTicks() {
            guard let row = fullestRow(of: ticks.lazy.map(\.row)) else { return }
            var nth = 0
            ticks.removeAll { tick in
                guard tick.row == row else { return false }
                nth += 1
                return nth % 2 == 0
            }
            stride[row, default: (1, 1)].ticks *= 2
        }

        /// The row most of `items` are on, the first such row on a tie: the same row every run (a
        /// `Dictionary`'s order, which chose it before, changes from one process to the next).
        func fullestRow(of items: some Sequence<Int>) -> Int? {
            var counts = [Int](repeating: 0, count: rows.count)
            for row in items { counts[row] += 1 }
            guard let most = counts.max(), most > 0 else { return nil }
            return counts.firstIndex(of: most)
        }

        mutating func row(_ name: String) -> Int {
            if let row = rowIndex[name] { return row }
            rows.append(name)
            rowIndex[name] = rows.count - 1
            return rows.count - 1
        }
    }

    /// A row of the events table: every event except the points of the track (plain location updates).
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
    /// Rows of the events table in the run, listed or not: the true count.
    var rowsSeen = 0
    /// The strip's lanes in order of first appearance (the strip orders them by rank).
    var lanes: [Lane] = []
    /// Items left out because a list was full.
    var dropped = 0

    /// The lanes in the strip's order: by rank, then by first appearance.
    var strip: [Lane] {
        lanes.enumerated().sorted { ($0.element.lane.rank, $0.offset) < ($1.element.lane.rank, $1.offset) }.map(\.element)
    }

    private var lastPosition: TrackDecimator.Point?
    /// True once the track comes from the positions of the source (``recordPosition(latitude:longitude:)``):
    /// location events then no longer extend it.
    private var trackFromSource = false
    private var laneIndex: [String: Int] = [:]
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
        let drawing = event.kind.drawing
        if case .track = drawing {} else {
            let name = event.kind.name
            let row = Row(number: eventCount, time: event.time, name: name, detail: Self.detail(of: text, name: name))
            // The table's heading counts what it leaves out; `dropped` is for what the drawing leaves out.
            rowsSeen += 1
            if rows.count < limit { rows.append(row) }
        }
        switch drawing {
        case .track(let latitude, let longitude):
            if !trackFromSource { appendToTrack(latitude: latitude, longitude: longitude) }
        case .marker(let latitude, let longitude):
            mark(event, at: TrackDecimator.Point(latitude: latitude, longitude: longitude), text: text)
        case .markerAtLastPosition:
            if let lastPosition { mark(event, at: lastPosition, text: text) }
        case .tableRow:
            break
        case .state(let lane, let styles, let closing):
            let lane = index(of: lane)
            let change = Change(time: event.time, styles: styles, text: text)
            Self.append(change, to: &lanes[lane].changes, limit: limit, dropped: &dropped)
            if let closing, let other = laneIndex[closing.name] {
                for row in lanes[other].open.keys.sorted() {
                    Self.draw(.close(.failed), on: row, of: &lanes[other], at: event.time, text: text, limit: limit)
                }
            }
        case .tick(let lane, let row, let style):
            let lane = index(of: lane)
            let tick = Tick(row: lanes[lane].row(row), time: event.time, style: style, text: text)
            guard lanes[lane].samples(tick.row, bar: false) else { break }
            if lanes[lane].ticks.count >= limit { lanes[lane].thinTicks() }
            lanes[lane].ticks.append(tick)
        case .bar(let lane, let row, let change):
            let lane = index(of: lane)
            let row = lanes[lane].row(row)
            Self.draw(change, on: row, of: &lanes[lane], at: event.time, text: text, limit: limit)
        }
    }

    private static func draw(
        _ change: TimelineDrawing.BarChange, on row: Int, of lane: inout Lane, at time: SimTime, text: String, limit: Int
    ) {
        switch change {
        case .open:
            if let open = lane.open.removeValue(forKey: row) { lane.bars[open].end = time }
            lane.barsSeen += 1
            guard lane.samples(row, bar: true) else { return }
            if lane.bars.count >= limit { lane.thinBars() }
            lane.bars.append(Bar(row: row, start: time, outcome: .running, text: text))
            lane.open[row] = lane.bars.count - 1
        case .mark(let outcome):
            if let open = lane.open[row] {
                lane.bars[open].end = time
                lane.bars[open].outcome = Bar.Outcome(outcome)
                lane.bars[open].text += "\n" + text
            }
        case .close(let outcome):
            if let open = lane.open.removeValue(forKey: row) {
                if lane.bars[open].outcome == .running {
                    lane.bars[open].end = time
                    lane.bars[open].outcome = Bar.Outcome(outcome)
                }
                lane.bars[open].text += "\n" + text
            }
        }
    }

    /// The index in ``lanes`` of the lane named as `lane`, added the first time.
    private mutating func index(of lane: StripLane) -> Int {
        if let index = laneIndex[lane.name] { return index }
        lanes.append(Lane(lane))
        laneIndex[lane.name] = lanes.count - 1
        return lanes.count - 1
    }

    private mutating func mark(_ event: TimelineEvent, at position: TrackDecimator.Point, text: String) {
        let marker = Marker(number: eventCount, time: event.time, kind: event.kind.name, position: position, text: text)
        Self.append(marker, to: &markers, limit: limit, dropped: &dropped)
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


extension ReportCollection.Bar.Outcome {
    init(_ outcome: TimelineDrawing.BarOutcome) {
        switch outcome {
        case .success: self = .success
        case .failed: self = .failed
        case .expired: self = .expired
        }
    }
}
