import ArgumentParser
import BackgroundCore
import BackgroundPopulation
import CommandLineSupport

extension BGTaskTool {
    /// `bgtask merge`: the summaries of a population's shards combined into the whole run's.
    struct Merge: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "merge",
            abstract: "Combine the summaries of a population run's shards into the summary of the whole run.",
            discussion: """
                Each SUMMARY is a file that `bgtask simulate --users N --shard K/N --summary PATH` wrote. Their \
                counts and histograms add up, and the percentiles are read from the sum, so merging every shard \
                gives exactly, byte for byte, the summary the whole run writes. Prints the distribution table; \
                --summary writes the merged summary (docs/POPULATION.md: Slurm job arrays, Kubernetes Indexed Jobs).

                Example — a population in two shards, then the merge:

                  bgtask simulate Examples/DailyRefresh/app.yaml --for 7d --policy realistic \\
                      --users 100 --shard 1/2 --summary one.json
                  bgtask simulate Examples/DailyRefresh/app.yaml --for 7d --policy realistic \\
                      --users 100 --shard 2/2 --summary two.json
                  bgtask merge one.json two.json --summary whole.json

                Exit status: 0 merged; 1 a summary that cannot be read, is not a shard's, or is of another run \
                (one line on standard error naming the file, the member and the problem); 64 a bad option.
                """)

        @Argument(help: ArgumentHelp("The shards' summaries (JSON, as --summary writes them).", valueName: "summary"))
        var summaries: [String]

        @Option(help: ArgumentHelp("Write the merged summary to this file.", valueName: "path"))
        var summary: String?

        func validate() throws {
            guard !summaries.isEmpty else { throw ValidationError("Missing expected argument '<summary> ...': give the shards' summary files") }
            if let summary { try ReportOptions.checkWritable(summary, option: "--summary", expected: "a .json file") }
        }

        func run() throws {
            var documents: [(file: String, summary: SummaryDocument)] = []
            for file in summaries { documents.append((file, try SummaryDocument(contentsOf: file))) }
            let merged = try SummaryDocument.merged(documents)
            StandardOutput.writeLine(String(merged.table.dropLast()))
            StandardOutput.flush()
            try summary.map(merged.write(to:))
        }
    }
}
