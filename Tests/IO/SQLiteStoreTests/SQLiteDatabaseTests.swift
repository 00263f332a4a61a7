import BackgroundTestKit
import Foundation
import Glibc
import SQLiteStore
import Testing

/// SQLiteDatabase against the real SQLite: round trips, reopening, migrations, a corrupt file set aside,
/// and a writer killed with SIGKILL.
struct SQLiteDatabaseTests {
    let folder: TemporaryFolder
    let path: String
    static let migrations = [
        "CREATE TABLE transfer (id INTEGER PRIMARY KEY, url TEXT NOT NULL, offset INTEGER, validator TEXT, data BLOB)",
        "ALTER TABLE transfer ADD COLUMN progress REAL",
    ]

    init() throws {
        folder = try TemporaryFolder(prefix: "bgkit-sqlite")
        path = folder.path + "/state.db"
    }

    @Test func valuesRoundTripAndSurviveReopening() throws {
        let row: [SQLiteValue] = [.integer(7), .text("https://example.org/é"), .integer(1 << 40), .null, .blob([0, 255, 1]), .real(0.25)]
        do {
            let database = try SQLiteDatabase(path: path, migrations: Self.migrations)
            try database.execute("INSERT INTO transfer (id, url, offset, validator, data, progress) VALUES (?, ?, ?, ?, ?, ?)", row)
            #expect(try database.query("SELECT * FROM transfer") == [row])
            database.close()
        }
        let reopened = try SQLiteDatabase(path: path, migrations: Self.migrations)
        #expect(try reopened.query("SELECT id, url, offset, validator, data, progress FROM transfer WHERE id = ?", [.integer(7)]) == [row])
        #expect(try reopened.query("PRAGMA journal_mode") == [[.text("wal")]])
        #expect(try reopened.query("PRAGMA synchronous") == [[.integer(2)]])  // FULL
    }

    @Test func migrationsRunOnceEachFromTheVersionTheFileHas() throws {
        do {
            let first = try SQLiteDatabase(path: path, migrations: Array(Self.migrations.prefix(1)))
            #expect(try first.schemaVersion() == 1)
            try first.execute("INSERT INTO transfer (url) VALUES (?)", [.text("kept")])
        }
        let second = try SQLiteDatabase(path: path, migrations: Self.migrations)
        #expect(try second.schemaVersion() == 2)
        #expect(try second.query("SELECT url, progress FROM transfer") == [[.text("kept"), .null]])
        second.close()
        #expect(throws: SQLiteError.self) { try SQLiteDatabase(path: path, migrations: Array(Self.migrations.prefix(1))) }
    }

    @Test func aFailingTransactionIsRolledBack() throws {
        let database = try SQLiteDatabase(path: path, migrations: Self.migrations)
        #expect(throws: SQLiteError.self) {
            try database.transaction { () throws(SQLiteError) in
                try database.execute("INSERT INTO transfer (url) VALUES (?)", [.text("half")])
                try database.execute("INSERT INTO transfer (url) VALUES (?)", [.null])  // NOT NULL
            }
        }
        #expect(try database.query("SELECT count(*) FROM transfer") == [[.integer(0)]])
    }

    @Test func aFileThatIsNotADatabaseIsSetAsideNotEmptied() throws {
        let garbage = Data(String(repeating: "not sqlite at all\n", count: 300).utf8)
        try garbage.write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: SQLiteError.self) { try SQLiteDatabase(path: path, migrations: Self.migrations) }
        #expect(error == .notADatabase)
        #expect(error?.description == "\(path): file is not a database; moved it aside to \(path).corrupt, and the next open starts an empty database")
        #expect(FileManager.default.contents(atPath: path + ".corrupt") == garbage)
        #expect(!FileManager.default.fileExists(atPath: path))
        let fresh = try SQLiteDatabase(path: path, migrations: Self.migrations)
        #expect(try fresh.query("SELECT count(*) FROM transfer") == [[.integer(0)]])
    }

    @Test func aDamagedDatabaseIsSetAsideBesideAnEarlierOne() throws {
        try Data("older".utf8).write(to: URL(fileURLWithPath: path + ".corrupt"))
        do {
            let database = try SQLiteDatabase(path: path, migrations: Self.migrations)
            try database.transaction { () throws(SQLiteError) in
                for n in 0..<2_000 { try database.execute("INSERT INTO transfer (url) VALUES (?)", [.text("https://example.org/\(n)")]) }
            }
            try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        // Overwrite the table's pages (everything past the first page, which holds the header and schema).
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seek(toOffset: 4096 * 2)
        handle.write(Data(repeating: 0x5A, count: 4096 * 4))
        try handle.close()
        let error = #expect(throws: SQLiteError.self) { try SQLiteDatabase(path: path, migrations: Self.migrations) }
        #expect(error == .corrupt)
        #expect(error?.description.hasPrefix("\(path): ") == true)
        #expect(error?.description.hasSuffix("moved it aside to \(path).corrupt-2, and the next open starts an empty database") == true)
        #expect(FileManager.default.fileExists(atPath: path + ".corrupt-2"))
        #expect(FileManager.default.contents(atPath: path + ".corrupt") == Data("older".utf8))
    }

    @Test func aWriterKilledWithSIGKILLLeavesAReadableConsistentDatabase() async throws {
        let writer = try SignalledProcess(TestSupport.executable("bgkit-sqlite-writer"), [path])
        defer { writer.killGroup() }
        try await writer.waitForLines(1)
        // Let it commit a few hundred more transactions, read through other connections as it writes.
        _ = try await writer.poll("200 committed rows") { [path] in
            let reader = try? SQLiteDatabase(path: path, migrations: Self.writerMigrations)
            return (try? reader?.query("SELECT value FROM counter").first?.first?.integer).flatMap { $0 >= 200 ? true : nil }
        }
        writer.signal(SIGKILL)
        #expect(try await writer.waitForExit() == .signalled(SIGKILL))

        let survivor = try SQLiteDatabase(path: path, migrations: Self.writerMigrations)
        let counter = try #require(survivor.query("SELECT value FROM counter").first?.first?.integer)
        #expect(counter >= 200)
        #expect(try survivor.query("SELECT count(*), max(n) FROM row") == [[.integer(counter), .integer(counter)]])
        #expect(try survivor.query("PRAGMA integrity_check") == [[.text("ok")]])
    }

    /// The schema of Tests/Helpers/SQLiteWriter.
    static let writerMigrations = [
        "CREATE TABLE row (n INTEGER PRIMARY KEY, payload BLOB NOT NULL); CREATE TABLE counter (value INTEGER NOT NULL); INSERT INTO counter VALUES (0)",
    ]
}
