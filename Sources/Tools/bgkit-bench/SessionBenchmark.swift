import BackgroundCore
import BackgroundTransfers
import Foundation

/// A day of an app's background session on virtual time: an upload created every minute (half of them
/// through a server that drops the first attempt) and a download every ten, under a network that changes
/// every 20 minutes (Wi-Fi, cellular, none; Low Data Mode at lunch), with the app moving between the
/// foreground and the background each hour. Prints the CPU and wall time of the day (scaled to a day
/// when run for fewer hours: `bgkit-bench session [HOURS]`) and the transfers completed.
enum SessionBenchmark {
    static func run(_ arguments: [String]) throws {
        let hours = arguments.first.flatMap(Int.init) ?? 24
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bgkit-bench-session-\(getpid()).log").path
        precondition(FileManager.default.createFile(atPath: file, contents: Data(count: 200_000)), "cannot write \(file)")
        defer { try? FileManager.default.removeItem(atPath: file) }

        let run = CountingRun(counting: "transfer.completed")
        let engine = run.engine
        let server = [
            ServerRule(url: "https://example.org/dropped/*", answers: [.drop(afterBytes: 50_000), .status(201)]),
            ServerRule(url: "https://example.org/tours/*", size: 2_000_000),
        ]
        let session = BackgroundSession(
            configuration: SessionConfiguration(identifier: "com.example.bench.transfers"), engine: engine, timeline: run.timeline,
            attempts: SimulatedTransfers(engine: engine, server: server), rules: SessionRules(backgroundTransfersAreDiscretionary: false))
        let networks = [
            NetworkPath(.wifi, externalPower: true), NetworkPath(.cellular), NetworkPath(.none), NetworkPath(.wifi, constrained: true),
        ]
        for minute in 0..<(hours * 60) {
            engine.schedule(at: .defaultStart + .seconds(Int64(minute) * 60)) {
                if minute % 20 == 0 { session.update(network: networks[(minute / 20) % networks.count]) }
                if minute % 60 == 0 { session.appDidChange(to: (minute / 60).isMultiple(of: 2) ? .foreground : .background) }
                let folder = minute.isMultiple(of: 2) ? "dropped" : "visits"
                _ = try? session.uploadTask(with: SessionRequest(url: "https://example.org/\(folder)/\(minute).log"), fromFile: file)
                if minute % 10 == 0 {
                    _ = try? session.downloadTask(with: SessionRequest(url: "https://example.org/tours/\(minute).json"), to: file + ".download")
                }
            }
        }
        engine.run(until: .defaultStart + .seconds(Int64(hours) * 3600 + 3600))
        let seconds = run.wallSeconds
        let cpuSeconds = run.cpuSeconds
        let completed = run.count
        precondition(completed > hours * 50, "the benchmark's session barely ran: \(completed) transfers completed")
        print("session.day_cpu_seconds\t\(cpuSeconds * 24 / Double(hours))\ts")
        print("session.day_wall_seconds\t\(seconds * 24 / Double(hours))\ts")
        print("session.day_completed\t\(completed * 24 / hours)\ttransfers")
    }
}
