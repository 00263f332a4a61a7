/// One part of a population run, `--shard K/N`: the users i with i mod N = K − 1 (K from 1), so that N
/// machines, or the N tasks of a Slurm job array or a Kubernetes Indexed Job, run the population in pieces
/// that `bgtask merge` puts together exactly (docs/POPULATION.md).
public struct Shard: Hashable, Sendable, CustomStringConvertible {
    /// Which part, from 1.
    public let index: Int
    /// How many parts.
    public let count: Int

    /// The shard `index` of `count`; nil unless 1 ≤ index ≤ count.
    public init?(index: Int, of count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// Reads `K/N`; the error says what is wrong with `text`.
    public static func parse(_ text: String) -> Result<Shard, ShardError> {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            return .failure(ShardError("'\(text)' is not K/N: expected two whole numbers with a slash, such as 1/4"))
        }
        guard count >= 1 else { return .failure(ShardError("'\(text)': N must be at least 1")) }
        guard let shard = Shard(index: index, of: count) else {
            return .failure(ShardError("'\(text)': K must be from 1 to \(count) (shards are numbered from 1, as Slurm's array task ids 1-\(count))"))
        }
        return .success(shard)
    }

    /// Whether user `user` (from 0) is in this shard.
    public func contains(_ user: Int) -> Bool { user % count == index - 1 }

    /// How many of `users` users (0 ..< users) are in this shard.
    public func users(of users: Int) -> Int {
        users >= index ? (users - index) / count + 1 : 0
    }

    public var description: String { "\(index)/\(count)" }
}

/// Why a `--shard` value is not one.
public struct ShardError: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String

    init(_ description: String) { self.description = description }
}
