/// `bgkit-bench NAME [ARGS…]`: in-process benchmarks of the library, run by `tools/bench/run` in a release
/// build. Each prints one line per measurement: `name<TAB>value<TAB>unit`.
@main
enum BenchMain {
    static func main() async throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let name = arguments.first else {
            print("usage: bgkit-bench NAME [ARGS…]; names: \((Array(benchmarks.keys) + deviceBenchmarks.keys).sorted().joined(separator: ", "))")
            return
        }
        if let benchmark = deviceBenchmarks[name] { return try await benchmark(Array(arguments.dropFirst())) }
        guard let benchmark = benchmarks[name] else {
            print("bgkit-bench: no benchmark named \(name)")
            return
        }
        try benchmark(Array(arguments.dropFirst()))
    }

    /// Every benchmark by name; each area adds its own entry.
    static let benchmarks: [String: @Sendable ([String]) throws -> Void] = [
        "session": SessionBenchmark.run,
        "engine": EngineBenchmark.run,
        "scheduler": SchedulerBenchmark.run,
        "regions": RegionBenchmark.run,
        "replay": RegionBenchmark.runReplay,
        "nginx": TransferBenchmark.runNginx,
        "upload": TransferBenchmark.runUpload,
        "download": TransferBenchmark.runDownload,
    ]

    /// The benchmarks of an app's own code on EmulatedDevice, on the main actor.
    static let deviceBenchmarks: [String: @MainActor ([String]) async throws -> Void] = [
        "feedapp": FeedAppBenchmark.run,
        "feedapp-population": FeedAppPopulationBenchmark.run,
    ]
}
