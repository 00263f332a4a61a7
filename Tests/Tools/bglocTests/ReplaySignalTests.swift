import BackgroundTestKit
import Foundation
import Glibc
import Testing

/// `bgloc replay` interrupted the way a terminal (Ctrl-C) or a service manager (SIGTERM) does: exit
/// 130 or 143, only whole lines on standard output, and nothing left running — also not the process
/// group of a manifest's `run:` command that was running at the time.
@Suite struct ReplaySignalTests {
    static let bgloc = TestSupport.executable("bgloc")
    static let walk = "\(TestSupport.packageRoot)/Traces/walk-through-region.gpx"  // 12 minutes at --speed 1

    @Test(arguments: SignalCase.all)
    func aPacedReplayEndsWithWholeLines(_ interruption: SignalCase) async throws {
        let process = try SignalledProcess(Self.bgloc, ["replay", Self.walk, "--speed", "1", "--format", "jsonl"])
        defer { process.killGroup() }
        try await process.waitForLines(1)

        process.signal(interruption.signal)

        #expect(try await process.waitForExit() == .exited(interruption.status), "\(process.stderr)")
        try Self.expectWholeJSONLines(process.stdout)
        Self.expectNoCrash(process.stderr)
        #expect(!process.groupIsAlive)
    }

    @Test(arguments: SignalCase.all)
    func aRunningCommandsProcessGroupIsKilledToo(_ interruption: SignalCase) async throws {
        let app = try ReplayAppCommandTests.Manifest(task: #"run: "echo started $$; sleep 300""#)
        let process = try SignalledProcess(Self.bgloc, ["replay", Self.walk, "--app", app.path, "--speed", "1", "--format", "jsonl"])
        defer { process.killGroup() }
        try await process.waitForLines(1)
        // The command's shell leads a process group of its own (CommandRunner spawns it with setpgid(0, 0)).
        let commandGroup = try await Self.waitForCommandPid(process)
        defer { kill(-commandGroup, SIGKILL) }

        process.signal(interruption.signal)

        #expect(try await process.waitForExit() == .exited(interruption.status), "\(process.stderr)")
        try Self.expectWholeJSONLines(process.stdout)
        Self.expectNoCrash(process.stderr)
        #expect(SignalledProcess.livingMembers(ofGroup: commandGroup).isEmpty, "the command's group \(commandGroup) outlived bgloc")
        #expect(process.stdout.contains("task t: interrupted; the command was stopped with SIGTERM"))
        #expect(!process.groupIsAlive)
    }

    /// The shell's pid, from the command's "[t] started PID" on bgloc's standard error.
    static func waitForCommandPid(_ process: SignalledProcess) async throws -> pid_t {
        try await process.poll("the task's command to start") {
            process.stderr.split(separator: "\n").first { $0.hasPrefix("[t] started ") }
                .flatMap { pid_t($0.dropFirst("[t] started ".count)) }
        }
    }

    static func expectWholeJSONLines(_ stdout: String) throws {
        #expect(stdout.isEmpty || stdout.hasSuffix("\n"), "the last line is cut: \(stdout.suffix(200))")
        for line in stdout.split(separator: "\n") {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any], "not a JSON object: \(line)")
        }
    }

    static func expectNoCrash(_ stderr: String) {
        for sign in ["Fatal error", "Stack dump", "backtrace"] {
            #expect(!stderr.contains(sign), "\(stderr)")
        }
    }
}
