import BackgroundCore
import Glibc
import Synchronization

/// The reader thread's stop: a flag, and a pipe whose read end the thread sleeps on beside gpsd's socket,
/// so that a stop wakes it at once and nothing else does (the self-pipe of ``GPSDServer``).
///
/// Without it the thread would have to wake on a timer to look at the flag: ten times a second, for months,
/// in an always-on `bgloc live` whose gpsd has nothing to say (docs/PERFORMANCE.md, "The always-on daemon").
///
/// ```swift
/// let stop = StopSignal()
/// DedicatedThread.start { while stop.wait(readable: socket, timeout: nil) { read(socket) } }
/// stop.signal()   // from any thread: the loop's wait returns false, now
/// ```
final class StopSignal: Sendable {
    private let stopped = Atomic<Bool>(false)
    private let ends: (read: CInt, write: CInt)

    init() {
        var pipeEnds: [CInt] = [0, 0]
        // Without a pipe the reader could never be stopped: as fatal as failing to start its thread.
        precondition(pipe(&pipeEnds) == 0, "cannot create the gpsd reader's stop pipe")
        pipeEnds.forEach(GPSDServer.makeNonBlocking)
        ends = (pipeEnds[0], pipeEnds[1])
    }

    deinit {
        close(ends.read)
        close(ends.write)
    }

    /// True once ``signal()`` has been called.
    var isSignalled: Bool { stopped.load(ordering: .relaxed) }

    /// Stops: sets the flag and wakes a thread waiting in ``wait(readable:timeout:)``. Callable from any thread.
    func signal() {
        stopped.store(true, ordering: .relaxed)
        var byte: UInt8 = 1
        _ = write(ends.write, &byte, 1)
    }

    /// Sleeps until `descriptor` (if any) is readable or closed, `timeout` has passed (nil: no limit), or
    /// the stop comes. Returns false when stopped, else true (the caller looks at the descriptor or the
    /// clock: a timeout and a readable descriptor both return true).
    func wait(readable descriptor: CInt?, timeout: Duration?) -> Bool {
        var polled = [pollfd(fd: ends.read, events: Int16(POLLIN), revents: 0)]
        if let descriptor { polled.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)) }
        let milliseconds = timeout.map { CInt(clamping: ($0.nanoseconds + 999_999) / 1_000_000) } ?? -1
        while !isSignalled {
            let ready = poll(&polled, nfds_t(polled.count), milliseconds)
            if ready >= 0 || errno != EINTR { break }
        }
        return !isSignalled
    }
}
