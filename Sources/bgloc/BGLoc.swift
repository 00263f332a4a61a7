import ArgumentParser

@main
struct BGLoc: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bgloc",
        abstract: "Background location on Linux: replay GPX and NMEA traces, follow gpsd, monitor regions.",
        subcommands: [Replay.self, Live.self, Record.self, Info.self, Serve.self]
    )
}
