import BackgroundTestKit
import Foundation
import Glibc
import Testing

/// The control socket of a real `bgloc live --app` (fed by `bgloc serve` as its gpsd), driven by the real
/// `bgtask`: the debugger's launch and expiration show in the run's stream; a second live run of the app
/// is refused; a socket left by a killed run is stale, said so, and replaced; SIGTERM removes the socket;
/// every failure is one line. Each wait polls with a generous limit and nothing is timed.
@Suite struct LiveControlSocketTests {
    static let bgloc = TestSupport.executable("bgloc")
    static let trace = "\(TestSupport.packageRoot)/Traces/walk-through-region.gpx"
    /// A processing task, which runs until its work is done while the (manifest's, unchanging) conditions
    /// hold: launched by hand, it is still running when the expiration comes, however slowly the test goes
    /// (a refresh task would expire by itself after 30 s).
    static let manifest = """
        app: com.example.live
        backgroundModes: [processing, remote-notification]
        permittedIdentifiers: [sync]
        tasks:
          sync: {kind: processing, earliestBegin: 1h, work: 1h}
        submitAtLaunch: [sync]
        conditions:
          - {at: 0s, network: wifi, power: battery, battery: 64, idle: true, lowPower: false, backgroundRefresh: on}
        """

    @Test func theDebuggersLaunchAndExpirationReachTheRunningApp() async throws {
        let (serve, folder, manifest) = try Self.setUp()
        defer { serve.stop() }
        let state = folder.path + "/state.db"
        let socket = folder.path + "/bgkit-com.example.live.sock"
        let arguments = ["live", "--gpsd", "127.0.0.1:\(serve.port)", "--app", manifest, "--state", state, "--format", "jsonl", "--duration", "300"]
        let live = try SignalledProcess(Self.bgloc, arguments)
        defer { live.killGroup() }
        try await Self.waitFor(#""event":"task.submitted""#, in: live)
        #expect(access(socket, F_OK) == 0, "the socket is beside the state database")

        let launch = try await Self.bgtask(["simulate-launch", "--state", state, "com.example.live", "sync"])
        #expect(launch.status == 0 && launch.stdout == "launched sync\n", "\(launch.stderr)")
        #expect(live.stdout.contains(#""event":"task.launched","task":"sync""#), "in the stream before the reply: \(live.stdout)")

        let again = try await Self.bgtask(["simulate-launch", "--to", socket, "com.example.live", "sync"])
        #expect(again.status == 1)
        #expect(again.stderr == "Error: sync was not launched: no request for it is pending (pending: none); the app submits it first\n")

        let expire = try await Self.bgtask(["simulate-expiration", "--to", socket, "sync"])
        #expect(expire.status == 0 && expire.stdout == "expired sync\n", "\(expire.stderr)")
        #expect(live.stdout.contains(#""event":"task.expired","task":"sync""#), "\(live.stdout)")

        let other = try await Self.bgtask(["simulate-expiration", "--to", socket, "com.example.other", "sync"])
        #expect(other.status == 1 && other.stderr == "Error: this is the control socket of com.example.live, not of com.example.other\n")

        // A payload that breaks a rule is refused before anything is sent: the error is the file's.
        let bad = try folder.write("bad.apns", #"{"aps":{"content-available":1},}"#)
        let malformed = try await Self.bgtask(["push", "--state", state, "com.example.live", bad])
        #expect(malformed.status == 1)
        #expect(malformed.stderr == "Error: \(bad):1:32: byte 31: a comma before '}'; remove the trailing comma (RFC 8259)\n")
        // A valid one reaches the app's push mode, named by the file's target bundle; the app gets it.
        let push = try await Self.bgtask(
            ["push", "--state", state, "-"], stdin: #"{"Simulator Target Bundle":"com.example.live","aps":{"content-available":1}}"#)
        #expect(push.status == 0, "\(push.stderr)")
        #expect(push.stdout == "sent push 1; the run's push.* events say what became of it\n")
        #expect(live.stdout.contains(#""event":"push.received","push":1"#), "\(live.stdout)")

        let second = try await TestSupport.run(Self.bgloc, arguments)
        #expect(second.status == 1 && second.stdout.isEmpty)
        #expect(second.stderr == "Error: another `bgloc live --app` for com.example.live is running: its control socket \(socket) answers; stop it first, or give this run another --state folder\n")

        live.signal(SIGTERM)
        #expect(try await live.waitForExit(timeout: .seconds(120)) == .exited(143), "\(live.stderr)")
        #expect(access(socket, F_OK) != 0, "SIGTERM removes the socket")
        let gone = try await Self.bgtask(["simulate-launch", "--state", state, "com.example.live", "sync"])
        #expect(gone.status == 1)
        #expect(gone.stderr == "Error: no running app: no control socket at \(socket); start `bgloc live --app MANIFEST` for the app (with the same --state) first\n")
    }

    /// Without `--state` the socket is in `$XDG_RUNTIME_DIR/bgkit/`, made with mode 0700.
    @Test func aSocketLeftByAKilledRunIsStaleAndTheNextRunReplacesIt() async throws {
        let (serve, folder, manifest) = try Self.setUp()
        defer { serve.stop() }
        let environment = ["XDG_RUNTIME_DIR": folder.path]
        let socket = folder.path + "/bgkit/bgkit-com.example.live.sock"
        let arguments = ["live", "--gpsd", "127.0.0.1:\(serve.port)", "--app", manifest, "--format", "jsonl", "--duration", "300"]

        let killed = try SignalledProcess(Self.bgloc, arguments, environment: environment)
        try await Self.waitFor(#""event":"task.submitted""#, in: killed)
        killed.killGroup()  // SIGKILL: no chance to remove the socket
        var status = stat()
        #expect(lstat(socket, &status) == 0 && status.st_mode & S_IFMT == S_IFSOCK, "the killed run's socket is left")
        #expect(stat(folder.path + "/bgkit", &status) == 0 && status.st_mode & 0o777 == 0o700)

        let stale = try await Self.bgtask(["push", "com.example.live", "-"], stdin: #"{"aps":{"content-available":1}}"#, environment: environment)
        #expect(stale.status == 1)
        #expect(stale.stderr == "Error: the control socket \(socket) is stale: nothing listens on it (its `bgloc live --app` ended without removing it); start `bgloc live --app MANIFEST` again, which replaces it\n")

        let live = try SignalledProcess(Self.bgloc, arguments, environment: environment)
        defer { live.killGroup() }
        try await Self.waitFor(#""event":"task.submitted""#, in: live)
        let launch = try await Self.bgtask(["simulate-launch", "com.example.live", "sync"], environment: environment)
        #expect(launch.status == 0 && launch.stdout == "launched sync\n", "\(launch.stderr)")

        live.signal(SIGINT)
        #expect(try await live.waitForExit(timeout: .seconds(120)) == .exited(130), "\(live.stderr)")
        #expect(access(socket, F_OK) != 0, "Ctrl-C removes the socket")
    }

    /// `bgtask push` exits 1 when the app rejects the push, as its help says (issue 28): here an app without
    /// the remote-notification mode.
    @Test func aPushTheAppRejectsExitsOne() async throws {
        let (serve, folder, _) = try Self.setUp()
        defer { serve.stop() }
        let manifest = try folder.write("nopush.yaml", Self.manifest.replacingOccurrences(of: ", remote-notification", with: ""))
        let state = folder.path + "/state.db"
        let live = try SignalledProcess(
            Self.bgloc, ["live", "--gpsd", "127.0.0.1:\(serve.port)", "--app", manifest, "--state", state, "--format", "jsonl", "--duration", "300"])
        defer { live.killGroup() }
        try await Self.waitFor(#""event":"task.submitted""#, in: live)
        let push = try await Self.bgtask(["push", "--state", state, "com.example.live", "-"], stdin: #"{"aps":{"content-available":1}}"#)
        #expect(push.status == 1, "\(push.stdout)")
        #expect(push.stdout.isEmpty)
        #expect(push.stderr == "Error: push 1 was rejected: notPermitted (the app lacks the remote-notification background mode)\n", "\(push.stderr)")
        #expect(live.stdout.contains(#""event":"push.rejected","push":1,"error":"notPermitted""#), "\(live.stdout)")
    }

    @Test func aRunThatEndsByItselfRemovesItsSocket() async throws {
        let (serve, folder, manifest) = try Self.setUp()
        defer { serve.stop() }
        let state = folder.path + "/state.db"

        let run = try await TestSupport.run(
            Self.bgloc, ["live", "--gpsd", "127.0.0.1:\(serve.port)", "--app", manifest, "--state", state, "--format", "jsonl", "--fixes", "3"])

        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(#""event":"task.submitted""#), "the app ran, so its socket was made first: \(run.stdout)")
        #expect(access(folder.path + "/bgkit-com.example.live.sock", F_OK) != 0, "the end of --fixes removes the socket")
    }

    @Test func theCommandsSayWhatIsMissing() async throws {
        let folder = try TemporaryFolder(prefix: "bgkit-control")
        let nobody = try await Self.bgtask(["simulate-launch", "sync"], environment: ["XDG_RUNTIME_DIR": folder.path])
        #expect(nobody.status == 64 && nobody.stderr.hasPrefix("Error: Which app? Give its BUNDLE identifier, or the socket with --to SOCKET.\n"), "\(nobody.stderr)")
        let state = folder.path + "/state.db"
        let noApp = try await Self.bgtask(["push", "--state", state, "com.example.live", "-"], stdin: #"{"aps":{"content-available":1}}"#)
        #expect(noApp.status == 1)
        #expect(noApp.stderr == "Error: no running app: no control socket at \(folder.path)/bgkit-com.example.live.sock; start `bgloc live --app MANIFEST` for the app (with the same --state) first\n")
    }

    /// Runs `bgtask` with `arguments` (a subcommand first), waiting up to 2 minutes for the app's reply: the
    /// live run may be slow to answer on a loaded machine.
    private static func bgtask(_ arguments: [String], stdin: String? = nil, environment: [String: String]? = nil) async throws -> TestSupport.Result {
        try await TestSupport.run(
            TestSupport.executable("bgtask"), [arguments[0], "--timeout", "2m"] + arguments.dropFirst(), stdin: stdin, environment: environment)
    }

    /// A gpsd (`bgloc serve` looping the walk), a fresh folder and the app's manifest in it.
    private static func setUp() throws -> (ServeProcess, TemporaryFolder, manifest: String) {
        let folder = try TemporaryFolder(prefix: "bgkit-control")
        let path = try folder.write("app.yaml", manifest)
        return (try ServeProcess(trace: trace, options: ["--speed", "20", "--loop"]), folder, path)
    }

    /// Waits until the run's stream holds `text`, or the run has ended.
    private static func waitFor(_ text: String, in live: SignalledProcess) async throws {
        _ = try await live.poll("\(text) in the output", timeout: .seconds(180)) { live.stdout.contains(text) ? true : nil }
    }
}
