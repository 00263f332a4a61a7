/// `bgkit-bench NAME [ARGS…]`: in-process benchmarks of the library, run by `tools/bench/run` in a release
/// build. Each prints one line per measurement: `name<TAB>value<TAB>unit`.
@main
enum BenchMain {
    static func main() throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let name = arguments.first else {
            print("usage: bgkit-bench NAME [ARGS…]; names: \(benchmarks.keys.sorted().joined(separator: ", "))")
            return
        }
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
}
