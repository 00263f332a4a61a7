public import BackgroundPopulation
public import UIKit
import BackgroundApp
import BackgroundCore
import Foundation

/// A population running the app's own code (CONTRACTS §15): `users` users of the app for `days` days, each
/// an ``EmulatedDevice`` of §8's realistic policy with the seed and the usage `bgtask simulate --users` gives
/// the same user of the same manifest (``PopulationRun/seed(ofUser:)``, ``PopulationRun/manifest(ofUser:)``),
/// their tallies merged into §8's ``SummaryDocument``.
///
/// ```swift
/// let summary = try await EmulatedPopulation(manifest: manifest, users: 500, days: 14, seed: 1)
///     .run { AppDelegate.self }          // run(shard: Shard(index: 2, of: 8)!) for one shard
/// #expect(summary.statistics.tasks["com.example.feed.refresh"]!.launches > 0)
/// try summary.write(to: "population.json")   // bgtask merge merges it; its table is --users'
/// ```
///
/// **Child processes.** A trap in the app's code (`fatalError`, a forced unwrap of nil) ends the process
/// it runs in, so the users run in child processes: the test executable runs itself again, once for each
/// batch of users, with the test's own filter (`--testing-library swift-testing --filter` and the test
/// function's name, `#function`) and the batch in its environment; the child's test reaches the same
/// ``run(shard:test:_:)``, runs the batch's users one after another, writes each user's tally to a file the
/// parent reads, and exits. A user whose code traps ends as a crash counted in the summary
/// (``RunStatistics/crashes``, by the message the runtime printed), and a new child goes on with the batch's
/// other users; a child that stops making progress (code that never returns to the device) is killed and
/// its user counted as a crash too. Outside Swift Testing (an executable such as `bgkit-bench`) the child is
/// the same program with the same arguments. docs/POPULATION.md has the mechanism's limits.
///
/// **Shards.** `run(shard:)` with nil runs every user, or the shard `BGKIT_SHARD=K/N` names (a Slurm job
/// array's task sets it); a shard's summary says which shard it holds, and `bgtask merge` of every shard's
/// is, byte for byte, the summary of the whole run.
@MainActor
public struct EmulatedPopulation {
    /// The users.
    public let users: Int
    /// The days each user's run lasts, from the device's start (2026-01-01T00:00:00Z).
    public let days: Int
    /// The run's seed, from which each user's is derived.
    public let seed: UInt64
    private let population: PopulationRun
    private let digest: String

    /// A population of `users` users of the app the manifest `text` describes (CONTRACTS §4–§9), for `days`
    /// days, its draws from `seed`.
    ///
    /// - Throws: `InputError` naming the manifest's line and key, or `users` or `days` below 1.
    public init(manifest text: String, users: Int, days: Int, seed: UInt64) throws {
        guard users >= 1, days >= 1 else {
            throw InputError(file: "EmulatedPopulation", message: "users and days must be 1 or more (\(users) users, \(days) days)")
        }
        self.users = users
        self.days = days
        self.seed = seed
        let manifest = try AppRecipe.standard.manifest(yaml: text, file: "EmulatedPopulation(manifest:)")
        population = PopulationRun(
            recipe: .standard, manifest: manifest, start: .defaultStart, end: .defaultStart + .seconds(days * 86_400), seed: seed, users: users)
        digest = SummaryDocument.digest(of: Array(text.utf8))
    }

    /// Runs the users (`shard` nil: every user, or the shard `BGKIT_SHARD` names) with a delegate of the type
    /// `app` gives, made with `init()` at each launch as `UIApplicationMain` makes it, and returns their
    /// summary. `test` names the test function that calls it (its default, `#function`, does): the child
    /// processes run that test again.
    ///
    /// - Throws: `InputError` when `BGKIT_SHARD` is not `K/N`, or when a child process fails other than by a
    ///   crash of the app's code (its standard error is in the message).
    public func run(
        shard: Shard? = nil, test: String = #function, _ app: () -> any (UIResponder & UIApplicationDelegate).Type
    ) async throws -> SummaryDocument {
        let type = app()
        return try await run(shard: shard, test: test) { device in try await device.launch(type.init()) }
    }

    // The SwiftUI issue's `App` types take an overload of run(shard:test:_:) here, whose launcher launches the
    // App type on the device; the users, the children and the summary are this one's.

    /// Runs the users, each device's app started by `launch`.
    private func run(shard: Shard?, test: String, launch: @escaping @MainActor (EmulatedDevice) async throws -> Void) async throws -> SummaryDocument {
        var population = population
        population.shard = try shard ?? Self.environmentShard()
        let run = SummaryDocument.Run(
            length: DurationSyntax.format(population.end - population.start), policy: "realistic", seed: seed, app: population.manifest.app,
            manifest: digest, population: users)
        let batches = PopulationBatches(key: "\(digest) \(users) \(days) \(seed)", run: run, days: days, test: test)
        if let child = try batches.child() {
            try await child.run { user in try await simulate(user, in: population, launch: launch) }
            exit(0)
        }
        let statistics = try await batches.run((0..<population.memberCount).map(population.member))
        var document = SummaryDocument(run: run, statistics: statistics)
        if let shard = population.shard { document.shards = (shard.count, [shard.index]) }
        return document
    }

    /// User `user`'s run: a device with the user's manifest and seed under the realistic policy, its events
    /// tallied as `--users` tallies them, every task the app may submit counted for every user.
    private func simulate(
        _ user: Int, in population: PopulationRun, launch: @MainActor (EmulatedDevice) async throws -> Void
    ) async throws -> RunStatistics {
        let device = try EmulatedDevice(
            manifest: population.manifest(ofUser: user), policy: .realistic, seed: population.seed(ofUser: user), transfers: .simulated,
            keepingEvents: false, launchesAsManifestRuns: true)
        defer { device.release() }
        let manifest = population.manifest
        let tasks = Set(manifest.tasks.map(\.identifier) + manifest.permittedIdentifiers).sorted()
        let listener = StatisticsListener(tasks: tasks, start: device.app.engine.now)
        listener.attach(to: device.app.timeline)
        listener.follow(device.app)
        try await launch(device)
        try await device.run(for: population.end - device.app.engine.now)
        return listener.statistics(at: population.end)
    }

    /// The shard `BGKIT_SHARD=K/N` names, nil when it is unset or empty.
    private static func environmentShard() throws -> Shard? {
        guard let text = ProcessInfo.processInfo.environment["BGKIT_SHARD"], !text.isEmpty else { return nil }
        switch Shard.parse(text) {
        case .success(let shard): return shard
        case .failure(let error): throw InputError(file: "BGKIT_SHARD", message: error.description)
        }
    }
}
