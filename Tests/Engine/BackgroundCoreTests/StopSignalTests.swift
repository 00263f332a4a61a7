import BackgroundCore
import Foundation
import Glibc
import Synchronization
import Testing

@Suite struct StopSignalTests {
    /// How many of the process's descriptors are open on the pipe `descriptor` is an end of (other tests
    /// open and close descriptors meanwhile: the pipe's inode tells its ends from theirs).
    static func endsOpen(ofPipe link: String) throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").filter {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)) == link
        }.count
    }

    /// Both ends of a fresh pipe, which the caller closes.
    static func quietPipe() -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        precondition(pipe(&ends) == 0)
        return (ends[0], ends[1])
    }

    @Test func aStopWakesAThreadBlockedInPollAtOnce() async throws {
        let stop = try StopSignal()
        let quiet = Self.quietPipe()
        defer { close(quiet.read); close(quiet.write) }
        let result = Mutex<[Int32]?>([-1])
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let started = Atomic<Bool>(false)
            DedicatedThread.start {
                started.store(true, ordering: .releasing)
                let ready = stop.wait(readable: [quiet.read])  // no timeout: only the stop can end it
                result.withLock { $0 = ready }
                done.resume()
            }
            while !started.load(ordering: .acquiring) { usleep(1000) }
            usleep(50_000)  // let it reach poll()
            #expect(result.withLock { $0 } == [-1], "nothing has woken it yet")
            stop.signal()
        }
        #expect(result.withLock { $0 } == nil, "a stopped wait says so")
        #expect(stop.isSignalled)
    }

    @Test func aStopBeforeTheWaitEndsItAndTwiceIsHarmless() throws {
        let stop = try StopSignal()
        #expect(!stop.isSignalled)
        stop.signal()
        stop.signal()
        #expect(stop.wait(timeout: .seconds(3600)) == nil)
        stop.drain()
        #expect(stop.wait() == nil, "draining does not undo a stop")
        var polled = pollfd(fd: stop.descriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&polled, 1, 0) == 1, "a poll of its own sees the stop too")
    }

    @Test func aWaitReportsTheReadyDescriptorsAndATimeout() throws {
        let stop = try StopSignal()
        let quiet = Self.quietPipe(), busy = Self.quietPipe()
        defer { [quiet, busy].forEach { close($0.read); close($0.write) } }
        #expect(stop.wait(readable: [quiet.read, busy.read], timeout: .milliseconds(10)) == [], "a timeout: none ready")
        var byte: UInt8 = 7
        _ = write(busy.write, &byte, 1)
        #expect(stop.wait(readable: [quiet.read, busy.read]) == [busy.read])
    }

    @Test func aWakeUpIsNotAStop() throws {
        let stop = try StopSignal()
        stop.wake()
        stop.wake()
        #expect(stop.wait(timeout: .seconds(3600)) == [], "a wake-up ends the wait without stopping")
        #expect(stop.wait(timeout: .milliseconds(10)) == [], "and was drained: the next wait sleeps its time")
        #expect(!stop.isSignalled)
    }

    @Test func releasingItClosesBothEnds() throws {
        var link = ""
        do {
            let stop = try StopSignal()
            stop.signal()
            link = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(stop.descriptor)")
            #expect(link.hasPrefix("pipe:["))
            #expect(try Self.endsOpen(ofPipe: link) == 2, "a pipe's two ends")
        }
        #expect(try Self.endsOpen(ofPipe: link) == 0, "both closed again")
    }
}
