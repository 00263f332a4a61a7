import BackgroundCore
@testable import BackgroundReport
import Testing

/// A full lane is thinned on the row with most items, and on a tie always on the same one (the first), so that
/// the same run draws the same report in every process. The row used to be chosen through a `Dictionary`, whose
/// order changes from one process to the next: two runs of one manifest drew different ticks.
@Suite struct ReportThinningTests {
    static let lane = StripLane(name: "test", rank: 0, legend: [])

    /// A lane with `rows` rows holding `perRow` ticks each, their rows taking turns.
    static func laneWithTies(rows: Int, perRow: Int) -> ReportCollection.Lane {
        var lane = ReportCollection.Lane(Self.lane)
        for name in 0..<rows { _ = lane.row("row \(name)") }
        for n in 0..<(rows * perRow) {
            lane.ticks.append(.init(row: n % rows, time: .defaultStart + .seconds(n), style: "tick", text: "\(n)"))
            lane.bars.append(.init(row: n % rows, start: .defaultStart + .seconds(n), end: .defaultStart + .seconds(n), outcome: .success, text: "\(n)"))
        }
        return lane
    }

    /// Twenty lanes alike (a `Dictionary`'s order differs from one instance to the next as well).
    @Test func aTieThinsTheFirstRow() {
        for _ in 0..<20 {
            var lane = Self.laneWithTies(rows: 8, perRow: 4)
            lane.thinTicks()
            lane.thinBars()
            #expect(lane.ticks.filter { $0.row == 0 }.count == 2)
            #expect(lane.bars.filter { $0.row == 0 }.count == 2)
            #expect(lane.ticks.count == 30 && lane.bars.count == 30)
        }
    }

    @Test func theFullestRowIsThinnedWhereverItIs() {
        var lane = Self.laneWithTies(rows: 3, perRow: 2)
        lane.ticks.append(.init(row: 2, time: .defaultStart, style: "tick", text: "one more"))
        lane.thinTicks()
        #expect(lane.ticks.filter { $0.row == 2 }.count == 2)
        #expect(lane.ticks.filter { $0.row != 2 }.count == 4)
    }

    @Test func anEmptyLaneIsLeftAlone() {
        var lane = ReportCollection.Lane(Self.lane)
        lane.thinTicks()
        lane.thinBars()
        #expect(lane.ticks.isEmpty && lane.bars.isEmpty)
    }
}
