/// What the HTML report draws for a ``TimelineRecord``, in a small vocabulary of its own: the report knows
/// these drawings, not the records of the modules.
///
/// Every record except a ``track(latitude:longitude:)`` point also gets a row in the report's events
/// table. The strip's lanes are ``StripLane``s, ordered by their rank; the map's markers also show as
/// ticks on the strip's last lane, `location`.
public enum TimelineDrawing: Sendable {
    /// A position of the device: it extends the map's track (unless the source's own positions draw it)
    /// and has no row in the events table.
    case track(latitude: Double, longitude: Double)
    /// A marker on the map at a position.
    case marker(latitude: Double, longitude: Double)
    /// A marker on the map at the last position of the track, if there is one yet.
    case markerAtLastPosition
    /// A new state of `lane`, lasting until its next: one span on each of the lane's rows, classed by
    /// the style of the same index (`["net wifi", "power battery", "idle no"]`). A state that ends what
    /// another lane's bars stand for (the app's termination, for its background tasks) names that lane in
    /// `closing`: every bar still open there closes here, `failed` unless a mark has ended it already.
    case state(StripLane, styles: [String], closing: StripLane? = nil)
    /// A change to the bar on the row `row` of `lane` (a task run, an audio clip).
    case bar(StripLane, row: String, BarChange)
    /// A tick on the row `row` of `lane`, classed `style` (a submission, a pause).
    case tick(StripLane, row: String, style: String)
    /// Only a row of the events table.
    case tableRow

    /// What happens to the bar of a row.
    public enum BarChange: Sendable {
        /// A new bar starts, still running; a bar still open on the row ends here.
        case open
        /// The open bar ends here with `outcome` but stays open for a record that follows (a task's
        /// expiration, before the completion its handler reports).
        case mark(BarOutcome)
        /// The open bar closes: it ends here with `outcome` unless a mark has ended it already.
        case close(BarOutcome)
    }

    /// How a bar ended: its drawing's class (`run success`).
    public enum BarOutcome: String, Sendable {
        case success, failed, expired
    }
}
