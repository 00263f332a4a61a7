import BackgroundCore
import BackgroundPopulation
import Foundation

/// The child processes an ``EmulatedPopulation`` runs its users in, so that a trap in the app's code ends one
/// user's run, not the population's: the test executable runs itself again for each batch of users, with
/// the population's key, the batch's users and a result file in its environment.
///
/// The child appends `begin USER` before each user and `done USER SUMMARY` (the user's summary, one JSON
/// line) after it; the parent merges the done users' tallies, counts the user begun and not done as a
/// crash, by the line the Swift runtime printed (`…: Fatal error: …`), and starts a new child for the rest.
struct PopulationBatches: Sendable {
    /// Names the population a child runs (its manifest's digest, users, days and seed).
    static let keyVariable = "BGKIT_POPULATION"
    /// The child's users, by index, separated by commas.
    static let usersVariable = "BGKIT_POPULATION_USERS"
    /// The file the child appends its users' lines to.
    static let resultVariable = "BGKIT_POPULATION_RESULT"

    let key: String
    let run: SummaryDocument.Run
    /// Each user's days, for a child's time limit.
    let days: Int
    /// The test function that runs the population, which the children run again.
    let test: String

    /// This process's batch, when it is a child started for this population.
    ///
    /// - Throws: `InputError` when it is a child of another population (another test of the same name).
    func child() throws -> Child? {
        let environment = ProcessInfo.processInfo.environment
        guard let childKey = environment[Self.keyVariable] else { return nil }
        guard childKey == key, let result = environment[Self.resultVariable] else {
            throw InputError(file: Self.keyVariable, message: "this child process was started for another population (another test named \(test)?)")
        }
        let users = (environment[Self.usersVariable] ?? "").split(separator: ",").compactMap { Int($0) }
        return Child(users: users, result: result, run: run)
    }

    /// A child's batch.
    struct Child {
        let users: [Int]
        let result: String
        let run: SummaryDocument.Run

        /// Runs each user with `simulate` and appends its lines to the result file; an error of a user's
        /// run is written as `error USER MESSAGE` and ends the child with status 1.
        @MainActor
        func run(_ simulate: (Int) async throws -> RunStatistics) async throws {
            guard let file = FileHandle(forWritingAtPath: result) else {
                throw InputError(file: result, message: "the population's result file cannot be opened")
            }
            file.seekToEndOfFile()
            for user in users {
                file.write(Data("begin \(user)\n".utf8))
                do {
                    let statistics = try await simulate(user)
                    file.write(Data("done \(user) \(SummaryDocument(run: run, statistics: statistics).jsonText)".utf8))
                } catch {
                    file.write(Data("error \(user) \(String(describing: error).split(separator: "\n").joined(separator: " "))\n".utf8))
                    exit(1)
                }
            }
        }
    }

    /// Runs `members` in child processes, as many at once as the machine has cores, and merges their tallies.
    func run(_ members: [Int]) async throws -> RunStatistics {
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        // A few batches a worker: a child's start costs the test executable's, and the batches even out.
        let size = max(1, (members.count + workers * 4 - 1) / (workers * 4))
        let batches = stride(from: 0, to: members.count, by: size).map { Array(members[$0..<min($0 + size, members.count)]) }
        let folder = try TemporaryFolder(prefix: "bgkit-population")
        return try await withThrowingTaskGroup(of: RunStatistics.self) { group in
            var next = 0
            func start() {
                let (batch, file) = (batches[next], "\(folder.path)/batch-\(next)")
                group.addTask { try await runBatch(batch, file: file) }
                next += 1
            }
            while next < min(workers, batches.count) { start() }
            var total = RunStatistics()
            while let statistics = try await group.next() {
                total.merge(statistics)
                if next < batches.count { start() }
            }
            return total
        }
    }

    /// Runs `users` in children, one after another until every user is done or crashed.
    private func runBatch(_ users: [Int], file: String) async throws -> RunStatistics {
        var remaining = users[...]
        var total = RunStatistics()
        var attempt = 0
        let (executable, arguments) = try Self.command(test: test)
        while let first = remaining.first {
            let path = "\(file)-\(attempt).txt"
            attempt += 1
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw InputError(file: path, message: "the population's result file cannot be made")
            }
            var outcome: (stderr: String, ending: String)
            do {
                let result = try await TestSupport.run(
                    executable, arguments,
                    environment: [
                        Self.keyVariable: key, Self.usersVariable: remaining.map(String.init).joined(separator: ","), Self.resultVariable: path,
                        "SWIFT_BACKTRACE": "enable=no",
                    ],
                    timeLimit: .seconds(300 + 10 * remaining.count * days))
                outcome = (result.stderr, result.signalled ? "signal \(result.status)" : "exit status \(result.status)")
            } catch let hung as TestSupport.TimeLimitExceeded {
                outcome = (hung.stderr, "hung: still running after \(hung.timeLimit.components.seconds) s, killed")
            }
            var begun = false
            for line in (try? String(contentsOfFile: path, encoding: .utf8))?.split(separator: "\n") ?? [] {
                let fields = line.split(separator: " ", maxSplits: 2)
                guard fields.count >= 2, let user = Int(fields[1]) else { continue }
                switch fields[0] {
                case "begin": begun = user == remaining.first
                case "done" where fields.count == 3 && user == remaining.first:
                    total.merge(try SummaryDocument(bytes: Array(fields[2].utf8), file: path).statistics)
                    remaining = remaining.dropFirst()
                    begun = false
                case "error": throw InputError(file: "EmulatedPopulation", message: "user \(user): \(fields.count == 3 ? fields[2] : "")")
                default: continue
                }
            }
            guard !remaining.isEmpty else { break }
            if begun {
                var crash = RunStatistics()
                crash.users = 1
                crash.crashes[Self.crashReason(outcome.stderr) ?? outcome.ending] = 1
                total.merge(crash)
                remaining = remaining.dropFirst()
            } else if remaining.first == first {
                throw InputError(
                    file: "EmulatedPopulation",
                    message: "a child process (\(([executable] + arguments).joined(separator: " "))) ran none of its users "
                        + "(\(outcome.ending)): does its test function, \(test), run this population? Its standard error:\n\(outcome.stderr)")
            }
        }
        return total
    }

    /// The line of `stderr` where the Swift runtime says why the process trapped (`File.swift:12: Fatal
    /// error: …`), the last when there are several.
    static func crashReason(_ stderr: String) -> String? {
        stderr.split(separator: "\n").last { $0.contains("Fatal error") }.map { String($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// The child's program and arguments: the test executable with Swift Testing's filter for `test` when
    /// this process runs Swift Testing's tests, else this program with its own arguments.
    static func command(test: String) throws -> (String, [String]) {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let arguments = CommandLine.arguments
        guard arguments.contains("--testing-library") else { return (executable, Array(arguments.dropFirst())) }
        return (executable, ["--testing-library", "swift-testing", "--filter", NSRegularExpression.escapedPattern(for: test)])
    }
}
