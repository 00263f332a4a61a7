@testable import BackgroundState
import BackgroundCore
import BackgroundScheduler
import BackgroundTestKit
import BackgroundTransfers
import Foundation
import Glibc
import SQLiteStore
import Synchronization
import Testing

/// ``AppStateDatabase`` on real SQLite in a temporary folder: round trips across a reopen, the transfer id
/// counter, a corrupt database set aside, rows with bad values.
@Suite struct AppStateDatabaseTests {
    static func requests() -> [TaskRequest] {
        [
            TaskRequest(refresh: "refresh \"quoted\" \\ ü", earliestBeginDate: SimTime(rfc3339: "2026-01-01T00:00:00.5Z")),
            TaskRequest(processing: "upload", requiresNetworkConnectivity: true),
            TaskRequest(processing: "charge", requiresExternalPower: true),
        ]
    }

    static func transfer(_ id: Int) -> PendingTransfer {
        PendingTransfer(
            id: id, session: "com.example.uploads", kind: .download, method: "GET", url: "https://example.com/\(id).bin",
            file: "/var/lib/app/\(id).bin", createdAt: SimTime.defaultStart + .seconds(id), earliestBegin: .defaultStart + .seconds(900),
            expectedBytes: 4096, bytesDone: 1024, resume: ResumePoint(offset: 1024, validator: "\"etag-\(id)\""), attempts: 3,
            waitingReason: "noNetwork")
    }

    /// The requests as comparable values: identifier, kind, earliest begin, network, power.
    static func described(_ requests: [TaskRequest]) -> [String] {
        requests.map { StateRows.values(of: $0).map { "\($0)" }.joined(separator: " ") }
    }

    @Test func taskRequestsRoundTripInSubmissionOrder() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/state.db"
        try AppStateDatabase(path: path).saveTaskRequests(Self.requests())
        let loaded = try AppStateDatabase(path: path).loadTaskRequests()
        #expect(Self.described(loaded) == Self.described(Self.requests()))
        #expect(loaded.first?.kind == .refresh && loaded.last?.kind == .processing)
        #expect(loaded.first?.earliestBeginDate == SimTime(rfc3339: "2026-01-01T00:00:00.5Z"))

