import BackgroundApp
import BackgroundCore
import Testing
@testable import BackgroundPopulation

/// A population on virtual time: the same users whatever the workers and the shards.
@Suite struct PopulationRunTests {
    static let manifest = try! AppRecipe.standard.manifest(yaml: """
        app: com.example.population
        backgroundModes: [fetch, processing]
        permittedIdentifiers: [com.example.population.refresh, com.example.population.upload]
        tasks:
          com.example.population.refresh: {kind: refresh, earliestBegin: 15m, work: 4s, resubmit: true}
          com.example.population.upload: {kind: processing, requiresExternalPower: true, work: 90s}
        submitAtLaunch: [com.example.population.refresh, com.example.population.upload]
        usage:
          - {at: "08:00", for: 5m, jitter: 45m}
          - {at: "19:00", for: 10m, jitter: 1h}
        conditions:
          - {at: 0s, network: wifi, power: battery, battery: 64, idle: true}
          - {at: 7h, idle: false}
          - {at: 22h, power: charging, idle: true}
        """, file: "population.yaml")

    static func population(users: Int, shard: Shard? = nil) -> PopulationRun {
        PopulationRun(
            recipe: .standard, manifest: manifest, start: .defaultStart, end: .defaultStart + .seconds(2 * 86_400), seed: 11, users: users,
            shard: shard)
    }

    @Test func theTallyDoesNotDependOnTheNumberOfWorkers() throws {
        let one = try #require(try Self.population(users: 9).run(workers: 1) { _ in AppRecipe.Options() })
        let three = try #require(try Self.population(users: 9).run(workers: 3) { _ in AppRecipe.Options() })
        #expect(one == three)
        #expect(one.users == 9)
        #expect(one.tasks["com.example.population.refresh"]!.launchesPerDay.count == 9)
        // Each user has a seed of its own: the opens' jitter and the policy's draws differ, and so do the launches.
        #expect(one.tasks["com.example.population.refresh"]!.launchesPerDay.counts.count > 1)
    }

    @Test func theShardsTogetherAreTheWholePopulation() throws {
        let whole = try #require(try Self.population(users: 7).run(workers: 2) { _ in AppRecipe.Options() })
        var merged = RunStatistics()
        for index in 1...3 {
            let shard = Self.population(users: 7, shard: Shard(index: index, of: 3))
            #expect((0..<shard.memberCount).map(shard.member) == Array(stride(from: index - 1, to: 7, by: 3)))
            merged.merge(try #require(try shard.run(workers: 2) { _ in AppRecipe.Options() }))
        }
        #expect(merged == whole)
    }

    @Test func userSeedsAreSplitMix64sSequence() {
        let population = Self.population(users: 3)
        var generator = SplitMix64(seed: 11)
        #expect((0..<3).map(population.seed(ofUser:)) == (0..<3).map { _ in generator.next() })
    }

    @Test func eachUserDrawsAProfileByWeight() throws {
        let manifest = try AppRecipe.standard.manifest(yaml: """
            app: com.example.profiles
            population:
              - {weight: 3, usage: [{at: "07:30", for: 5m}]}
              - {weight: 1, usage: [{at: "20:00", for: 5m}]}
            """, file: "profiles.yaml")
        var population = Self.population(users: 400)
        population.manifest = manifest
        let morning = (0..<400).filter { population.manifest(ofUser: $0).usage.first?.at == .seconds(7 * 3600 + 1800) }.count
        #expect((270...330).contains(morning), "\(morning) of 400 drew the weight-3 profile")
        #expect(population.manifest(ofUser: 5).usage == population.manifest(ofUser: 5).usage)
    }

    @Test func aCancelledRunStopsAndReturnsNothing() throws {
        #expect(try Self.population(users: 50).run(workers: 2, isCancelled: { true }) { _ in AppRecipe.Options() } == nil)
    }
}
