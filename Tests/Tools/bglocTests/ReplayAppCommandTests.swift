import BackgroundTestKit
import Foundation
import Testing

/// `bgloc replay TRACE --app MANIFEST` end to end: the built binary, the AudioTour example with audio to
/// ALSA's `null` device, and tasks that run real commands.
@Suite struct ReplayAppCommandTests {
    static let bgloc = TestSupport.executable("bgloc")
    static let tour = "\(TestSupport.packageRoot)/Examples/AudioTour"
    static let walk = "\(TestSupport.packageRoot)/Traces/walk-through-region.gpx"

    static func events(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], "not JSON: \($0)")
        }
    }

    /// "TIME EVENT DETAIL" for each event but `location`, `state` and `conditions`.
    static func summary(_ events: [[String: Any]]) -> [String] {
        events.compactMap { event in
            let name = event["event"] as? String ?? "?"
            guard !["location", "state", "conditions"].contains(name) else { return nil }
            let time = (event["time"] as? String ?? "").replacingOccurrences(of: "2026-03-01T", with: "")
            let detail = [event["task"], event["region"], event["state"], event["reason"], event["file"], event["message"]]
                .compactMap { $0 as? String }.map { ($0 as NSString).lastPathComponent }.joined(separator: " ")
            return "\(time) \(name) \(detail)"
        }
    }

    /// A manifest in a temporary folder around the bundled walk's region `lindenhof`.
    struct Manifest {
        let folder: TemporaryFolder
        let path: String

        init(task: String, onEnter: String = "", submitAtLaunch: Bool = true, extra: String = "") throws {
            folder = try TemporaryFolder()
            path = try folder.write("app.yaml", """
                app: com.example.t
                backgroundModes: [fetch]
                permittedIdentifiers: [t]
                tasks:
                  t: {kind: refresh, \(task)}
                \(submitAtLaunch ? "submitAtLaunch: [t]" : "")
                regions:
                  - {id: lindenhof, lat: 47.37297, lon: 8.54069, radius: 150\(onEnter)}
                audio: {device: "null"}
                \(extra)
                """)
        }
    }

    @Test func theAudioTourPlaysEachClipAtItsEntryAndUploadsItsVisitLogsThroughItsSession() async throws {
        let result = try await TestSupport.run(Self.bgloc, [
            "replay", Self.tour + "/tour.gpx", "--app", Self.tour + "/app.yaml", "--audio-device", "null", "--format", "jsonl",
        ])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let all = try Self.events(result.stdout)
        let events = Self.summary(all)
        for poi in ["lindenhof", "stpeter", "fraumuenster"] {
            let enter = try #require(events.first { $0.hasSuffix(" enter \(poi)") }, "\(events)")
            let time = enter.prefix { $0 != " " }
            let index = events.firstIndex(of: enter)!
            #expect(Array(events[index...].prefix(3)) == [
                "\(time) enter \(poi)", "\(time) lifecycle background region \(poi) entered", "\(time) audio.started \(poi).wav",
            ])
            #expect(events.contains("\(time.dropLast()).750Z audio.finished \(poi).wav"), "0.75 s of audio on virtual time")
            let created = all.first { $0["event"] as? String == "transfer.created" && ($0["url"] as? String)?.hasSuffix("/\(poi).log") == true }
            #expect((created?["time"] as? String)?.hasSuffix(String(time)) == true, "the stop's upload is created at its entry")
        }
        func times(_ name: String) -> [String] {
            all.filter { $0["event"] as? String == name }.compactMap { ($0["time"] as? String)?.replacingOccurrences(of: "2026-03-01T", with: "") }
        }
        #expect(times("transfer.created").count == 3)
        #expect(times("transfer.retrying").count == 3, "the server drops each first attempt")
        #expect(times("transfer.completed").count == 3)
        #expect(times("transfer.started").allSatisfy { $0 >= "10:12:00Z" }, "created in the background: discretionary until Wi-Fi and power")
        #expect(times("session.events").count == 1, "one wake for the three")
        let reasons = all.filter { $0["event"] as? String == "transfer.waiting" }.compactMap { $0["reason"] as? String }
        #expect(reasons == ["noNetwork", "noNetwork", "noNetwork", "discretionary", "discretionary", "discretionary"])
        #expect(events.last?.hasSuffix("lifecycle suspended the app called the completion handler of its session's events") == true, "\(events.last ?? "")")
    }

    @Test(arguments: [["--format", "jsonl"], ["--format", "text"]])
    func theSameRunTwiceGivesByteIdenticalOutput(_ format: [String]) async throws {
        let arguments = ["replay", Self.tour + "/tour.gpx", "--app", Self.tour + "/app.yaml", "--audio-device", "null"] + format
        let first = try await TestSupport.run(Self.bgloc, arguments)
        let second = try await TestSupport.run(Self.bgloc, arguments)
        #expect(first.status == 0)
        #expect(first.stdout.count > 3_000)
        #expect(first.stdout == second.stdout)
    }

    @Test func aPacedReplayGivesTheSameStreamAsVirtualTime() async throws {
        let arguments = ["replay", Self.tour + "/tour.gpx", "--app", Self.tour + "/app.yaml", "--audio-device", "null", "--format", "jsonl"]
        let virtual = try await TestSupport.run(Self.bgloc, arguments)
        let paced = try await TestSupport.run(Self.bgloc, arguments + ["--speed", "1200"])
        #expect(paced.status == 0)
        #expect(paced.stdout == virtual.stdout)
    }

    @Test func aCommandThatIgnoresSIGTERMIsKilledAndItsTaskExpires() async throws {
        let app = try Manifest(task: #"run: "trap '' TERM; echo started; sleep 30""#)
        let result = try await TestSupport.run(Self.bgloc, [
            "replay", Self.walk, "--app", app.path, "--command-timeout", "1s", "--kill-after", "1s", "--format", "jsonl",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let events = Self.summary(try Self.events(result.stdout))
        #expect(Array(events.drop { !$0.contains("task.launched") }.prefix(4)) == [
            "09:00:00Z task.launched t", "09:00:01Z task.expired t",
            "09:00:01Z error task t: the command ran past its 1s limit; it ignored SIGTERM and was killed with SIGKILL",
            "09:00:01Z task.completed t",
        ])
        #expect(result.stderr == "[t] started\n")
    }

    @Test func aCommandThatFloodsItsOutputNeverReachesTheEventStream() async throws {
        let app = try Manifest(task: #"run: "yes 'bgkit flood' | head -n 100000; printf 'no newline at the end'""#)
        let result = try await TestSupport.run(
            Self.bgloc, ["replay", Self.walk, "--app", app.path, "--command-timeout", "10m", "--format", "jsonl"])
        #expect(result.status == 0)
        let events = try Self.events(result.stdout)
        #expect(events.contains { $0["event"] as? String == "task.completed" && $0["success"] as? Bool == true })
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 100_002)
        #expect(lines.dropLast(2).allSatisfy { $0 == "[t] bgkit flood" })
        #expect(lines.suffix(2) == ["[t] no newline at the end", ""])
    }

    @Test func aCommandEndedBySignalFailsItsTask() async throws {
        let app = try Manifest(task: #"run: "kill -KILL $$""#)
        let result = try await TestSupport.run(Self.bgloc, ["replay", Self.walk, "--app", app.path, "--format", "jsonl"])
        #expect(result.status == 0)
        let events = Self.summary(try Self.events(result.stdout))
        #expect(events.contains("09:00:00Z error task t: the command was ended by SIGKILL"))
        #expect(try Self.events(result.stdout).contains { $0["event"] as? String == "task.completed" && $0["success"] as? Bool == false })
    }

    @Test func aCommandGetsTheRegionEventThatSubmittedItsTask() async throws {
        let app = try Manifest(
            task: #"run: "echo $BG_TASK_ID $BG_TASK_KIND $BG_TRIGGER $BG_REGION $BG_LAT $BG_LON $BG_TIME""#,
            onEnter: ", onEnter: {submit: t}", submitAtLaunch: false)
        let log = app.folder.path + "/tasks.log"
        let result = try await TestSupport.run(Self.bgloc, ["replay", Self.walk, "--app", app.path, "--task-log", log, "--format", "jsonl"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let events = try Self.events(result.stdout)
        let enter = try #require(events.first { $0["event"] as? String == "enter" })
        let launched = try #require(events.first { $0["event"] as? String == "task.launched" })
        let lat = try #require(enter["lat"] as? Double), lon = try #require(enter["lon"] as? Double)
        let logged = try String(contentsOfFile: log, encoding: .utf8)
        #expect(logged == "[t] t refresh enter lindenhof \(lat) \(lon) \(launched["time"] as? String ?? "")\n")
    }

    @Test func aTapInTheForegroundReachesTheCommandAsTheUsersTrigger() async throws {
        let app = try Manifest(
            task: #"run: "echo $BG_TASK_ID $BG_TASK_KIND $BG_TRIGGER""#, submitAtLaunch: false,
            extra: "lifecycle: [{at: 0s, app: foreground}, {at: 30s, app: foreground, submit: t}]")
        let log = app.folder.path + "/tasks.log"
        let result = try await TestSupport.run(Self.bgloc, ["replay", Self.walk, "--app", app.path, "--task-log", log, "--format", "jsonl"])
        #expect(result.status == 0, "\(result.stderr)")
        let submitted = try #require(try Self.events(result.stdout).first { $0["event"] as? String == "task.submitted" })
        #expect(submitted["time"] as? String == "2026-03-01T09:00:30Z")
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "[t] t refresh user\n")
    }

    @Test func aRegionsUploadGoesThroughTheBackgroundSession() async throws {
        let app = try Manifest(
            task: "work: 1s",
            onEnter: #", onEnter: {upload: {file: visits.log, to: "https://example.org/visits/lindenhof.log"}}"#,
            submitAtLaunch: false)
        try app.folder.write("visits.log", Data(count: 1_000_000))
        let result = try await TestSupport.run(Self.bgloc, ["replay", Self.walk, "--app", app.path, "--format", "jsonl", "--transfers", "simulated"])
        #expect(result.status == 0, "\(result.stderr)")
        let events = try Self.events(result.stdout)
        let enter = try #require(events.firstIndex { $0["event"] as? String == "enter" })
        let created = try #require(events.firstIndex { $0["event"] as? String == "transfer.created" })
        #expect(enter < created)
        #expect(events[created]["bytes"] as? Int == 1_000_000)
        let completed = try #require(events.first { $0["event"] as? String == "transfer.completed" })
        #expect(completed["status"] as? Int == 201 && completed["bytes"] as? Int == 1_000_000)
        #expect(completed["time"] as? String == "2026-03-01T09:04:40.200Z", "1 MB at Wi-Fi's simulated 5 MB/s")
    }

    @Test(arguments: [
        (["--transfers", "real"], "--transfers needs --app MANIFEST"),
        (["--background-grace", "30s"], "--background-grace needs --app MANIFEST"),
        (["--state", "state.db"], "--state needs --app MANIFEST"),
        (["--app", "app.yaml", "--linger", "soon"], "The value 'soon' is invalid for '--linger <duration>'"),
        (["--app", "app.yaml", "--command-timeout", "0s"], "--command-timeout '0s': expected a duration greater than 0"),
    ])
    func badOptionsAreUsageErrors(_ options: [String], _ message: String) async throws {
        let result = try await TestSupport.run(Self.bgloc, ["replay", Self.walk] + options)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    /// `--state`: a request the first run leaves pending (its earliest begin is past the linger) is saved in
    /// the state database, and a second run, whose manifest submits nothing, restores and launches it.
    @Test func theStateDatabaseCarriesAPendingRequestToTheNextRun() async throws {
        let first = try Manifest(task: "earliestBegin: 30m, work: 1s")
        let second = try Manifest(task: "earliestBegin: 30m, work: 1s", submitAtLaunch: false)
        let state = first.folder.path + "/state.db"
        let one = try await TestSupport.run(Self.bgloc, ["replay", Self.walk, "--app", first.path, "--state", state, "--linger", "1m", "--format", "jsonl"])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(!one.stdout.contains("task.launched"))
        let two = try await TestSupport.run(Self.bgloc, ["replay", Self.walk, "--app", second.path, "--state", state, "--linger", "2h", "--format", "jsonl"])
        #expect(two.status == 0, "\(two.stderr)")
        let events = Self.summary(try Self.events(two.stdout))
        #expect(events.contains("09:30:00Z task.launched t"), "\(events)")
        #expect(!events.contains { $0.contains("task.submitted") })
    }

    @Test func aMissingManifestIsAClearError() async throws {
        let result = try await TestSupport.run(Self.bgloc, ["replay", Self.walk, "--app", "/nonexistent/app.yaml"])
        #expect(result.status == 1)
        #expect(result.stderr == "Error: /nonexistent/app.yaml: no such file\n")
    }
}
