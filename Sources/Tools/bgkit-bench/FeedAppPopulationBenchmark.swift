import BackgroundCore
import BackgroundPopulation
import BackgroundTestKit
import FeedApp

/// `bgkit-bench feedapp-population [USERS] [DAYS] [MANIFEST]`: Examples/FeedApp's own code as a population
/// (EmulatedPopulation, the realistic policy; default 500 users × 14 days of Examples/FeedApp/population.yaml,
/// seed 1). Prints the population's table; its users run in child processes of this program (the same
/// program with the same arguments), so the CPU time to measure is the children's too
/// (tools/bench/38-feedapp-population.sh measures it with /usr/bin/time).
enum FeedAppPopulationBenchmark {
    @MainActor
    static func run(_ arguments: [String]) async throws {
        let users = arguments.first.flatMap(Int.init) ?? 500
        let days = arguments.dropFirst().first.flatMap(Int.init) ?? 14
        let path = arguments.dropFirst(2).first ?? "Examples/FeedApp/population.yaml"
        let manifest = try String(decoding: WholeFile.read(path, limit: 1 << 20), as: UTF8.self)
        let summary = try await EmulatedPopulation(manifest: manifest, users: users, days: days, seed: 1).run { AppDelegate.self }
        print(String(summary.table.dropLast()))
    }
}
