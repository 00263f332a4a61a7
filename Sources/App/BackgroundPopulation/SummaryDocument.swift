import BackgroundCore

/// The summary `--summary PATH` writes when a run ends and `bgtask merge` reads and combines (CONTRACTS.md
/// §8): which run it is (``Run``), which of its shards it holds, and the ``RunStatistics``.
///
/// The contract's members come first, then bgkit's: the app and a digest of its manifest (so that summaries of
/// different manifests are not merged), the population and the shards for a run with `--users`, and the
/// `histograms` every percentile is read from. A merge adds the histograms' bucket counts and reads the
/// percentiles from the sum, the same way a whole run does, so that merging every shard of a run gives that
/// run's summary byte for byte.
public struct SummaryDocument: Hashable, Sendable {
    /// What identifies a run: summaries merge only when these are equal.
    public struct Run: Hashable, Sendable {
        /// `--for`, as bgkit writes durations (`14d`, `2h30m`).
        public var length: String
        /// `--policy`.
        public var policy: String
        /// `--seed`.
        public var seed: UInt64
        /// The manifest's `app:`.
        public var app: String
        /// A digest of the manifest's bytes (`fnv1a64:` and 16 hex digits).
        public var manifest: String
        /// `--users`; nil for a run of one user without it.
        public var population: Int?

        public init(length: String, policy: String, seed: UInt64, app: String, manifest: String, population: Int?) {
            self.length = length
            self.policy = policy
            self.seed = seed
            self.app = app
            self.manifest = manifest
            self.population = population
        }
    }

    public var run: Run
    /// The shards of `--shard K/N` this summary holds: nil for the whole run.
    public var shards: (count: Int, included: [Int])? {
        get { shardCount.map { ($0, includedShards) } }
        set {
            shardCount = newValue?.count
            includedShards = newValue?.included.sorted() ?? []
        }
    }
    public var statistics: RunStatistics

    private var shardCount: Int?
    private var includedShards: [Int] = []

    public init(run: Run, shards: (count: Int, included: [Int])? = nil, statistics: RunStatistics) {
        self.run = run
        self.statistics = statistics
        self.shards = shards
    }

    /// The digest that names a manifest in ``Run/manifest``: FNV-1a (64 bits) of its bytes.
    public static func digest(of bytes: some Sequence<UInt8>) -> String {
        let hex = String(FNV1a64.hash(bytes), radix: 16)
        return "fnv1a64:" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
