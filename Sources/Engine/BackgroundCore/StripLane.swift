/// A lane of the report's timeline strip, shared by the records that draw on it (``TimelineDrawing``).
///
/// A state lane (`rows` given) has those rows, each a sequence of spans; a bar lane (`rows` empty) has one
/// row for each row name its records use, in order of first appearance, each with its bars and ticks.
/// Lanes are drawn by `rank`, lowest first — the app's lifecycle 0, device conditions 1, tasks 2, audio
/// 3, transfers 4 — and then the location lane of the map's markers.
public struct StripLane: Sendable {
    /// One colour of the legend: a swatch of class `style`, then `label`.
    public struct Swatch: Hashable, Sendable {
        public var style: String
        public var label: String

        public init(_ style: String, _ label: String) {
            self.style = style
            self.label = label
        }
    }

    /// Identifies the lane: records naming the same lane draw on it.
    public var name: String
    public var rank: Int
    /// A state lane's row labels; empty for a bar lane.
    public var rows: [String]
    /// The class of a bar lane's bars, before the outcome (`run`, `clip`).
    public var barStyle: String
    /// The legend shown when the lane has anything; lanes with equal legends show it once.
    public var legend: [Swatch]
    /// How the report's summary counts the lane's bars (`("task run", "task runs")`), or nil.
    public var barCount: (one: String, many: String)?

    /// The legend bar lanes share: the outcomes of ``TimelineDrawing/BarOutcome``, a running bar and the
    /// ticks of submissions and rejections.
    public static let barLegend = [
        Swatch("success", "completed"), Swatch("failed", "failed"), Swatch("expired", "expired"),
        Swatch("running", "still running"), Swatch("submitted", "submitted"), Swatch("rejected", "rejected"),
    ]

    public init(
        name: String, rank: Int, rows: [String] = [], barStyle: String = "", legend: [Swatch],
        barCount: (one: String, many: String)? = nil
    ) {
        self.name = name
        self.rank = rank
        self.rows = rows
        self.barStyle = barStyle
        self.legend = legend
        self.barCount = barCount
    }
}
