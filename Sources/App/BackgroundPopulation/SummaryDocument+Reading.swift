public import BackgroundCore
import JSON

extension SummaryDocument {
    /// Reads a summary that `--summary` wrote.
    ///
    /// - Throws: ``InputError`` naming `file`, the place (the byte where the text stops being JSON, or the
    ///   member) and the problem: a member missing or of the wrong type, a histogram whose edges are not
    ///   bgkit's, counts that disagree with their histograms.
    public init(bytes: [UInt8], file: String) throws(InputError) {
        let reader = SummaryReader(file: file)
        let root = try JSONValue(parsing: bytes, file: file)
        guard case .object = root else { throw reader.error("", "expected a JSON object, as --summary writes") }
        let seed: UInt64
        switch root["seed"] {
        case .number(let number) where number >= 0 && number == number.rounded() && number <= Double(1 << 53): seed = UInt64(number)
        case .string(let text) where UInt64(text) != nil: seed = UInt64(text)!
        default: throw reader.error("seed", "expected a whole number (the run's --seed)")
        }
        let population: Int? = root["population"] == nil ? nil : try reader.count(root, "population")
        run = Run(
            length: try reader.string(root, "for"), policy: try reader.string(root, "policy"), seed: seed,
            app: try reader.string(root, "app"), manifest: try reader.string(root, "manifest"), population: population)
        statistics = try reader.statistics(root)
        if let shards = root["shards"] {
            let count = try reader.count(shards, "shards.of")
            guard count >= 1 else { throw reader.error("shards.of", "expected the number of shards, 1 or more") }
            guard population != nil else { throw reader.error("shards", "a shard's summary names its run's population (--users)") }
            guard case .array(let values) = shards["included"] else { throw reader.error("shards.included", "expected an array of shard numbers") }
            var included: [Int] = []
            for (index, value) in values.enumerated() {
                let shard = try reader.count(value, "shards.included[\(index)]")
                guard (1...count).contains(shard), !included.contains(shard) else {
                    throw reader.error("shards.included[\(index)]", "shard \(shard) is not one of 1...\(count), or is listed twice")
                }
                included.append(shard)
            }
            self.shards = (count, included)
        }
    }
}

/// Reads the members of a summary, each error naming the file and the member.
private struct SummaryReader {
    let file: String

    func error(_ key: String, _ message: String) -> InputError {
        key.isEmpty ? InputError(file: file, message: message) : InputError(file: file, place: .key(key), message: message)
    }

    func string(_ object: JSONValue, _ key: String) throws(InputError) -> String {
        guard case .string(let text) = object[key] else { throw error(key, "expected a string") }
        return text
    }

    /// A whole, non-negative number at `path` (its last component is the key in `object`; a path without
    /// a dot or bracket at the end names `object` itself when it is the value).
    func count(_ object: JSONValue, _ path: String) throws(InputError) -> Int {
        let key = String(path.split(separator: ".").last ?? "")
        let value: JSONValue? = if case .number = object { object } else { object[key] }
        guard case .number(let number) = value, number >= 0, number == number.rounded(), number < 0x1p50 else {
            throw error(path, "expected a whole number, 0 or more (below 2^50)")
        }
        return Int(number)
    }

    func statistics(_ root: JSONValue) throws(InputError) -> RunStatistics {
        var s = RunStatistics()
        s.users = try count(root, "users")
        s.opens = try count(root, "opens")
        guard case .object(let histograms)? = root["histograms"] else {
            throw error("histograms", "missing: a summary carries its histograms, which merge reads (bgtask merge needs summaries written by --summary)")
        }
        let h = JSONValue.object(histograms)
        guard case .object(let tasks)? = root["tasks"] else { throw error("tasks", "expected an object of task identifiers") }
        for member in tasks {
            let path = "tasks.\(member.key)"
            var tally = RunStatistics.TaskTally()
            tally.launches = try count(member.value, path + ".launches")
            tally.completed = try count(member.value, path + ".completed")
            tally.expired = try count(member.value, path + ".expired")
            guard let perDay = h["launchesPerDay"]?[member.key] else { throw error("histograms.launchesPerDay.\(member.key)", "missing") }
            tally.launchesPerDay = try histogram(perDay, "histograms.launchesPerDay.\(member.key)")
            s.tasks[member.key] = tally
        }
        s.contentAgeAtOpen = try histogram(h["contentAgeAtOpen"], "histograms.contentAgeAtOpen")
        try agree(root["contentAgeAtOpen"], "contentAgeAtOpen.count", s.contentAgeAtOpen.count)
        guard let pushes = root["pushes"] else { throw error("pushes", "missing") }
        s.pushesSent = try count(pushes, "pushes.sent")
        s.pushDelay = try histogram(h["pushDelay"], "histograms.pushDelay")
        try agree(pushes, "pushes.delivered", s.pushDelay.count)
        s.transferLatency = try histogram(h["transferLatency"], "histograms.transferLatency")
        try agree(root["transfers"], "transfers.completed", s.transferLatency.count)
        // Issue 35's members; a summary written before them reads as none.
        s.pushesNotDelivered = try counts(pushes["notDelivered"], "pushes.notDelivered")
        if let transfers = root["transfers"] {
            s.transfersCreated = transfers["created"] == nil ? 0 : try count(transfers, "transfers.created")
            s.uploadsLostToForceQuit = transfers["uploadsLostToForceQuit"] == nil ? 0 : try count(transfers, "transfers.uploadsLostToForceQuit")
            s.transferFailures = try counts(transfers["failedReasons"], "transfers.failedReasons")
            if transfers["failed"] != nil { try agree(transfers, "transfers.failed", s.transfersFailed) }
        }
        if let crashes = root["crashes"] {
            s.crashes = try counts(crashes["reasons"], "crashes.reasons")
            try agree(crashes, "crashes.count", s.crashCount)
        }
        return s
    }

    /// An object of counts by reason (absent: none).
    private func counts(_ value: JSONValue?, _ path: String) throws(InputError) -> [String: Int] {
        guard let value else { return [:] }
        guard case .object(let members) = value else { throw error(path, "expected an object of counts by reason") }
        var result: [String: Int] = [:]
        for member in members { result[member.key] = try count(member.value, "\(path).\(member.key)") }
        return result
    }

    /// Checks that the count at `path` is the number of values its histogram holds.
    private func agree(_ object: JSONValue?, _ path: String, _ expected: Int) throws(InputError) {
        guard let object else { throw error(path, "missing") }
        let found = try count(object, path)
        guard found == expected else { throw error(path, "\(found), but its histogram holds \(expected) values") }
    }

    private func histogram(_ value: JSONValue?, _ path: String) throws(InputError) -> Histogram {
        guard case .array(let rows)? = value?["buckets"] else { throw error(path + ".buckets", "expected an array of [lower edge, count] pairs") }
        var buckets: [(lowerEdge: Int64, count: Int)] = []
        for (index, row) in rows.enumerated() {
            guard case .array(let pair) = row, pair.count == 2 else { throw error("\(path).buckets[\(index)]", "expected a pair [lower edge, count]") }
            let edge = try count(pair[0], "\(path).buckets[\(index)][0]")
            let number = try count(pair[1], "\(path).buckets[\(index)][1]")
            buckets.append((Int64(edge), number))
        }
        let largest = try count(value!, path + ".max")
        guard let histogram = Histogram(buckets: buckets, max: Int64(largest)) else {
            throw error(path, "not a bgkit histogram: each lower edge must be a bucket's (docs/POPULATION.md), once, with a count above 0, and max within the last bucket")
        }
        return histogram
    }
}
