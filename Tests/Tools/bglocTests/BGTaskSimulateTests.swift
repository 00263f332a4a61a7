import BackgroundTestKit
import Foundation
import Testing

/// `bgtask simulate`, end to end: the built binary, its output and its exit status.
@Suite struct BGTaskSimulateTests {
    static var bgtask: String { TestSupport.executable("bgtask") }
    static var example: String { TestSupport.packageRoot + "/Examples/DailyRefresh/app.yaml" }

    @Test(arguments: [["--format", "jsonl"], ["--format", "text"], ["--format", "jsonl", "--policy", "realistic", "--seed", "7"]])
    func twoRunsGiveByteIdenticalOutput(options: [String]) async throws {
        let arguments = ["simulate", Self.example, "--for", "2d"] + options
        let first = try await TestSupport.run(Self.bgtask, arguments)
        let second = try await TestSupport.run(Self.bgtask, arguments)
        #expect(first.status == 0)
        #expect(first.stderr.isEmpty)
        #expect(first.stdout.count > 1000)
        #expect(first.stdout == second.stdout)
    }

    @Test func realisticSeedsDiffer() async throws {
        let base = ["simulate", Self.example, "--for", "1d", "--format", "jsonl", "--policy", "realistic", "--seed"]
        let one = try await TestSupport.run(Self.bgtask, base + ["1"])
        let two = try await TestSupport.run(Self.bgtask, base + ["2"])
        #expect(one.status == 0 && two.status == 0)
        #expect(one.stdout != two.stdout)
    }

    /// The fields each event kind must carry (CONTRACTS.md section 1), beyond `time` and `event`.
    static let required: [String: [String]] = [
        "task.submitted": ["task", "kind", "earliestBegin"], "task.rejected": ["task", "error"],
        "task.launched": ["task"], "task.expired": ["task"], "task.completed": ["task", "success"],
        "task.waiting": ["task", "reason"],
        "conditions": ["network", "power", "battery", "idle", "lowPower", "backgroundRefresh"],
        "error": ["message"],
    ]

    @Test func jsonLinesFollowTheContract() async throws {
        let result = try await TestSupport.run(Self.bgtask, ["simulate", Self.example, "--for", "1d", "--format", "jsonl"])
        #expect(result.status == 0)
        var lastTime = ""
        var kinds = Set<String>()
        for line in result.stdout.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
            let time = try #require(object["time"] as? String)
            let event = try #require(object["event"] as? String)
            #expect(time.hasSuffix("Z") && time.count >= 20, "\(line)")
            #expect(time >= lastTime, "events out of order at \(line)")
            lastTime = time
            let fields = try #require(Self.required[event], "unexpected event \(event)")
            for field in fields { #expect(object.keys.contains(field), "\(event) lacks \(field)") }
            switch event {
            case "task.submitted":
                #expect(["refresh", "processing"].contains(object["kind"] as? String))
                #expect(object["earliestBegin"] is NSNull || (object["earliestBegin"] as? String)?.hasSuffix("Z") == true)
            case "task.completed":
                #expect(object["success"] as? Bool != nil)
            case "conditions":
                #expect(["none", "wifi", "cellular"].contains(object["network"] as? String))
                #expect(["battery", "charging", "full"].contains(object["power"] as? String))
            default: break
            }
            kinds.insert(event)
        }
        #expect(kinds == ["conditions", "task.submitted", "task.waiting", "task.launched", "task.completed"])
        #expect(result.stdout.contains(#""time":"2026-01-01T22:00:00Z","event":"task.launched","task":"com.example.daily.upload""#))
    }

    @Test func theDemoShowsTheUploadWaitingForPower() async throws {
        let result = try await TestSupport.run(Self.bgtask, ["simulate", Self.example, "--for", "1d", "--format", "text"])
        // The timeline's lines (the summary before the closing line names the task too).
        let upload = result.stdout.split(separator: "\n").filter { $0.contains("daily.upload") && !$0.hasPrefix("—") }
        #expect(upload.count == 4)
        #expect(upload.dropFirst().first?.hasPrefix("2026-01-01 00:00:00      task.waiting    com.example.daily.upload conditions") == true)
        #expect(upload.dropFirst(2).first?.hasPrefix("2026-01-01 22:00:00      task.launched") == true)
        #expect(!result.stdout.contains("2026-01-01 12:30:00      task.launched"))  // Low Power Mode
    }

