// fuzz-seeds: Fuzz/Summary/Seeds/*
import BackgroundPopulation
import FuzzSupport

/// Fuzzes the summary reader of `bgtask merge` (`SummaryDocument(bytes:file:)`): any bytes give a summary
/// or an `InputError`, never a crash, a hang or unbounded memory; a summary it reads writes back as text
/// that reads back as the same summary, and merging it with itself is refused or adds up.
@main enum FuzzSummary {
    static func main() {
        FuzzDriver.run { raw in
            guard let summary = try? SummaryDocument(bytes: Array(raw), file: "fuzz.json") else { return }
            let again = try? SummaryDocument(bytes: Array(summary.jsonText.utf8), file: "fuzz.json")
            precondition(again == summary, "a summary written back does not read back as the same summary")
            if let merged = try? SummaryDocument.merged([("a.json", summary), ("b.json", summary)]) {
                precondition(merged.statistics.users == 2 * summary.statistics.users, "a merge lost users")
            }
        }
    }
}
