public import BackgroundCore

extension SummaryDocument {
    /// Combines the summaries of shards of one run (`bgtask merge`): counts and histograms add, and once every
    /// shard is in, the result is the whole run's summary, byte for byte.
    ///
    /// - Throws: ``InputError`` naming the file when a summary is of another run (its `for`, `policy`,
    ///   `seed`, app, manifest or population differs from the first's), is a whole run's rather than a
    ///   shard's, was cut in another number of shards, holds a shard another file holds too, or has a user
    ///   count that its shards cannot have.
    public static func merged(_ summaries: [(file: String, summary: SummaryDocument)]) throws(InputError) -> SummaryDocument {
        guard let (firstFile, first) = summaries.first else {
            throw InputError(file: "bgtask merge", message: "no summary to merge")
        }
        var result = SummaryDocument(run: first.run, statistics: RunStatistics())
        var count: Int?
        var holders: [Int: String] = [:]
        for (file, summary) in summaries {
            try summary.check(sameRunAs: first, file: file, firstFile: firstFile)
            guard let population = summary.run.population, let shards = summary.shards else {
                throw InputError(file: file, message: "a whole run's summary, not a shard's: bgtask merge combines the summaries of --shard K/N runs")
            }
            if let count, count != shards.count {
                throw InputError(file: file, place: .key("shards.of"), message: "cut in \(shards.count) shards, but \(firstFile) in \(count)")
            }
            count = shards.count
            let expected = shards.included.reduce(0) { $0 + Shard(index: $1, of: shards.count)!.users(of: population) }
            guard summary.statistics.users == expected else {
                throw InputError(file: file, place: .key("users"), message: "\(summary.statistics.users), but shards \(shards.included.map(String.init).joined(separator: ",")) of \(shards.count) hold \(expected) of \(population) users")
            }
            for shard in shards.included {
                if let other = holders[shard] {
                    throw InputError(file: file, place: .key("shards"), message: "shard \(shard)/\(shards.count) is in \(other) too: each shard may be merged once")
                }
                holders[shard] = file
            }
            result.statistics.merge(summary.statistics)
        }
        if let count, holders.count < count { result.shards = (count, holders.keys.sorted()) }
        return result
    }

    /// Throws when `self` (read from `file`) is not a summary of the run `first` (read from `firstFile`) is.
    private func check(sameRunAs first: SummaryDocument, file: String, firstFile: String) throws(InputError) {
        let fields: [(String, String, String)] = [
            ("for", run.length, first.run.length), ("policy", run.policy, first.run.policy),
            ("seed", String(run.seed), String(first.run.seed)), ("app", run.app, first.run.app),
            ("manifest", run.manifest, first.run.manifest),
            ("population", run.population.map(String.init) ?? "none", first.run.population.map(String.init) ?? "none"),
        ]
        for (key, mine, theirs) in fields where mine != theirs {
            throw InputError(
                file: file, place: .key(key),
                message: "'\(mine)', but '\(theirs)' in \(firstFile): summaries of different runs do not merge")
        }
    }
}
