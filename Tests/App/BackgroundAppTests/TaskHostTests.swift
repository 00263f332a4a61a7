import BackgroundApp
import BackgroundCore
import BackgroundScheduler
import BackgroundTestKit
import Foundation
import Testing

@Suite struct TaskHostTests {
    static let manifest = """
        app: com.example.app
        backgroundModes: [fetch, processing]
        permittedIdentifiers: [r, u]
        tasks:
          r: {kind: refresh, earliestBegin: 1h, work: 10s, resubmit: true}
          u: {kind: processing, requiresExternalPower: true, work: 2m}
        submitAtLaunch: [r, u]
        conditions:
          - {at: 0s, idle: true}
          - {at: 150m, power: charging}
          - {at: 151m, idle: false}
        """

    private func simulate(_ yaml: String, hours: Int64) throws -> [String] {
        let engine = EventEngine(start: .defaultStart)
        let timeline = Timeline(engine: engine, keepingEvents: true)
        try runTasksOnly(AppManifest(yaml: yaml, file: "app.yaml"), on: engine, timeline: timeline, for: .seconds(hours * 3600))
        return timeline.events.compactMap { event in
            let seconds = Int((event.time - .defaultStart).seconds)
            let at = seconds % 60 == 0 ? "\(seconds / 60)m" : "\(seconds / 60)m\(seconds % 60)s"
            switch event.kind {
            case let r as TaskRecord:
                switch r.change {
                case .submitted: return "\(at) submitted \(r.task)"
                case .launched: return "\(at) launched \(r.task)"
                case .expired: return "\(at) expired \(r.task)"
                case .completed(let success): return "\(at) completed \(r.task) \(success)"
                case .rejected(let error, _): return "\(at) rejected \(r.task) \(error)"
                case .progress(let completed, let total): return "\(at) progress \(r.task) \(completed)/\(total)"
                case .waiting(let reason): return "\(at) waiting \(r.task) \(reason)"
                }
            default: return nil
            }
        }
    }

    @Test func runsWorkResubmitsAndFollowsTheConditions() throws {
        let events = try simulate(Self.manifest, hours: 3)
        #expect(events == [
            "0m submitted r", "0m submitted u", "0m waiting u conditions",
            "60m launched r", "60m submitted r", "60m10s completed r true",
            "120m launched r", "120m submitted r", "120m10s completed r true",
            "150m launched u", "151m expired u", "151m completed u false",
            "180m launched r", "180m submitted r",
        ])
    }

    @Test func sameManifestSameTimeline() throws {
        #expect(try simulate(Self.manifest, hours: 48) == simulate(Self.manifest, hours: 48))
    }

    @Test func rejectionsShowInTheTimeline() throws {
        let yaml = Self.manifest.replacingOccurrences(of: "backgroundModes: [fetch, processing]", with: "backgroundModes: [fetch]")
        let events = try simulate(yaml, hours: 1)
        #expect(events.contains("0m rejected u notPermitted"))
    }

    /// Runs one refresh task `a` whose command is `command`, in a folder with the manifest, with the
    /// commands' output in a log; returns the task events and the log.
    private func runCommand(
        _ command: String, commands: EmulatedApp.Commands = EmulatedApp.Commands()
    ) throws -> (events: [String], log: String) {
        let folder = try TemporaryFolder()
        let quoted = command.replacingOccurrences(of: "'", with: "''")
        let file = try folder.write("app.yaml", """
            app: x
            backgroundModes: [fetch]
            permittedIdentifiers: [a]
            tasks:
              a: {kind: refresh, run: '\(quoted)'}
            submitAtLaunch: [a]
            """)
        var commands = commands
        commands.log = folder.path + "/tasks.log"
        let engine = EventEngine(start: .defaultStart)
        let timeline = Timeline(engine: engine, keepingEvents: true)
        try runTasksOnly(AppManifest(contentsOf: file), on: engine, timeline: timeline, for: .seconds(300), commands: commands)
        let events = timeline.events.compactMap { event -> String? in
            let at = "\(Int((event.time - .defaultStart).seconds))s"
            switch event.kind {
            case let r as TaskRecord where r.change == .launched: return "\(at) launched"
            case let r as TaskRecord where r.change == .expired: return "\(at) expired"
            case let r as TaskRecord: if case .completed(let success) = r.change { return "\(at) completed \(success)" } else { return nil }
            case let r as ErrorRecord: return "\(at) error \(r.message)"
            default: return nil
            }
        }
        let log = (try? String(contentsOfFile: folder.path + "/tasks.log", encoding: .utf8)) ?? ""
        return (events, log.replacingOccurrences(of: folder.path, with: "FOLDER"))
    }

    struct ExitCase: CustomTestStringConvertible, Sendable {
        var command: String
        var events: [String]
        var testDescription: String { command }
    }

    @Test(arguments: [
        ExitCase(command: "true", events: ["0s launched", "0s completed true"]),
        ExitCase(command: "exit 3", events: ["0s launched", "0s error task a: the command exited with status 3", "0s completed false"]),
        ExitCase(command: "kill -SEGV $$", events: ["0s launched", "0s error task a: the command was ended by SIGSEGV", "0s completed false"]),
    ])
    func aCommandsExitIsTheTasksSuccess(_ c: ExitCase) throws {
        #expect(try runCommand(c.command).events == c.events)
    }

    @Test func aCommandGetsItsEnvironmentAndRunsInTheManifestsFolder() throws {
        let (_, log) = try runCommand("echo $BG_TASK_ID $BG_TASK_KIND $BG_TRIGGER \"[$BG_REGION]\" $BG_TIME; pwd")
        #expect(log == "[a] a refresh launch [] 2026-01-01T00:00:00Z\n[a] FOLDER\n")
    }

    @Test func aCommandPastItsLimitIsKilledAndTheTaskExpires() throws {
        var commands = EmulatedApp.Commands()
        commands.timeLimit = .milliseconds(300)
        commands.killGrace = .milliseconds(300)
        let (events, log) = try runCommand("trap 'echo got TERM' TERM; echo started; while :; do sleep 0.05; done", commands: commands)
        #expect(events == [
            "0s launched", "0s expired",
            "0s error task a: the command ran past its 0.3s limit; it ignored SIGTERM and was killed with SIGKILL",
            "0s completed false",
        ])
        #expect(log.hasPrefix("[a] started\n"))
    }
}
