import ArgumentParser
import BGTaskCommand

/// The program behind `bgloc` and `bgtask`: it runs the tool it is started as (the last part of
/// `argv[0]`: `bgtask`, or anything else for `bgloc`), so that the two share one copy of the Swift runtime
/// and of the modules they both use. `bgaudio` stays a program of its own: it loads only ALSA at start,
/// not libcurl, libgps and SQLite, which keeps its start-up short (docs/PERFORMANCE.md, "Footprint").
@main
enum Program {
    static func main() async {
        let invoked = CommandLine.arguments.first ?? ""
        let name = invoked.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        if name == "bgtask" {
            await BGTaskCommand.main()
        } else {
            await BGLoc.main()
        }
    }
}
