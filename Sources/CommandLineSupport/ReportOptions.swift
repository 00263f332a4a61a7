public import ArgumentParser

/// `--report FILE`: also write the run as one self-contained HTML page (a map of the trace and regions,
/// and a timeline strip of lifecycle states, conditions and task runs), shared by `bgloc replay` and
/// `bgtask simulate`.
///
/// ```swift
/// @OptionGroup var report: ReportOptions
/// …
/// let picture = report.path.map { _ in TimelineReport(title: "…", regions: regions) }
/// picture?.attach(to: timeline)
/// … run …
/// if let path = report.path { try picture?.write(to: path) }
/// ```
public struct ReportOptions: ParsableArguments, Sendable {
    @Option(
        name: .customLong("report"),
        help: ArgumentHelp("Also write a self-contained HTML picture of the run to this file.", valueName: "file"))
    public var path: String?

    public init() {}
}
