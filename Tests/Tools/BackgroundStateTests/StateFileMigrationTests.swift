@testable import BackgroundState
import BackgroundCore
import BackgroundScheduler
import BackgroundTestKit
import Foundation
import Testing

/// The JSON state file of earlier versions, migrated once into the state database: every request kept,
/// the old file retired beside it, and nothing lost when the migration stops half way.
@Suite struct StateFileMigrationTests {
    static let json = """
        {"version":1,"requests":[
        {"identifier":"refresh","kind":"refresh","earliestBegin":"2026-01-01T00:15:00Z","requiresNetwork":false,"requiresExternalPower":false},
        {"identifier":"upload","kind":"processing","earliestBegin":null,"requiresNetwork":true,"requiresExternalPower":true}
        ]}

        """

    static func expectMigrated(_ database: AppStateDatabase) throws {
        let requests = try database.loadTaskRequests()
        #expect(requests.map(\.identifier) == ["refresh", "upload"])
        #expect(requests.first?.earliestBeginDate == SimTime(rfc3339: "2026-01-01T00:15:00Z"))
        let upload = try #require(requests.last?.processing)
        #expect(upload.requiresNetworkConnectivity && upload.requiresExternalPower)
    }

    @Test func theOldFileIsMigratedOnceAndKeptBeside() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("pending.json", Self.json)
        let first = try AppStateDatabase(path: path)
        #expect(first.migrationNotice == "\(path): moved 2 pending task request(s) from the JSON state file into a state database; the old file is kept as \(path).json-v1 and no longer read")
        try Self.expectMigrated(first)
        #expect(try String(contentsOfFile: path + ".json-v1", encoding: .utf8) == Self.json)
        #expect(!folder.files.contains("pending.json.migrating"))

        try first.saveTaskRequests([])
        let second = try AppStateDatabase(path: path)
        #expect(second.migrationNotice == nil)
        #expect(try second.loadTaskRequests().isEmpty)
    }

    /// A crash before the retired copy is made, or before the database replaces the JSON file: the JSON file
    /// is still at the path, and the next open migrates it completely.
    @Test(arguments: [StateFileMigration.Step.link, .rename])
    func aMigrationStoppedHalfWayLosesNothing(before step: StateFileMigration.Step) throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("pending.json", Self.json)
        _ = try StateFileMigration(path: path).run(stoppingBefore: step)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.json)
        #expect(folder.files.contains("pending.json.migrating"))

        let database = try AppStateDatabase(path: path)
        #expect(database.migrationNotice != nil)
        try Self.expectMigrated(database)
        #expect(try String(contentsOfFile: path + ".json-v1", encoding: .utf8) == Self.json)
        #expect(!folder.files.contains("pending.json.migrating"))
    }

    /// A damaged JSON file is set aside as before (never migrated as empty), and each one is kept.
    @Test func aCorruptOldFileIsSetAsideAndAnEarlierOneNeverOverwritten() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/pending.json"
        for garbage in ["{first", "{second", "{third"] {
            try garbage.write(toFile: path, atomically: false, encoding: .utf8)
            #expect(throws: InputError.self) { try AppStateDatabase(path: path) }
        }
        #expect(folder.files == ["pending.json.corrupt", "pending.json.corrupt-2", "pending.json.corrupt-3"])
        #expect(try String(contentsOfFile: path + ".corrupt-3", encoding: .utf8) == "{third")
        #expect(try AppStateDatabase(path: path).loadTaskRequests().isEmpty)
    }
}
