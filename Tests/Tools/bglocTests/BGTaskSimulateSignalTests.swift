import BackgroundCore
import BackgroundState
import BackgroundScheduler
import BackgroundTestKit
import Foundation
import Glibc
import SQLiteStore
import Testing

/// `bgtask simulate` stopped from outside while it runs: Ctrl-C (SIGINT) and SIGTERM end it with 130 and
/// 143 after whole lines and a valid state database; SIGKILL, which it cannot handle, still leaves a valid
/// one (each save is a committed SQLite transaction, with write-ahead logging and full sync).
@Suite struct BGTaskSimulateSignalTests {

    /// A refresh every minute for a century: runs far longer than any test waits.
    static let busy = """
        app: com.example.busy
        backgroundModes: [fetch]
        permittedIdentifiers: [busy]
        tasks:
          busy: {kind: refresh, earliestBegin: 1s, work: 1s, resubmit: true}
        submitAtLaunch: [busy]
        """

    /// A running bgtask whose standard output is collected as it comes.
    final class Child: @unchecked Sendable {
        let process = Process()
        /// What the reader has collected; the reader holds only this, not the child.
        private final class Output: @unchecked Sendable {
            let lock = NSLock()
            var data = Data()
            var ended = false
        }
        private let output = Output()

        init(_ arguments: [String]) throws {
            process.executableURL = URL(fileURLWithPath: TestSupport.executable("bgtask"))
            process.arguments = arguments
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            try process.run()
            let handle = pipe.fileHandleForReading
            DispatchQueue.global().async { [output] in
                while case let chunk = handle.availableData, !chunk.isEmpty {
                    output.lock.withLock { output.data.append(chunk) }
                }
                output.lock.withLock { output.ended = true }
            }
        }

        var stdout: Data { output.lock.withLock { output.data } }
        private var ended: Bool { output.lock.withLock { output.ended } }

        /// Waits (at most 60 s) until the child has printed `bytes`; false when it did not.
        func waitForOutput(_ bytes: Int) async throws -> Bool {
            for _ in 0..<3000 {
                if stdout.count >= bytes { return true }
                guard process.isRunning else { return false }
                try await Task.sleep(for: .milliseconds(20))
            }
            return false
        }

        /// Sends `signal` and waits (at most 60 s) for the child to exit and its output to end; a child that
        /// does not exit is killed, and false returned.
        func stop(with signal: Int32) async throws -> Bool {
            kill(process.processIdentifier, signal)
            for _ in 0..<3000 {
                if !process.isRunning, ended {
                    process.waitUntilExit()  // lets Foundation finish with the process (else it leaks it)
                    return true
                }
                try await Task.sleep(for: .milliseconds(20))
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return false
        }
    }

    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func aSignalEndsTheRunAfterWholeLines(signal: Int32, status: Int32) async throws {
        let folder = try TemporaryFolder()
        let manifest = try folder.write("busy.yaml", Self.busy)
        let state = folder.path + "/state.db"
        let child = try Child(["simulate", manifest, "--for", "36500d", "--format", "jsonl", "--state", state])
        #expect(try await child.waitForOutput(64 * 1024))
        #expect(try await child.stop(with: signal))
        #expect(child.process.terminationReason == .exit)
        #expect(child.process.terminationStatus == status)

        let output = child.stdout
        #expect(output.last == UInt8(ascii: "\n"))
        let lines = output.split(separator: UInt8(ascii: "\n"))
        #expect(lines.count > 100)
        for line in lines {
            #expect((try? JSONSerialization.jsonObject(with: Data(line))) is [String: Any], "torn line: \(String(decoding: line, as: UTF8.self))")
        }
        try Self.expectValidState(state)
    }

    /// SIGKILL at three moments of a run that saves its state after every change: each time the database
    /// passes SQLite's integrity check, and the next run restores its requests.
    @Test(arguments: [8 * 1024, 32 * 1024, 96 * 1024])
    func aKillNeverLeavesATornStateFile(after bytes: Int) async throws {
        let folder = try TemporaryFolder()
        let manifest = try folder.write("busy.yaml", Self.busy)
        let state = folder.path + "/state.db"
        let child = try Child(["simulate", manifest, "--for", "36500d", "--format", "jsonl", "--state", state])
        #expect(try await child.waitForOutput(bytes))
        #expect(try await child.stop(with: SIGKILL))
        #expect(child.process.terminationReason == .uncaughtSignal)
        try Self.expectValidState(state)
        // The next run restores what was saved: its manifest submits nothing, and it starts when the saved
        // request may begin, so `busy` launches only if it was pending in the database (it is not between a
        // launch and its resubmission).
        let saved = try AppStateDatabase(path: state).loadTaskRequests()
        #expect(saved.allSatisfy { $0.identifier == "busy" })
        let start = saved.first?.earliestBeginDate ?? .defaultStart
        let quiet = try folder.write("quiet.yaml", Self.busy.replacingOccurrences(of: "submitAtLaunch: [busy]", with: ""))
        let next = try await TestSupport.run(
            TestSupport.executable("bgtask"),
            ["simulate", quiet, "--for", "2m", "--start", start.rfc3339, "--format", "jsonl", "--state", state])
        #expect(next.status == 0, "\(next.stderr)")
        #expect(next.stderr.isEmpty)
        #expect(next.stdout.contains("\"event\":\"task.launched\",\"task\":\"busy\"") == !saved.isEmpty, "\(next.stdout)")
    }

    /// The state database exists, passes `PRAGMA integrity_check` (with its write-ahead log, as the
    /// killed process left it) and has the schema's tables.
    static func expectValidState(_ path: String) throws {
        let database = try SQLiteDatabase(path: path, migrations: StateSchema.migrations)
        #expect(try database.query("PRAGMA integrity_check") == [[.text("ok")]])
        #expect(try database.schemaVersion() == StateSchema.migrations.count)
        #expect(try database.query("SELECT count(*) FROM task_request").first?.first?.integer.map { $0 <= 1 } == true)
    }
}
