import ArgumentParser
import BackgroundApp
import BackgroundCore
import BackgroundPopulation
import BackgroundReport
import CommandLineSupport
import Glibc
import Synchronization

extension BGTaskTool.Simulate {
    /// The checks of `--users` and `--shard` (CONTRACTS.md §8).
    func validatePopulation() throws {
        if let users, users < 1 {
            throw ValidationError("--users \(users): expected a number of users, 1 or more")
        }
        if let shard {
            guard users != nil else { throw ValidationError("--shard \(shard) needs --users: it runs a part of a population") }
            if case .failure(let error) = Shard.parse(shard) { throw ValidationError("--shard \(error)") }
        }
        guard users != nil else { return }
        guard policy == .realistic else {
            throw ValidationError("--users needs --policy realistic: under eager every user's run is the same")
        }
        if app.state != nil { throw ValidationError("--users cannot keep --state: each user is a device of its own") }
        if events.filter != nil { throw ValidationError("--users prints a table, not a timeline: --events does not apply") }
    }

    /// The bytes of the manifest, for the digest that tells summaries of different manifests apart.
    static func bytes(ofManifest path: String) throws -> [UInt8] {
        try WholeFile.read(path, limit: 1 << 26, messages: WholeFile.Messages(
            missing: "no such manifest", directory: "a directory, not a manifest", unreadable: { "cannot read the manifest: \($0)" },
            tooLarge: "too large for a manifest"))
    }

    /// `--users N`: runs the population on every core, prints its table, writes `--summary` and `--report`.
    static func runPopulation(
        _ population: PopulationRun, run: SummaryDocument.Run, options: AppOptions.Resolved, summary: String?, report: String?
    ) async throws {
        let workers = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        let total = population.memberCount
        let progress = ProgressLine(enabled: StandardOutput.errorIsTerminal)
        let cancelled = Atomic<Bool>(false)
        let statistics = try await withTaskCancellationHandler {
            try population.run(
                workers: workers, progress: { done in progress.show { "\(done)/\(total) users" } },
                isCancelled: { cancelled.load(ordering: .relaxed) },
                options: { manifest in
                    var recipeOptions = options.recipeOptions(location: nil, live: false)
                    recipeOptions.configuration.chooseLaunch(for: manifest)
                    return recipeOptions
                })
        } onCancel: {
            cancelled.store(true, ordering: .relaxed)
        }
        progress.finish()
        guard let statistics else { throw CancellationError() }
        var document = SummaryDocument(run: run, statistics: statistics)
        if let shard = population.shard { document.shards = (shard.count, [shard.index]) }
        StandardOutput.writeLine(String(document.table.dropLast()))
        StandardOutput.flush()
        try summary.map(document.write(to:))
        if let path = report {
            try PopulationPicture(document: document).report.write(to: path)
        }
    }
}
