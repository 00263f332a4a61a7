import Glibc
import Synchronization

/// Stops a ``DedicatedThread`` that sleeps in `poll()`: a flag, and a pipe whose read end the thread polls
/// beside its own descriptors, so that a stop wakes it at once and nothing else does.
///
/// Without it a thread blocked on a socket would have to wake on a timer to look at a flag: ten times a
/// second, for months, in an always-on `bgloc live` that has nothing to do (docs/PERFORMANCE.md, "Wake-ups").
/// gpsd's reader, the tiny gpsd's server, the control socket and the machine's conditions watcher all stop
/// this way.
///
/// A thread that sleeps on its own descriptors only lets ``wait(readable:timeout:)`` poll them; one with a
/// poll of its own (several clients, writes) adds ``descriptor`` to its set, and ``wake()`` with
/// ``drain()`` give it a wake-up that does not stop it (news to send).
///
/// ```swift
/// let stop = try StopSignal()
/// DedicatedThread.start { while let ready = stop.wait(readable: [socket]) { if !ready.isEmpty { read(socket) } } }
/// stop.signal()   // from any thread: the loop's wait returns nil, now
/// ```
/// The pipe's ends are closed on exec and closed when the signal is released.
public final class StopSignal: Sendable {
    /// The pipe could not be made (the process is out of descriptors).
    public struct Failure: Error, CustomStringConvertible {
        /// The system's reason.
        public let reason: String
        public var description: String {
            "cannot make a stop pipe for a thread: \(reason); raise the limit of open files (ulimit -n) or close some"
        }
    }

    private let stopped = Atomic<Bool>(false)
    /// The read end of the pipe: readable once ``signal()`` (or ``wake()``) has been called.
    public let descriptor: Int32
    private let writeEnd: Int32

    /// - Throws: ``Failure`` when the pipe cannot be made.
    public init() throws(Failure) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw Failure(reason: Errno(errno).description) }
        for end in ends {  // pipe2 is not in Swift's Glibc
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        descriptor = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        close(descriptor)
        close(writeEnd)
    }

    /// True once ``signal()`` has been called.
    public var isSignalled: Bool { stopped.load(ordering: .acquiring) }

    /// Stops: sets the flag and makes ``descriptor`` readable for good, waking a thread that waits. Callable
    /// from any thread, any number of times.
    public func signal() {
        stopped.store(true, ordering: .releasing)
        wake()
    }

    /// Wakes a thread polling ``descriptor`` without stopping it; that thread calls ``drain()``.
    public func wake() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)  // EAGAIN: the pipe is full of wake-ups already
    }

    /// Empties the pipe after a ``wake()``, so that the next poll sleeps again; once stopped it stays
    /// readable.
    public func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(descriptor, &buffer, buffer.count) > 0 {}
        if isSignalled { wake() }  // a stop whose byte was drained with a wake-up's
    }

    /// Sleeps until one of `descriptors` is readable (or closed, or in error), `timeout` has passed (nil:
    /// no limit), or the stop comes. Returns nil when stopped, else the descriptors that are ready (empty
    /// after a timeout).
    public func wait(readable descriptors: [Int32] = [], timeout: Duration? = nil) -> [Int32]? {
        var polled = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
        polled += descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let milliseconds = timeout.map { CInt(clamping: ($0.nanoseconds + 999_999) / 1_000_000) } ?? -1
        while !isSignalled {
            if poll(&polled, nfds_t(polled.count), milliseconds) >= 0 || errno != EINTR { break }
        }
        guard !isSignalled else { return nil }
        if polled[0].revents != 0 { drain() }  // a wake-up: the caller looks again
        return polled.dropFirst().filter { $0.revents != 0 }.map(\.fd)
    }
}
