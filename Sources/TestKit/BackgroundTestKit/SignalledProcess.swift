import BackgroundCore
import Foundation
package import Glibc

/// A built command line started in a process group of its own, its output going to files, for tests that
/// interrupt it with a signal the way a terminal or a service manager does.
///
/// Wait for output with ``waitForLines(_:timeout:)`` before signalling (so the program is past its start),
/// then ``signal(_:)`` and ``waitForExit(timeout:)``. ``killGroup()`` ends whatever is left of the group
/// with SIGKILL; call it in a `defer` so that a failing test leaves nothing running. The waits poll on a
/// thread of their own, never on Swift's cooperative pool: a blocked pool thread starves every async test
/// running beside it (seen under AddressSanitizer, where the gpsd tests then got one fix in 30 s).
///
/// ```swift
/// let process = try SignalledProcess(TestSupport.executable("bgloc"), ["replay", trace, "--speed", "1"])
/// defer { process.killGroup() }
/// try await process.waitForLines(1)
/// process.signal(SIGINT)
/// #expect(try await process.waitForExit() == .exited(130))
/// ```
package final class SignalledProcess: @unchecked Sendable {
    /// How a process ended.
    package enum Ending: Equatable, Sendable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)

        package var description: String {
            switch self {
            case .exited(let status): "exit status \(status)"
            case .signalled(let signal): "killed by signal \(signal)"
            }
        }
    }

    /// What a wait ran out of time for.
    package struct Timeout: Error, CustomStringConvertible {
        package var description: String
    }

    /// The process's id, which is also its group's.
    package let pid: pid_t
    /// Holds standard output and error; removed after the process is killed.
    private let folder: TemporaryFolder
    private var ending: Ending?

    /// Starts `executable` with `arguments` in a new process group; standard input is /dev/null.
    package init(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws {
        folder = try TemporaryFolder(prefix: "bgkit-signal")
        let environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0)=\($1)" }
        do {
            pid = try ProcessSpawn.inNewGroup(executable, arguments: [executable] + arguments, environment: environment, descriptors: [
                .open(0, path: "/dev/null", flags: O_RDONLY),
                .open(1, path: "\(folder.path)/stdout", flags: O_WRONLY | O_CREAT | O_TRUNC),
                .open(2, path: "\(folder.path)/stderr", flags: O_WRONLY | O_CREAT | O_TRUNC),
            ])
        } catch {
            throw POSIXError(POSIXErrorCode(rawValue: error.errno) ?? .EIO)
        }
    }

    deinit { killGroup() }

    /// What the process has written to standard output so far.
    package var stdout: String { Self.text(of: "\(folder.path)/stdout") }
    /// What the process has written to standard error so far.
    package var stderr: String { Self.text(of: "\(folder.path)/stderr") }

    /// A file's bytes as UTF-8, read with open/read: `String(contentsOfFile:)` and `FileManager.contents(atPath:)`
    /// leak in FoundationEssentials (Swift 6.3.1), which LeakSanitizer reports.
    private static func text(of path: String) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return "" }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while case let count = read(descriptor, &chunk, chunk.count), count > 0 { bytes += chunk[..<count] }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Waits until standard output holds `count` whole lines.
    package func waitForLines(_ count: Int, timeout: Duration = .seconds(60)) async throws {
        _ = try await poll("\(count) lines of output", timeout: timeout) { [self] in
            stdout.reduce(0) { $1 == "\n" ? $0 + 1 : $0 } >= count || exitedYet() ? true : nil
        }
        guard ending == nil else {
            throw Timeout(description: "the process ended (\(ending!)) before writing \(count) lines: \(stderr)")
        }
    }

    /// Sends `signal` to the process (not its group: as `kill PID` would).
    package func signal(_ signal: Int32) {
        kill(pid, signal)
    }

    /// Waits for the process to end and says how it ended.
    package func waitForExit(timeout: Duration = .seconds(30)) async throws -> Ending {
        try await poll("the process to exit", timeout: timeout) { [self] in exitedYet() ? ending : nil }
    }

    /// Whether any process of its group is still alive (not a zombie).
    package var groupIsAlive: Bool { !Self.livingMembers(ofGroup: pid).isEmpty }

    /// The processes of group `group` that are alive, from /proc (not zombies: in a container whose
    /// first process reaps nobody, an orphan that was killed stays a zombie and `kill(-group, 0)` still
    /// finds it).
    package static func livingMembers(ofGroup group: pid_t) -> [pid_t] {
        guard kill(-group, 0) == 0 else { return [] }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.range(of: ")", options: .backwards) else { return nil }
            let fields = stat[close.upperBound...].split(separator: " ")  // state, ppid, pgrp, …
            return fields.count > 2 && fields[2] == "\(group)" && fields[0] != "Z" ? pid : nil
        }
    }

    /// Kills every process left in the group with SIGKILL and reaps the leader.
    package func killGroup() {
        kill(-pid, SIGKILL)
        if ending == nil {
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            ending = .signalled(SIGKILL)
        }
    }

    private func exitedYet() -> Bool {
        if ending != nil { return true }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return false }
        let signal = status & 0x7F
        ending = signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
        return true
    }

    /// Calls `probe` every 20 ms, on a thread of its own, until it returns a value; throws ``Timeout`` naming
    /// `what` after `timeout`.
    ///
    /// The probe usually holds this process. The thread lets go of it before the caller goes on, so that the
    /// process and its folder go at the end of the test, not whenever the thread ends: after the last test,
    /// the runner can exit first, and the folder would stay in the temporary directory.
    package func poll<T: Sendable>(
        _ what: String, timeout: Duration = .seconds(60), _ probe: @escaping @Sendable () -> T?
    ) async throws -> T {
        let held = HeldProbe(probe)
        return try await withCheckedThrowingContinuation { continuation in
            Thread {
                let clock = ContinuousClock()
                let deadline = clock.now + timeout
                while true {
                    if let value = held.probe?() {
                        held.probe = nil
                        return continuation.resume(returning: value)
                    }
                    guard clock.now < deadline else {
                        held.probe = nil
                        return continuation.resume(throwing: Timeout(description: "gave up waiting \(timeout) for \(what)"))
                    }
                    usleep(20_000)
                }
            }.start()
        }
    }
}

/// A probe that ``SignalledProcess/poll(_:timeout:_:)``'s thread can drop before it resumes the caller.
///
/// `@unchecked Sendable`: after `init`, only that one thread reads and clears `probe`.
private final class HeldProbe<T>: @unchecked Sendable {
    var probe: (@Sendable () -> T?)?

    init(_ probe: @escaping @Sendable () -> T?) { self.probe = probe }
}
