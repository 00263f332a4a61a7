package import BackgroundCore

/// A picture of a run: collects a timeline's events and renders them as one self-contained HTML page — the
/// track on a plain projected map with the regions as circles and every location event as a marker, and
/// below it a strip of lifecycle states, device conditions, task runs, audio clips and transfer attempts
/// over time. It draws each event from its record's ``TimelineDrawing``, knowing nothing of the modules
/// that record them.
///
/// The page needs no network (inline CSS, SVG and script; no map tiles) and the same events always give
/// the same bytes. Memory stays bounded on any run: the track is decimated to at most `trackPoints` points
/// and at most `itemLimit` markers, bars, ticks and table rows of each kind are kept. Every string from the
/// input (region and task identifiers, file names, messages) is HTML-escaped.
///
/// ```swift
/// let timeline = Timeline(engine: engine)
/// let report = TimelineReport(title: "bgloc replay walk.gpx", regions: [museum])
/// report.attach(to: timeline)
/// … run the engine …
/// try report.write(to: "report.html")
/// ```
/// In a test, record events directly and look at the page:
/// ```swift
/// let report = TimelineReport(title: "test")
/// report.record(TimelineEvent(time: .defaultStart, kind: .error(message: "no fix", code: nil)))
/// #expect(report.html().contains("no fix"))
/// ```
///
/// - Warning: Not thread-safe; attach it to the timeline of the engine that owns it.
package final class TimelineReport {
    /// The page's title (escaped when rendered).
    package let title: String
    /// The regions drawn as circles.
    package var regions: [ReportRegion]
    private var collection: ReportCollection
    private let folder = StepFolder()

    /// A report with nothing recorded yet.
    ///
    /// - Parameters:
    ///   - title: The page's heading, such as the command line that made the run.
    ///   - regions: The monitored regions, drawn as circles.
    ///   - trackPoints: At most this many points (plus the last) draw the track.
    ///   - itemLimit: At most this many markers, bars, ticks and table rows of each kind.
    package init(title: String, regions: [ReportRegion] = [], trackPoints: Int = 4000, itemLimit: Int = 5000) {
        self.title = title
        self.regions = regions
        collection = ReportCollection(trackPoints: trackPoints, limit: itemLimit)
    }

    /// Records every event of `timeline` from now on.
    package func attach(to timeline: Timeline) {
        timeline.addEventListener { [self] event in record(event) }
    }

    /// Records one event.
    package func record(_ event: TimelineEvent) {
        // A step (the battery's level alone) changes nothing the page draws: left out, so that the page
        // does not grow with them.
        guard !folder.folds(event) else { return }
        collection.record(event)
    }

    /// Adds a position of the source to the track: the trace as the device moved, whether or not the app
    /// received it (a suspended app, a distance filter). Once a position is added this way, `location`
    /// events no longer draw the track; without it, they do.
    package func recordPosition(latitude: Double, longitude: Double) {
        collection.recordPosition(latitude: latitude, longitude: longitude)
    }

    /// The page: one self-contained HTML document.
    package func html() -> String {
        ReportPage(title: title, collection: collection, regions: regions).render()
    }

    /// Writes the page to `path`, replacing the file.
    ///
    /// - Throws: ``ReportWriteError`` when the file cannot be created or written.
    package func write(to path: String) throws(ReportWriteError) {
        if let problem = WholeFile.replace(path, with: html()) { throw ReportWriteError(path: path, message: problem) }
    }
}
