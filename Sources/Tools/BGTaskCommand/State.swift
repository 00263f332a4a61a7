import ArgumentParser
import BackgroundCore
import BackgroundState
import BackgroundScheduler
import BackgroundTransfers
import CommandLineSupport
import Glibc

extension BGTaskTool {
    /// `bgtask state`: what an app's state database holds pending, as a table or one JSON document.
    struct State: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "state",
            abstract: "List what an app's state database holds pending: task requests and transfers.",
            discussion: """
                Reads the database that `bgtask simulate --state PATH` and `bgloc replay|live --app … \
                --state PATH` keep, and lists the pending task requests (in submission order: identifier, \
                kind, earliest begin, what they need) and the pending transfers (id, kind, URL, file, \
                progress as bytes done / bytes expected, attempts, and why each waits).

                Example — what the daily example app left pending after an hour:

                  bgtask simulate Examples/DailyRefresh/app.yaml --for 1h --state day.db
                  bgtask state --state day.db

                A JSON state file of earlier versions is migrated first (docs/SCHEDULER.md); a corrupt \
                database is moved aside to PATH.corrupt, and the error says so.

                Exit status: 0 listed; 1 no state at PATH, or a state database that cannot be read (one \
                line on standard error naming the file); 64 a bad option.
                """)

        @Option(help: ArgumentHelp("The app's state database.", valueName: "path"))
        var state: String

        @Option(help: "text: a human table; json: one JSON document.")
        var format: Format = .text

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case text, json
        }

        func run() async throws {
            guard access(state, F_OK) == 0 else {
                StandardOutput.writeError(
                    "Error: no state at \(state) (nothing was saved there: `bgtask simulate --state \(state)` or `bgloc replay --app … --state \(state)` makes one)")
                throw ExitCode.failure
            }
            let database = try AppStateDatabase(path: state)
            database.migrationNotice.map(StandardOutput.writeError)
            let requests = try database.loadTaskRequests()
            let transfers = try database.loadTransfers()
            switch format {
            case .text: Self.table(requests: requests, transfers: transfers).forEach(StandardOutput.writeLine)
            case .json: StandardOutput.writeLine(Self.json(path: state, requests: requests, transfers: transfers))
            }
            StandardOutput.flush()
        }

        /// The two lists as aligned tables, each under a heading with its count.
        static func table(requests: [TaskRequest], transfers: [PendingTransfer]) -> [String] {
            var lines = ["Pending task requests: \(requests.count)"]
            if !requests.isEmpty {
                lines += aligned([["IDENTIFIER", "KIND", "EARLIEST BEGIN", "NEEDS"]] + requests.map { request in
                    let processing = request.processing
                    let needs = [
                        processing?.requiresNetworkConnectivity == true ? "network" : nil,
                        processing?.requiresExternalPower == true ? "external power" : nil,
                    ].compactMap(\.self)
                    return [
                        request.identifier, request.kind.rawValue, request.earliestBeginDate?.rfc3339 ?? "-",
                        needs.isEmpty ? "-" : needs.joined(separator: ", "),
                    ]
                })
            }
            lines.append("Pending transfers: \(transfers.count)")
            if !transfers.isEmpty {
                lines += aligned([["ID", "KIND", "URL", "FILE", "PROGRESS", "ATTEMPTS", "WAITING"]] + transfers.map { transfer in
                    [
                        String(transfer.id), transfer.kind.rawValue, transfer.url, transfer.file,
                        "\(transfer.bytesDone)/\(transfer.expectedBytes.map(String.init) ?? "?")", String(transfer.attempts),
                        transfer.waitingReason ?? "-",
                    ]
                })
            }
            return lines
        }

        /// `{"state":…,"taskRequests":[…],"transfers":[…]}`, each field named as in the database's types.
        static func json(path: String, requests: [TaskRequest], transfers: [PendingTransfer]) -> String {
            let requestObjects = requests.map { request in
                var object = JSONObjectWriter()
                let processing = request.processing
                object.field("identifier", string: request.identifier)
                object.field("kind", string: request.kind.rawValue)
                optional(&object, "earliestBegin", request.earliestBeginDate) { $0.field($1, time: $2) }
                object.field("requiresNetwork", bool: processing?.requiresNetworkConnectivity ?? false)
                object.field("requiresExternalPower", bool: processing?.requiresExternalPower ?? false)
                return object.finish()
            }
            let transferObjects = transfers.map { transfer in
                var object = JSONObjectWriter()
                object.field("id", integer: transfer.id)
                object.field("session", string: transfer.session)
                object.field("kind", string: transfer.kind.rawValue)
                object.field("method", string: transfer.method)
                object.field("url", string: transfer.url)
                object.field("file", string: transfer.file)
                object.field("createdAt", time: transfer.createdAt)
                optional(&object, "earliestBegin", transfer.earliestBegin) { $0.field($1, time: $2) }
                object.field("bytesDone", integer: Int(transfer.bytesDone))
                optional(&object, "expectedBytes", transfer.expectedBytes) { $0.field($1, integer: Int($2)) }
                optional(&object, "resumeValidator", transfer.resume?.validator) { $0.field($1, string: $2) }
                object.field("attempts", integer: transfer.attempts)
                optional(&object, "waitingReason", transfer.waitingReason) { $0.field($1, string: $2) }
                return object.finish()
            }
            var document = JSONObjectWriter()
            document.field("state", string: path)
            document.field("taskRequests", raw: "[" + requestObjects.joined(separator: ",") + "]")
            document.field("transfers", raw: "[" + transferObjects.joined(separator: ",") + "]")
            return document.finish()
        }

        /// Adds `value` with `add`, or `null` when there is none.
        private static func optional<T>(
            _ object: inout JSONObjectWriter, _ name: String, _ value: T?, _ add: (inout JSONObjectWriter, String, T) -> Void
        ) {
            if let value { add(&object, name, value) } else { object.fieldNull(name) }
        }

        /// `rows` with each column padded to its widest cell, two spaces apart, indented by two.
        private static func aligned(_ rows: [[String]]) -> [String] {
            let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max()! }
            return rows.map { row in
                var line = "  "
                for (column, cell) in row.enumerated() {
                    line += column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count + 2)
                }
                return line
            }
        }
    }
}
