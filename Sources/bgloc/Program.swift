import ArgumentParser
import BGTaskCommand
import CommandLineSupport
import Glibc

/// The program behind `bgloc` and `bgtask`: it runs the tool it is started as (the last part of
/// `argv[0]`: `bgtask`, or anything else for `bgloc`), so that the two share one copy of the Swift runtime
/// and of the modules they both use. `bgaudio` stays a program of its own: it loads neither SQLite nor libyaml
/// at start (ALSA, libcurl and libsndfile are loaded on first use by both), which keeps its start-up short
/// (docs/PERFORMANCE.md, "Footprint").
///
/// Its tasks all run on the main thread (``SingleThreadExecutor``), not on libdispatch's thread pool,
/// whose monitor would wake an idle `bgloc live` every second (docs/PERFORMANCE.md, "Wake-ups").
@main
enum Program {
    static func main() {
        // One malloc arena for every thread. glibc gives a thread that allocates while another holds the lock
        // an arena of its own (up to 8 per core), and each keeps what it once held: in the soak, each time more
        // transfer threads ran at once than before, `bgloc live` grew by another arena of 0.5-0.8 MB that it
        // never gave back (docs/RELIABILITY.md, "The one-hour soak"). Its threads allocate little and seldom.
        limitMallocArenas(to: 1)
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

/// glibc's `mallopt(M_ARENA_MAX, count)`; `mallopt` is in <malloc.h>, which Swift's Glibc module leaves out,
/// so it is looked up in the C library that is loaded already.
private func limitMallocArenas(to count: CInt) {
    let arenaMax: CInt = -8  // M_ARENA_MAX
    guard let mallopt = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
    _ = unsafeBitCast(mallopt, to: (@convention(c) (CInt, CInt) -> CInt).self)(arenaMax, count)
}
