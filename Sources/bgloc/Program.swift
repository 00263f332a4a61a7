import ArgumentParser
import BGTaskCommand
import CommandLineSupport

/// The program behind `bgloc` and `bgtask`: it runs the tool it is started as (the last part of
/// `argv[0]`: `bgtask`, or anything else for `bgloc`), so that the two share one copy of the Swift runtime
/// and of the modules they both use. `bgaudio` stays a program of its own: it loads only ALSA at start,
/// not libcurl, libgps and SQLite, which keeps its start-up short (docs/PERFORMANCE.md, "Footprint").
///
/// Its tasks all run on the main thread (``SingleThreadExecutor``), not on libdispatch's thread pool,
/// whose monitor would wake an idle `bgloc live` every second (docs/PERFORMANCE.md, "Wake-ups").
@main
enum Program {
    static func main() {
        let invoked = CommandLine.arguments.first ?? ""
        let name = invoked.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        SingleThreadExecutor.runProgram {
            if name == "bgtask" {
                await BGTaskCommand.main()
            } else {
                await BGLoc.main()
            }
        }
    }
}
