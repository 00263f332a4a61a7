import BackgroundCore
import BackgroundTestKit
import FeedApp

/// `bgkit-bench feedapp [MANIFEST] [DAYS]`: days of Examples/FeedApp's own code on EmulatedDevice (default
/// Examples/FeedApp/device.yaml, one day): its refreshes, its nightly cleanup on power, a silent push, all
/// run by the app's Swift on the device's clock. CPU and wall seconds per day, from the launch to the end.
///
/// The device's clock needs the dynamically linked build (`swift build --product bgkit-bench`):
/// `make release` links Foundation and libdispatch statically, and the app's `Task.sleep` then sleeps on
/// the machine's clock (docs/guides/your-own-code.md, "Time"); the benchmark says so and fails there.
enum FeedAppBenchmark {
    @MainActor
    static func run(_ arguments: [String]) async throws {
        let path = arguments.first ?? "Examples/FeedApp/device.yaml"
        let days = arguments.dropFirst().first.flatMap(Int.init) ?? 1
        let manifest = try String(decoding: WholeFile.read(path, limit: 1 << 20), as: UTF8.self)
        let device = try EmulatedDevice(manifest: manifest)
        let cpu = BenchClock.cpu()
        let wall = BenchClock.now()
        try await device.launch(AppDelegate())
        try await device.run(for: .seconds(86_400 * days))
        let cpuSeconds = (BenchClock.cpu() - cpu) / Double(days)
        let wallSeconds = (BenchClock.now() - wall) / Double(days)
        let events = device.events
        let completed = events.count { $0.contains(#""event":"task.completed""#) && $0.contains(#""success":true"#) }
        precondition(
            completed >= 80 * days && !events.contains { $0.contains(#""state":"terminated""#) },
            "bgkit-bench feedapp: the app's code did not run on the device's clock (\(completed) tasks completed): "
                + "use the dynamically linked build (swift build --product bgkit-bench), not make release's")
        print("feedapp.day_cpu_seconds\t\(cpuSeconds)\ts")
        print("feedapp.day_wall_seconds\t\(wallSeconds)\ts")
        print("feedapp.day_tasks_completed\t\(completed / days)\ttasks")
        print("feedapp.day_events\t\(events.count / days)\tevents")
    }
}
