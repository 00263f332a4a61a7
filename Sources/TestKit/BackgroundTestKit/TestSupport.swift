import Foundation
import Glibc

/// What bgkit's own tests share: where the package and the shared corpus are, whether integration tests
/// must run, and running a built command line.
///
/// Not part of the public test kit: `package` visibility keeps it to this package's targets.
package enum TestSupport {
    /// The sanitizers this process was built with (`swift test --sanitize=…`; the tests and the command
    /// lines they start are built alike): `address`, `thread`, or none.
    package static let sanitizers: [String] = [("address", "__asan_init"), ("thread", "__tsan_init")]
        .filter { dlsym(UnsafeMutableRawPointer(bitPattern: 0), $0.1) != nil }.map(\.0)

    /// The package's root folder (the one with Package.swift).
    package static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }  // Sources/TestKit/BackgroundTestKit/TestSupport.swift
        return url.path
    }()

    /// True in CI (`BGKIT_REQUIRE_INTEGRATION=1` or `CI=true`): tests that need gpsd, ALSA or the shared
    /// corpus fail instead of skipping when what they need is missing.
    package static var integrationRequired: Bool {
        let env = ProcessInfo.processInfo.environment
        return env["BGKIT_REQUIRE_INTEGRATION"] == "1" || env["CI"] == "true"
    }

    /// `../shared/testdata` beside the package, or nil when it is absent (as on a user's clone).
    package static var sharedTestdata: String? {
        let path = URL(fileURLWithPath: packageRoot).deletingLastPathComponent()
            .appendingPathComponent("shared/testdata").path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// True when the shared corpus is there, or when it is required (so that its absence fails the test).
    package static var corpusTestsEnabled: Bool { sharedTestdata != nil || integrationRequired }

    /// True when every named program is on PATH, or when integration is required.
    package static func toolsAvailable(_ names: String...) -> Bool {
        integrationRequired || names.allSatisfy { which($0) != nil }
    }

    /// The full path of a program on PATH.
    package static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// The path of one of the package's built executables (`bgloc`, `bgaudio`, `bgtask`), found beside the
    /// test bundle; `BGKIT_TOOLS=DIR` runs the command-line tests against the tools in DIR instead (another
    /// build, to see a test fail before a fix).
    package static func executable(_ name: String) -> String {
        if let tools = ProcessInfo.processInfo.environment["BGKIT_TOOLS"], !tools.isEmpty { return "\(tools)/\(name)" }
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // The test binary lives in <products>/bgkitPackageTests.xctest (a file on Linux).
        if dir.lastPathComponent.hasSuffix(".xctest") { dir.deleteLastPathComponent() }
        let candidate = dir.appendingPathComponent(name).path
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        return URL(fileURLWithPath: packageRoot).appendingPathComponent(".build/debug/\(name)").path
    }

    /// The outcome of running a program.
    package struct Result: Sendable {
        package var status: Int32
        package var stdout: String
        package var stderr: String
        /// True when the program was ended by a signal (status is then the signal number).
        package var signalled: Bool
    }

    /// How long ``run(_:_:stdin:environment:currentDirectory:timeLimit:)`` lets a program run by default:
    /// minutes more than any of the tools needs on a loaded machine, so that only a hang reaches it.
    package static let defaultTimeLimit = Duration.seconds(120)

    /// A program that ``run(_:_:stdin:environment:currentDirectory:timeLimit:)`` killed for outliving its
    /// time limit; the test that ran it fails with this message.
    package struct TimeLimitExceeded: Error, CustomStringConvertible {
        /// The command line, as a shell would show it.
        package var command: String
        package var timeLimit: Duration
        /// The killed process's id.
        package var pid: Int32
        /// What it wrote before it was killed.
        package var stdout: String
        package var stderr: String

        package var description: String {
            "`\(command)` was still running after \(timeLimit.components.seconds) s: it hangs, so it was killed "
                + "(SIGKILL). Its standard error:\n\(stderr)\nIts standard output:\n\(stdout)"
        }
    }

    /// Runs a program to completion with the given arguments and standard input, capturing its output.
    ///
    /// A program still running after `timeLimit` is killed with SIGKILL (its process group too, when it
    /// leads one) and the call throws ``TimeLimitExceeded`` with what it wrote: a hang fails its test
    /// instead of stalling the whole suite. Not a measure of speed: keep the limit far above what a loaded
    /// machine needs.
    package static func run(
        _ executable: String, _ arguments: [String], stdin: String? = nil, environment: [String: String]? = nil,
        currentDirectory: String? = nil, timeLimit: Duration = defaultTimeLimit
    ) async throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        let watchdog = Watchdog(process, limit: timeLimit)
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try? input.fileHandleForWriting.close()
        // Read both pipes concurrently so that a full one cannot block the child.
        // Blocking reads run on threads of their own, off the cooperative pool, and concurrently so that
        // a full pipe cannot block the child.
        async let errData = readToEnd(err.fileHandleForReading)
        let outData = await readToEnd(out.fileHandleForReading)
        let errorOutput = await errData
        process.waitUntilExit()
        let result = Result(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errorOutput, as: UTF8.self),
            signalled: process.terminationReason == .uncaughtSignal
        )
        if watchdog.finish() {
            throw TimeLimitExceeded(
                command: ([executable] + arguments).joined(separator: " "), timeLimit: timeLimit,
                pid: process.processIdentifier, stdout: result.stdout, stderr: result.stderr)
        }
        return result
    }

    /// Kills a process that outlives its time limit, from a thread of its own (never the cooperative pool).
    private final class Watchdog: @unchecked Sendable {
        // @unchecked: `finished` and `killed` are only touched holding `lock`; `process` is only asked
        // whether it runs, holding `lock`, before a kill.
        private let lock = NSLock()
        private let done = DispatchSemaphore(value: 0)
        private let process: Process
        private var finished = false
        private var killed = false

        init(_ process: Process, limit: Duration) {
            self.process = process
            let (seconds, attoseconds) = limit.components
            let deadline = DispatchTime.now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
            Thread { [self] in
                guard done.wait(timeout: deadline) == .timedOut else { return }
                lock.withLock {
                    // An exited process is left alone: its id may already be another's.
                    guard !finished, process.isRunning else { return }
                    killed = true
                    let pid = process.processIdentifier
                    _ = kill(getpgid(pid) == pid ? -pid : pid, SIGKILL)
                }
            }.start()
        }

        /// Ends the watch once the process has exited; returns whether the watchdog killed it.
        func finish() -> Bool {
            let killed = lock.withLock {
                finished = true
                return self.killed
            }
            done.signal()
            return killed
        }
    }

    private static func readToEnd(_ handle: FileHandle) async -> Data {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: handle.readDataToEndOfFile()) }.start()
        }
    }
}
