import ArgumentParser
import BackgroundLocation
import CommandLineSupport

struct Info: AsyncParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Summarise a GPX or NMEA trace: counts, time span, 2D length and bounds.",
        discussion: """
            The format is detected from the file's content. With --format json, prints one JSON object.

            Example:
              bgloc info Traces/walk-through-region.nmea --format json
            """)

    @Argument(help: "The trace: a GPX (1.0 or 1.1) file or an NMEA 0183 log.")
    var trace: String

    @Option(help: "Text for people or one JSON object.")
    var format: Format = .text

    func run() async throws {
        let summary = try TraceSummary(path: trace)
        StandardOutput.writeLine(format == .json ? summary.json : summary.text)
        StandardOutput.flush()
    }
}