        try AppStateDatabase(path: path).saveTaskRequests(Array(Self.requests().suffix(1)))
        #expect(try AppStateDatabase(path: path).loadTaskRequests().map(\.identifier) == ["charge"])
    }

    @Test func transfersRoundTripEveryField() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/state.db"
        let database = try AppStateDatabase(path: path)
        var upload = PendingTransfer(
            id: 2, session: "s", kind: .upload, method: "POST", url: "http://localhost:8080/up", file: "/tmp/up.json",
            createdAt: .defaultStart)
        try database.saveTransfer(Self.transfer(5))
        try database.saveTransfer(upload)
        try database.saveTransfer(Self.transfer(9))
        upload.attempts = 1
        upload.waitingReason = "rateLimited"
        upload.retries = 2
        upload.retryAt = .defaultStart + .seconds(30)
        try database.saveTransfer(upload)
        var ended = Self.transfer(11)
        ended.outcome = .completed(status: 201, bytes: 4096)
        var failed = Self.transfer(12)
        failed.outcome = .failed(error: "timedOut", detail: "timeoutIntervalForResource passed")
        try database.saveTransfer(ended)
        try database.saveTransfer(failed)
        try database.removeTransfer(id: 9)
        #expect(try AppStateDatabase(path: path).loadTransfers() == [upload, Self.transfer(5), ended, failed])
    }

    @Test func transferIDsNeverGoBack() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/state.db"
        let database = try AppStateDatabase(path: path)
        #expect(try database.nextTransferID() == 1)
        #expect(try database.nextTransferID() == 2)
        try database.saveTransfer(Self.transfer(10))
        #expect(try database.nextTransferID() == 11)
        try database.removeTransfer(id: 10)
        database.editWithSQL { try $0.execute("DELETE FROM transfer") }
        let reopened = try AppStateDatabase(path: path)
        #expect(try reopened.loadTransfers().isEmpty)
        #expect(try reopened.nextTransferID() == 12)
    }

    @Test func aCorruptDatabaseIsSetAsideWithAClearError() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/state.db"
        try AppStateDatabase(path: path).saveTaskRequests(Self.requests())
        // Damage every page after the first (the header stays valid): SQLite's check fails.
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: 4096)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: Int(size) - 4096))
        try handle.close()

        do {
            _ = try AppStateDatabase(path: path)
            Issue.record("expected the corrupt database to be refused")
        } catch {
            #expect(error.file == path)
            #expect(error.description.hasPrefix("\(path): cannot open the state database: "))
            #expect(error.description.hasSuffix("moved it aside to \(path).corrupt, and the next open starts an empty database"))
        }
        #expect(folder.files == ["state.db.corrupt"])
        #expect(try AppStateDatabase(path: path).loadTaskRequests().isEmpty)
    }

    /// A full disk, as SQLite meets it (`max_page_count` reached): the save fails with SQLite's message, its
    /// transaction is rolled back, and the previous save is intact.
    @Test func aSaveOnAFullDiskKeepsThePreviousSave() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/state.db"
        let database = try AppStateDatabase(path: path)
        try database.saveTaskRequests(Self.requests())
        try database.connection.withLock { (connection: inout SQLiteDatabase) throws(SQLiteError) in
            let pages = try connection.query("PRAGMA page_count").first?.first?.integer ?? 0
            _ = try connection.query("PRAGMA max_page_count = \(pages)")
        }
        let many = (0..<2000).map { TaskRequest(refresh: "request \($0) " + String(repeating: "x", count: 100)) }
        #expect(throws: InputError(file: path, message: "cannot save the pending task requests: sqlite3_step: database or disk is full")) {
            try database.saveTaskRequests(many)
        }
        #expect(Self.described(try database.loadTaskRequests()) == Self.described(Self.requests()))
        #expect(Self.described(try AppStateDatabase(path: path).loadTaskRequests()) == Self.described(Self.requests()))
    }

    struct BadRow: CustomTestStringConvertible, Sendable {
        let name: String
        /// SQL that damages one row of a database holding ``AppStateDatabaseTests/requests()`` and transfer 7.
        let sql: String
        let message: String
        var testDescription: String { name }
    }

    static let badRows: [BadRow] = [
        BadRow(name: "unknown task kind", sql: "UPDATE task_request SET kind = 'nap' WHERE position = 2",
               message: "table task_request, row 2, column kind: unknown kind 'nap' (expected refresh or processing)"),
        BadRow(name: "a flag of 2", sql: "UPDATE task_request SET requires_network = 2 WHERE position = 2",
               message: "table task_request, row 2, column requires_network: expected 0 or 1, found 2"),
        BadRow(name: "an identifier as a blob", sql: "UPDATE task_request SET identifier = x'00ff' WHERE position = 1",
               message: "table task_request, row 1, column identifier: expected text, found a blob of 2 bytes"),
        BadRow(name: "a time as text", sql: "UPDATE task_request SET earliest_begin = 'soon' WHERE position = 1",
               message: "table task_request, row 1, column earliest_begin: expected an integer, found the text 'soon'"),
        BadRow(name: "a refresh with a requirement", sql: "UPDATE task_request SET requires_external_power = 1 WHERE position = 1",
               message: "table task_request, row 1, column requires_external_power: a refresh request has no requirements (expected 0)"),
        BadRow(name: "negative progress", sql: "UPDATE transfer SET bytes_done = -5",
               message: "table transfer, row 7, column bytes_done: -5 is out of range (expected 0 or more)"),
        BadRow(name: "a real for attempts", sql: "UPDATE transfer SET attempts = 1.5",
               message: "table transfer, row 7, column attempts: expected an integer, found the real 1.5"),
        BadRow(name: "not an http URL", sql: "UPDATE transfer SET url = 'ftp://example.com/x'",
               message: "table transfer, row 7, column url: 'ftp://example.com/x' is not an http or https URL"),
        BadRow(name: "a relative file", sql: "UPDATE transfer SET file = 'x.bin'",
               message: "table transfer, row 7, column file: 'x.bin' is not an absolute path"),
        BadRow(name: "the wrong method", sql: "UPDATE transfer SET method = 'PUT'",
               message: "table transfer, row 7, column method: 'PUT' is not the method of a download (expected GET)"),
        BadRow(name: "resume offset without validator", sql: "UPDATE transfer SET resume_validator = NULL",
               message: "table transfer, row 7, column resume_validator: resume_offset and resume_validator are given together or not at all"),
        BadRow(name: "a status out of range", sql: "UPDATE transfer SET outcome_status = 700, outcome_bytes = 1",
               message: "table transfer, row 7, column outcome_status: 700 is out of range (expected 100...599)"),
        BadRow(name: "a status without its bytes", sql: "UPDATE transfer SET outcome_status = 201",
               message: "table transfer, row 7, column outcome_bytes: an outcome_status comes with its outcome_bytes"),
        BadRow(name: "a status and an error", sql: "UPDATE transfer SET outcome_status = 201, outcome_bytes = 1, outcome_error = 'timedOut'",
               message: "table transfer, row 7, column outcome_error: an outcome is a status or an error, not both"),
        BadRow(name: "a detail without an error", sql: "UPDATE transfer SET outcome_detail = 'why'",
               message: "table transfer, row 7, column outcome_detail: outcome_detail without an outcome_error"),
        BadRow(name: "negative retries", sql: "UPDATE transfer SET retries = -1",
               message: "table transfer, row 7, column retries: -1 is out of range (expected 0 or more)"),
        BadRow(name: "an id of 0", sql: "UPDATE transfer SET id = 0",
               message: "table transfer, row 0: id 0 is out of range (expected 1 or more)"),
    ]

    @Test(arguments: badRows)
    func aRowWithABadValueIsAClearErrorAndIsKept(_ bad: BadRow) throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/state.db"
        let database = try AppStateDatabase(path: path)
        try database.saveTaskRequests(Self.requests())
        try database.saveTransfer(Self.transfer(7))
        database.editWithSQL { try $0.execute(bad.sql) }
        let expected = "\(path): \(bad.message)"
        let reopened = try AppStateDatabase(path: path)
        let table = bad.sql.contains("task_request") ? "task_request" : "transfer"
        do {
            if table == "task_request" { _ = try reopened.loadTaskRequests() } else { _ = try reopened.loadTransfers() }
            Issue.record("expected an error")
        } catch {
            #expect(error.description == expected)
        }
        #expect(folder.files.contains("state.db") && !folder.files.contains("state.db.corrupt"))
    }

    @Test func aBadCounterIsAClearError() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/state.db"
        let database = try AppStateDatabase(path: path)
        database.editWithSQL { try $0.execute("UPDATE counter SET value = 'x'") }
        #expect(throws: InputError(
            file: path, place: .key("table counter, row next_transfer_id, column value"),
            message: "expected an integer of 1 or more, found the text 'x'")) {
            try database.nextTransferID()
        }
    }
}

extension AppStateDatabase {
    /// Runs raw SQL on a second connection to this database, as a hand-edited or damaged file would hold it.
    fileprivate func editWithSQL(_ body: (SQLiteDatabase) throws -> Void) {
        let path = self.path
        do {
            let other = try SQLiteDatabase(path: path, migrations: StateSchema.migrations)
            try body(other)
            other.close()
        } catch {
            Issue.record("raw SQL on \(path) failed: \(error)")
        }
    }
}
