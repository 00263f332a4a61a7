import ArgumentParser
import CommandLineSupport

struct BGLoc: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bgloc",
        abstract: "Background location on Linux: replay GPX and NMEA traces, follow gpsd, monitor regions.",
        discussion: """
            Example:
              bgloc info Traces/walk-through-region.gpx
              bgloc replay Traces/walk-through-region.gpx \\
                  --region lindenhof=47.37297,8.54069,150 --report walk.html
              bgloc live --gpsd localhost:2947 --significant --fixes 20

            The guides: docs/GETTING-STARTED.md and docs/ (after `make install`, also man bgloc).
            """,
        version: BGKitVersion.current,
        subcommands: [Replay.self, Live.self, Record.self, Info.self, Serve.self]
    )
}
