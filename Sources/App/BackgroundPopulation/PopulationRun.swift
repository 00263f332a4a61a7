public import BackgroundApp
public import BackgroundCore
import BackgroundDevice
import BackgroundScheduler
import Dispatch
import Synchronization

/// A population: `users` users of one app, each simulated on an engine of its own under the realistic
/// policy with a seed of its own, their tallies merged (`bgtask simulate --users N`, CONTRACTS.md §8).
///
/// User i's seed is the i-th value of SplitMix64 seeded with the run's seed (``seed(ofUser:)``), so a user's
/// run is the same whichever machine, shard or thread runs it. The users run on every core: each worker
/// takes the next user, runs it to the end and merges its ``RunStatistics`` into its own; only the tallies
/// stay, so memory does not grow with the users, and since merging adds counts, the result does not depend
/// on the number of workers or the order they finish in.
///
/// ```swift
/// let run = PopulationRun(recipe: .standard, manifest: manifest, start: begin, end: end, seed: 7, users: 1000)
/// let statistics = try run.run(workers: 2) { manifest in AppRecipe.Options() }
/// ```
public struct PopulationRun: Sendable {
    public var recipe: AppRecipe
    public var manifest: AppManifest
    public var start: SimTime
    public var end: SimTime
    public var seed: UInt64
    public var users: Int
    /// The part to run (nil: every user).
    public var shard: Shard?

    public init(recipe: AppRecipe, manifest: AppManifest, start: SimTime, end: SimTime, seed: UInt64, users: Int, shard: Shard? = nil) {
        self.recipe = recipe
        self.manifest = manifest
        self.start = start
        self.end = end
        self.seed = seed
        self.users = users
        self.shard = shard
    }

    /// User `user`'s seed: the `user`-th value (from 0) of SplitMix64 seeded with ``seed``.
    public func seed(ofUser user: Int) -> UInt64 {
        var generator = SplitMix64(seed: seed &+ UInt64(user) &* 0x9E37_79B9_7F4A_7C15)
        return generator.next()
    }

    /// User `user`'s manifest: with `population:`, its `usage:` is that of a profile drawn by weight with the
    /// user's seed (a draw of its own, apart from the policy's); without, the manifest's `usage:` for all.
    public func manifest(ofUser user: Int) -> AppManifest {
        let profiles = manifest.population
        guard !profiles.isEmpty, var usage = manifest[UsageSection.self] else { return manifest }
        var generator = SplitMix64(seed: seed(ofUser: user) ^ 0x5052_4F46_494C_4553)     // "PROFILES"
        let total = profiles.reduce(0) { $0 + $1.weight }
        let draw = Double(generator.next() >> 11) / Double(1 << 53) * total
        var sum = 0.0
        let profile = profiles.first { sum += $0.weight; return draw < sum } ?? profiles[profiles.count - 1]
        usage.usage = profile.usage
        var result = manifest
        result[UsageSection.self] = usage
        return result
    }

    /// How many users this run simulates.
    public var memberCount: Int { shard?.users(of: users) ?? users }

    /// The `slot`-th user (from 0) this run simulates: computed, not listed, so that memory does not grow
    /// with the users.
    public func member(_ slot: Int) -> Int {
        shard.map { $0.index - 1 + slot * $0.count } ?? slot
    }

    /// Runs the users on `workers` threads, each app made with the options `options` gives for the user's
    /// manifest (called once per user, on the worker's thread); `progress` hears how many users are done after each; the run stops
    /// early, returning nil, once `isCancelled` says so.
    ///
    /// - Throws: ``InputError`` when an app cannot be made (the first such error).
    public func run(
        workers: Int, progress: @escaping @Sendable (Int) -> Void = { _ in }, isCancelled: @escaping @Sendable () -> Bool = { false },
        options: @escaping @Sendable (AppManifest) -> AppRecipe.Options
    ) throws(InputError) -> RunStatistics? {
        let total = memberCount
        let next = Atomic<Int>(0)
        let done = Atomic<Int>(0)
        let outcome = Mutex<(statistics: RunStatistics, error: InputError?)>((RunStatistics(), nil))
        DispatchQueue.concurrentPerform(iterations: max(1, min(workers, total))) { _ in
            var mine = RunStatistics()
            while !isCancelled() {
                let slot = next.add(1, ordering: .relaxed).oldValue
                guard slot < total, outcome.withLock({ $0.error == nil }) else { break }
                do throws(InputError) {
                    let member = member(slot)
                    mine.merge(try user(member, options: options(manifest(ofUser: member))))
                } catch {
                    outcome.withLock { if $0.error == nil { $0.error = error } }
                    break
                }
                progress(done.add(1, ordering: .relaxed).newValue)
            }
            outcome.withLock { $0.statistics.merge(mine) }
        }
        let (statistics, error) = outcome.withLock { $0 }
        if let error { throw error }
        return isCancelled() ? nil : statistics
    }

    /// Runs user `user` to the end and returns its tally: the realistic policy and the usage's jitter draw from
    /// the user's seed.
    public func user(_ user: Int, options: AppRecipe.Options) throws(InputError) -> RunStatistics {
        var options = options
        options.configuration.scheduler.policy = .realistic(seed: seed(ofUser: user))
        options.configuration.seed = seed(ofUser: user)
        let engine = EventEngine(start: start)
        let listener = StatisticsListener(tasks: manifest.tasks.map(\.identifier), start: start)
        var run = AppRun(recipe: recipe, manifest: manifest(ofUser: user), options: options)
        run.sinks = [listener.attach(to:)]
        run.followers = [listener.follow]
        let app = try run.start(on: engine, timeline: run.timeline(on: engine))
        withExtendedLifetime(app) { engine.run(until: end) }
        return listener.statistics(at: end)
    }
}
