import BackgroundTestKit
import Foundation
import Glibc
import Testing

/// `TestSupport.run`, the runner of every command-line test: a child that outlives its time limit is
/// killed and fails its test with a clear message, so that a hang cannot stall the suite (a `bgaudio play`
/// once hung for 15 minutes in a whole-suite run).
@Suite struct TestSupportTests {
    @Test func aChildThatOutlivesItsTimeLimitIsKilledAndNamedInTheFailure() async throws {
        let shell = try #require(TestSupport.which("sh"))
        // Deaf to SIGTERM, as the hung `bgaudio play` was; `exec` leaves no grandchild holding the pipes.
        let script = "trap '' TERM; echo started; echo waiting >&2; exec sleep 600"
        let error = try await #require(throws: TestSupport.TimeLimitExceeded.self) {
            try await TestSupport.run(shell, ["-c", script], timeLimit: .seconds(1))
        }
        #expect(error.stdout == "started\n")
        #expect(error.stderr == "waiting\n")
        #expect(error.description.hasPrefix("`\(shell) -c \(script)` was still running after 1 s: it hangs, so it was killed (SIGKILL)."))
        // Killed and reaped: no such process any more.
        #expect(kill(error.pid, 0) == -1 && errno == ESRCH)
    }

    @Test func aChildThatEndsInTimeGivesItsOutputAndStatus() async throws {
        let shell = try #require(TestSupport.which("sh"))
        let result = try await TestSupport.run(shell, ["-c", "echo out; echo err >&2; exit 3"], timeLimit: .seconds(600))
        #expect(result.status == 3 && !result.signalled)
        #expect(result.stdout == "out\n" && result.stderr == "err\n")
    }
}
