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
        // glibc's malloc, tuned for a daemon that lives for weeks (docs/RELIABILITY.md, "The one-hour soak"):
        // one arena for every thread (glibc gives a thread that allocates while another holds the lock an arena
        // of its own, up to 8 per core, and each keeps what it once held: in the soak, each time more transfer
        // threads ran at once than before, another 0.5-0.8 MB that was never given back), and blocks of 128 KiB
        // and more mapped on their own and unmapped when freed (glibc otherwise raises that threshold after the
        // first such free, and libcurl's 512 KiB buffers, one per attempt, then stay in the heap at the most that
        // ever ran at once).
        tuneMalloc()
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

/// `mallopt(M_ARENA_MAX, 1)` and `mallopt(M_MMAP_THRESHOLD, 128 KiB)`: `mallopt` is in <malloc.h>, which Swift's
/// Glibc module leaves out, so it is looked up in the C library that is loaded already.
private func tuneMalloc() {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
    let mallopt = unsafeBitCast(symbol, to: (@convention(c) (CInt, CInt) -> CInt).self)
    _ = mallopt(-8, 1)  // M_ARENA_MAX
    _ = mallopt(-3, 128 << 10)  // M_MMAP_THRESHOLD: fixed, no longer raised by glibc
}
