import BackgroundCore
import BackgroundLocation
@testable import BackgroundState
import BackgroundTestKit
import Foundation
import SQLiteStore
import Testing

/// ``AppStateDatabase`` as the location monitors' ``MonitorStore``: what a monitor keeps (its conditions
/// with their last events, and the events waiting for it) survives a reopen of the database, and a damaged
/// row is a clear error naming the table, the row and the column.
@Suite struct MonitorStoreTests {
    static let museum = LocationMonitor.CircularGeographicCondition(center: (47.3769, 8.5417), radius: 200)
    static let cafe = LocationMonitor.CircularGeographicCondition(center: (-33.8688, 151.2093), radius: 50.5)

    static func monitor() -> StoredMonitor {
        var entered = LocationMonitor.Event(identifier: "museum", state: .satisfied, date: .defaultStart + .seconds(90))
        entered.accuracyLimited = true
        var limited = LocationMonitor.Event(identifier: "cafe", state: .unmonitored, date: .defaultStart)
        limited.conditionLimitExceeded = true
        limited.serviceSessionRequired = true
        let waiting = LocationMonitor.Event(identifier: "museum", state: .unsatisfied, date: .defaultStart + .seconds(600))
        return StoredMonitor(
            records: [
                (identifier: "museum", record: .init(condition: museum, lastEvent: entered)),
                (identifier: "cafe", record: .init(condition: cafe, lastEvent: limited)),
            ],
            pending: [entered, waiting])
    }

    @Test func monitorsRoundTripAcrossAReopen() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/state.db"
        do {
            let database = try AppStateDatabase(path: path)
            try database.save(Self.monitor(), name: "tour")
            try database.save(StoredMonitor(records: [(identifier: "home", record: .init(
                condition: Self.cafe, lastEvent: .init(identifier: "home", state: .unknown, date: .defaultStart)))]), name: "home")
            // Saving again replaces: the second save of "tour" keeps no pending event.
            var tour = Self.monitor()
            try database.save(tour, name: "tour")
            tour.pending = []
            try database.save(tour, name: "tour")
        }
        let loaded = try AppStateDatabase(path: path).load()
        var expected = Self.monitor()
        expected.pending = []
        #expect(loaded["tour"] == expected)
        #expect(loaded["home"]?.records.map(\.identifier) == ["home"])
        #expect(loaded.keys.sorted() == ["home", "tour"])
    }

    @Test func pendingEventsKeepTheirOrderAndDiagnostics() throws {
        let folder = try TemporaryFolder()
        let database = try AppStateDatabase(path: folder.path + "/state.db")
        try database.save(Self.monitor(), name: "tour")
        let loaded = try AppStateDatabase(path: database.path).load()["tour"]
        #expect(loaded?.pending == Self.monitor().pending)
        #expect(loaded?.records.map(\.record) == Self.monitor().records.map(\.record))
    }

    @Test(arguments: [
        ("UPDATE monitor_event SET state = 'asleep' WHERE pending = 0 AND position = 0",
         "column state: unknown state 'asleep' (expected unknown, satisfied, unsatisfied or unmonitored)"),
        ("UPDATE monitor_event SET latitude = 91 WHERE pending = 0 AND position = 0",
         "column latitude: 91.0 is out of range (expected -90.0...90.0)"),
        ("UPDATE monitor_event SET radius = 0 WHERE pending = 0 AND position = 0",
         "column radius: a radius of 0 (expected more than 0 metres)"),
        ("UPDATE monitor_event SET radius = NULL WHERE pending = 0 AND position = 0",
         "a condition's record needs its latitude, longitude and radius"),
        ("UPDATE monitor_event SET radius = 5 WHERE pending = 1 AND position = 0",
         "a pending event has no condition (expected latitude, longitude and radius null)"),
        ("UPDATE monitor_event SET diagnostics = 128 WHERE pending = 0 AND position = 0",
         "column diagnostics: expected an integer of 0 to 127 (the diagnostics' bits)"),
        ("UPDATE monitor_event SET date = 'now' WHERE pending = 0 AND position = 0",
         "column date: expected an integer, found the text 'now'"),
    ])
    func aDamagedRowIsAClearError(sql: String, message: String) throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/state.db"
        try AppStateDatabase(path: path).save(Self.monitor(), name: "tour")
        let other = try SQLiteDatabase(path: path, migrations: StateSchema.migrations)
        try other.execute(sql)
        let row = try #require(try other.query(
            "SELECT rowid FROM monitor_event WHERE pending = \(sql.contains("pending = 1") ? 1 : 0) AND position = 0").first?.first?.integer)
        other.close()
        do {
            _ = try AppStateDatabase(path: path).load()
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".hasPrefix("\(path): table monitor_event, row \(row)"), "\(error)")
            #expect("\(error)".hasSuffix(message), "\(error)")
        }
    }
}
