import AppControl
import ArgumentParser
import BackgroundApp
import BackgroundCore
@testable import BGTaskCommand
import BackgroundTestKit
import Foundation
import Synchronization
import Testing
@testable import bgloc

/// The doorbell, registered once (``DoorbellModeTests/recipe``), runs in the commands as they run the
/// standard app: `bgloc replay --app`, `bgtask simulate`, and `bgloc live --app`'s control socket with a
/// verb of its own (issue 25).
@Suite struct DoorbellCommandTests {
    /// The run's events as "SECONDS name detail" from the first event's time (lifecycle: "state (reason)").
    final class Seen: Sendable {
        private let lines = Mutex<[String]>([])
        private let start = Mutex<SimTime?>(nil)

        func attach(_ timeline: Timeline) {
            timeline.addEventListener { [self] event in
                let origin = start.withLock { start in
                    if start == nil { start = event.time }
                    return start!
                }
                let detail = (event.kind as? LifecycleRecord).map { "\($0.state.rawValue) (\($0.reason ?? ""))" } ?? event.kind.textDetail
                lines.withLock { $0.append("\(Int((event.time - origin).seconds))s \(event.kind.name) \(detail)") }
            }
        }

        var events: [String] { lines.withLock { $0 } }
    }

    /// The bell, its action and what follows it, as the mode's own tests see them.
    static let ringAndAnswer = [
        "120s doorbell.rang ring 1", "120s lifecycle background (the doorbell rang)",
        "165s lifecycle suspended (the door was answered)",
    ]

    static func manifest(in folder: TemporaryFolder) throws -> String {
        try folder.write("door.yaml", DoorbellModeTests.yaml)
    }

    @Test func itRunsInReplay() async throws {
        let folder = try TemporaryFolder()
        let replay = try Replay.parse([
            TestSupport.packageRoot + "/Traces/walk-through-region.gpx", "--app", try Self.manifest(in: folder), "--format", "jsonl",
        ])
        let seen = Seen()
        try await replay.run(recipe: DoorbellModeTests.recipe) { seen.attach($0) }
        let events = seen.events.filter { $0.contains("doorbell") || $0.contains("door was answered") }
        #expect(events.allSatisfy { $0.hasPrefix("120s") || $0.hasPrefix("165s") } && events.count == 3, "\(seen.events)")
        #expect(Self.ringAndAnswer.allSatisfy(seen.events.contains), "\(seen.events)")
    }

    @Test func itRunsInSimulate() async throws {
        let folder = try TemporaryFolder()
        let simulate = try BGTaskTool.Simulate.parse([try Self.manifest(in: folder), "--for", "1h", "--format", "jsonl"])
        let seen = Seen()
        try await simulate.run(recipe: DoorbellModeTests.recipe) { seen.attach($0) }
        #expect(Self.ringAndAnswer.allSatisfy(seen.events.contains), "\(seen.events)")
        #expect(seen.events.contains("120s task.launched sync"), "\(seen.events)")
    }

    @Test func itsVerbRingsThroughTheControlSocket() async throws {
        let folder = try TemporaryFolder()
        let live = try Live.parse([
            "--app", try Self.manifest(in: folder), "--state", folder.path + "/state.db", "--duration", "4", "--format", "jsonl",
        ])
        let seen = Seen()
        let run = Task { try await live.run(recipe: DoorbellModeTests.recipe) { seen.attach($0) } }
        let path = folder.path + "/bgkit-com.example.door.sock"
        let reply = try await Self.offThePool { () throws -> ControlReply in
            for _ in 0..<300 where access(path, F_OK) != 0 { usleep(10_000) }
            let request = try ControlRequest(verb: "ring", bundle: "com.example.door", argument: .name("front"))
            return try ControlClient(path: path, timeout: .seconds(60)).send(request)
        }
        try await run.value
        #expect(reply == .ok("front rang the doorbell (ring 1)"))
        #expect(seen.events.contains { $0.hasSuffix(" doorbell.rang ring 1") }, "\(seen.events)")
    }

    /// Runs blocking work on a thread of its own, off the cooperative pool the live run needs.
    static func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DedicatedThread.start { continuation.resume(with: Result { try work() }) }
        }
    }
}
