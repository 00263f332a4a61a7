package import ArgumentParser
import Glibc

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
package struct ReportOptions: ParsableArguments, Sendable {
    @Option(
        name: .customLong("report"),
        help: ArgumentHelp("Also write a self-contained HTML picture of the run to this file.", valueName: "file"))
    package var path: String?

    package init() {}

    /// A path whose folder is missing or not writable, or that is a folder, is refused before the run, not
    /// after a whole year is printed.
    package func validate() throws {
        guard let path else { return }
        try Self.checkWritable(path, option: "--report", expected: "an .html file")
    }

    /// Throws a `ValidationError` naming `option` when the folder of `path` is missing or not writable, or
    /// `path` is a folder (`expected` says what it should be).
    package static func checkWritable(_ path: String, option: String, expected: String) throws {
        let folder = path.lastIndex(of: "/").map { path[..<$0].isEmpty ? "/" : String(path[..<$0]) } ?? "."
        var status = stat()
        guard stat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw ValidationError("\(option) \(path): the folder \(folder) does not exist; make it first, or give another path")
        }
        guard access(folder, W_OK) == 0 else {
            throw ValidationError("\(option) \(path): the folder \(folder) cannot be written to")
        }
        if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            throw ValidationError("\(option) \(path): is a folder; give the path of \(expected)")
        }
    }
}