    /// `Examples/News`: a manifest with `lifecycle:` and `pushes:` runs as the whole app (pushes, background
    /// tasks, a tap, a continued task, a force quit and a restart), each part of the story at its time.
    @Test func theNewsDemoRunsTheWholeApp() async throws {
        let news = TestSupport.packageRoot + "/Examples/News/app.yaml"
        let result = try await TestSupport.run(Self.bgtask, ["simulate", news, "--for", "6h", "--format", "text"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map { String($0.dropFirst("2026-01-01 ".count)) }
        func at(_ time: String, _ event: String) -> Bool { lines.contains { $0.hasPrefix(time) && $0.contains(event) } }
        #expect(at("00:05:00", "backgroundTask.begun lifecycle[1]"), "leaves holding a background task")
        #expect(at("00:10:00", "lifecycle       background (push 1)"), "a push wakes the suspended app")
        #expect(at("00:45:00", "push.throttled  4"), "the fourth push in an hour waits")
        #expect(at("00:48:00", "push.coalesced  4 by 5"))
        #expect(at("00:50:00", "push.rejected   6 badPriority"))
        #expect(at("01:00:00", "push.received   5"), "opening the app delivers the waiting push")
        #expect(at("01:00:00", "task.submitted  com.example.news.export.saved (continued)"), "the tap submits the export")
        #expect(at("01:02:00", "task.progress   com.example.news.export.saved 8/8"), "the export runs on in the background")
        #expect(at("02:00:00", "terminated (the user force-quit the app)"))
        #expect(at("02:00:00", "task.waiting    com.example.news.refresh forceQuit"), "due as the user swipes the app away")
        #expect(at("02:30:00", "push.dropped    7 forceQuit"))
        #expect(at("02:45:00", "lifecycle       foreground"), "opening the app lifts the force quit; a restart does not")
        #expect(at("03:00:00", "device          reboot"))
        #expect(!lines.contains { $0 >= "03:00:00" && $0 < "03:05:00" && $0.contains("task.launched") }, "no task before the first unlock")
        #expect(!lines.contains { $0.hasPrefix("03:02:00") && $0.contains("push.received") }, "no push before the first unlock")
        #expect(at("03:05:00", "push.received   8"))
    }

    @Test func startMovesTheTimeline() async throws {
        let result = try await TestSupport.run(
            Self.bgtask, ["simulate", Self.example, "--for", "1h", "--format", "jsonl", "--start", "2026-03-01T09:00:00Z"])
        #expect(result.stdout.hasPrefix(#"{"time":"2026-03-01T09:00:00Z","event":"conditions""#))
        #expect(result.stdout.contains(#""time":"2026-03-01T09:15:00Z","event":"task.launched""#))
    }

    struct ErrorCase: CustomTestStringConvertible, Sendable {
        let name: String
        let yaml: String?
        let expected: String
        var testDescription: String { name }
    }

    static let manifestErrors: [ErrorCase] = [
        ErrorCase(name: "misspelt key", yaml: "app: x\npermitedIdentifiers: [a]\n",
                  expected: "app.yaml:2: permitedIdentifiers: unknown key 'permitedIdentifiers' (did you mean 'permittedIdentifiers'?)"),
        ErrorCase(name: "bad duration", yaml: "app: x\ntasks:\n  a: {kind: refresh, earliestBegin: 15 minutes}\n",
                  expected: "app.yaml:3: tasks.a.earliestBegin: '15 minutes' is not a duration"),
        ErrorCase(name: "unknown kind", yaml: "app: x\ntasks:\n  a: {kind: fetch}\n",
                  expected: "app.yaml:3: tasks.a.kind: unknown task kind 'fetch' (expected refresh, processing or continued)"),
        ErrorCase(name: "undeclared task", yaml: "app: x\nsubmitAtLaunch: [a]\n",
                  expected: "app.yaml:2: submitAtLaunch[0]: task 'a' is not declared under tasks"),
        ErrorCase(name: "invalid YAML", yaml: "app: x\n  tasks: : [\n", expected: "app.yaml:2:"),
        ErrorCase(name: "missing file", yaml: nil, expected: "app.yaml: no such file"),
    ]

    @Test(arguments: manifestErrors)
    func manifestErrorsAreOneClearLine(_ c: ErrorCase) async throws {
        let folder = try TemporaryFolder()
        let file = try c.yaml.map { try folder.write("app.yaml", $0) } ?? folder.path + "/app.yaml"
        let result = try await TestSupport.run(Self.bgtask, ["simulate", file, "--for", "1d"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(lines.first?.hasPrefix("Error: \(folder.path)/\(c.expected)") == true, "\(result.stderr)")
    }

    @Test func runTasksRunTheirCommandWithOutputOnStderr() async throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("app.yaml", """
            app: x
            backgroundModes: [fetch]
            permittedIdentifiers: [a]
            tasks:
              a: {kind: refresh, earliestBegin: 1h, run: 'echo "$BG_TASK_ID at $BG_TIME"; exit 2'}
            submitAtLaunch: [a]
            """)
        let result = try await TestSupport.run(Self.bgtask, ["simulate", file, "--for", "2h", "--format", "jsonl"])
        #expect(result.status == 0)
        #expect(result.stderr == "[a] a at 2026-01-01T01:00:00Z\n")
        #expect(result.stdout.contains(#"{"time":"2026-01-01T01:00:00Z","event":"task.completed","task":"a","success":false}"#))
    }

    @Test func aDirectoryIsNotAManifest() async throws {
        let folder = try TemporaryFolder()
        let result = try await TestSupport.run(Self.bgtask, ["simulate", folder.path, "--for", "1d"])
        #expect(result.status == 1)
        #expect(result.stderr == "Error: \(folder.path): is a directory, not a manifest file\n")
    }

    static let optionErrors: [(options: [String], message: String)] = [
        (["--for", "soon"], "The value 'soon' is invalid for '--for <duration>'"),
        (["--for", "0s"], "--for '0s': expected a duration greater than 0"),
        (["--for", "1d", "--start", "yesterday"], "--start 'yesterday' is not an RFC 3339 time"),
        (["--for", "1d", "--policy", "lazy"], "'lazy' is invalid for '--policy <policy>'"),
        (["--for", "1d", "--format", "xml"], "'xml' is invalid for '--format <format>'"),
        (["--for", "1d", "--seed", "-1"], "--seed"),
    ]

    @Test(arguments: optionErrors.indices)
    func badOptionValuesExitWithUsage(_ index: Int) async throws {
        let (options, message) = Self.optionErrors[index]
        let result = try await TestSupport.run(Self.bgtask, ["simulate", Self.example] + options)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func helpShowsAnExample() async throws {
        let result = try await TestSupport.run(Self.bgtask, ["simulate", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("bgtask simulate Examples/DailyRefresh/app.yaml --for 1d --format jsonl"))
    }

    @Test func stateDatabaseKeepsPendingRequestsAndSetsACorruptOneAside() async throws {
        let folder = try TemporaryFolder()
        let state = folder.path + "/state.db"
        let run = ["simulate", Self.example, "--for", "1h", "--format", "jsonl", "--state", state]
        let first = try await TestSupport.run(Self.bgtask, run)
        #expect(first.status == 0)
        #expect(first.stderr.isEmpty)
        let listed = try await TestSupport.run(Self.bgtask, ["state", "--state", state, "--format", "json"])
        #expect(listed.stdout.contains("\"com.example.daily.refresh\"") && listed.stdout.contains("\"com.example.daily.upload\""))

        try "not a database".write(toFile: state, atomically: true, encoding: .utf8)
        let corrupt = try await TestSupport.run(Self.bgtask, run)
        #expect(corrupt.status == 1)
        #expect(corrupt.stderr == "Error: \(state): cannot open the state database: file is not a database; moved it aside to \(state).corrupt, and the next open starts an empty database\n")
        #expect(FileManager.default.fileExists(atPath: state + ".corrupt"))
        #expect(!FileManager.default.fileExists(atPath: state))
    }

    /// A JSON state file of earlier versions at `--state`: migrated once (said on stderr), kept beside as
    /// `.json-v1`, and its requests restored.
    @Test func anOldJSONStateFileIsMigratedOnce() async throws {
        let folder = try TemporaryFolder()
        let state = try folder.write("pending.json", """
            {"version":1,"requests":[{"identifier":"com.example.daily.upload","kind":"processing","earliestBegin":"2026-01-01T05:00:00Z","requiresNetwork":true,"requiresExternalPower":false}]}
            """)
        let first = try await TestSupport.run(Self.bgtask, ["state", "--state", state])
        #expect(first.status == 0)
        #expect(first.stderr == "\(state): moved 1 pending task request(s) from the JSON state file into a state database; the old file is kept as \(state).json-v1 and no longer read\n")
        #expect(first.stdout.contains("com.example.daily.upload  processing  2026-01-01T05:00:00Z  network\n"), "\(first.stdout)")
        #expect(folder.files.contains("pending.json.json-v1"))
        let run = try await TestSupport.run(Self.bgtask, ["simulate", Self.example, "--for", "1m", "--format", "jsonl", "--state", state])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
    }
}
