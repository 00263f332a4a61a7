import BackgroundCore
import BackgroundState
import BackgroundScheduler
import BackgroundTestKit
import Foundation
import Testing

/// The scheduler's ``TaskScheduler/Configuration/taskRequestStore``: pending requests survive a restart
/// in the app's state database (real SQLite, reopened for each scheduler).
@Suite struct PendingRequestPersistenceTests {
    typealias F = SchedulerFixture

    /// A scheduler whose store is the database at `path`, opened anew.
    static func scheduler(state path: String) throws -> SchedulerFixture {
        let database = try AppStateDatabase(path: path)
        return try SchedulerFixture { $0.taskRequestStore = database }
    }

    @Test func pendingRequestsAreRestoredByTheNextScheduler() throws {
        let folder = try TemporaryFolder()
        let file = folder.path + "/state.db"
        let first = try Self.scheduler(state: file)
        try first.scheduler.submit(first.refreshRequest(after: .seconds(900)))
        try first.scheduler.submit(first.uploadRequest(network: true, power: true))
        #expect(folder.files.contains("state.db"))

        let second = try Self.scheduler(state: file)
        let restored = second.scheduler.pendingTaskRequests()
        #expect(restored.map(\.identifier) == [F.refresh, F.upload])
        #expect(restored.first?.kind == .refresh)
        #expect(restored.first?.earliestBeginDate == second.at(.seconds(900)))
        let upload = try #require(restored.last?.processing)
        #expect(upload.requiresNetworkConnectivity && upload.requiresExternalPower)
        #expect(restored.last?.earliestBeginDate == nil)
    }

    @Test func continuedRequestsAreNotSaved() throws {
        let folder = try TemporaryFolder()
        let file = folder.path + "/state.db"
        let database = try AppStateDatabase(path: file)
        let first = try SchedulerFixture(permitted: [F.refresh, "com.example.export.*"]) {
            $0.taskRequestStore = database
            $0.maxRunningContinuedTasks = 0   // nothing runs: the request stays queued
        }
        try first.scheduler.submit(first.refreshRequest(after: .seconds(900)))
        try first.scheduler.submit(TaskRequest(continued: "com.example.export.a", title: "Export", subtitle: ""))
        #expect(first.scheduler.pendingTaskRequests().count == 2)
        let second = try Self.scheduler(state: file)
        #expect(second.scheduler.pendingTaskRequests().map(\.identifier) == [F.refresh])
    }

    @Test func launchedAndCancelledRequestsAreNoLongerSaved() throws {
        let folder = try TemporaryFolder()
        let file = folder.path + "/state.db"
        let first = try Self.scheduler(state: file)
        first.launchApp()
        try first.scheduler.submit(first.refreshRequest())
        try first.scheduler.submit(first.uploadRequest(power: true))
        first.engine.run(until: first.at(.seconds(120)))
        #expect(first.launches(of: F.refresh) == [0])
        #expect(try Self.scheduler(state: file).scheduler.pendingTaskRequests().map(\.identifier) == [F.upload])
        first.scheduler.cancel(taskRequestWithIdentifier: F.upload)
        #expect(try Self.scheduler(state: file).scheduler.pendingTaskRequests().isEmpty)
    }

    @Test func aMissingDatabaseIsCreatedEmpty() throws {
        let folder = try TemporaryFolder()
        let f = try Self.scheduler(state: folder.path + "/none-yet.db")
        #expect(f.scheduler.pendingTaskRequests().isEmpty)
        #expect(folder.files.first == "none-yet.db")
    }

    struct CorruptCase: CustomTestStringConvertible, Sendable {
        let name: String
        let contents: String?
        let mentions: String
        var testDescription: String { name }
    }

    static let corrupt: [CorruptCase] = [
        CorruptCase(name: "not JSON", contents: "{\"version\":1,\"requ", mentions: "not a JSON object"),
        CorruptCase(name: "not a database", contents: "plain text, not SQLite", mentions: "file is not a database"),
        CorruptCase(name: "wrong version", contents: "{\"version\":7,\"requests\":[]}", mentions: "version"),
        CorruptCase(name: "unknown kind",
                    contents: "{\"version\":1,\"requests\":[{\"identifier\":\"a\",\"kind\":\"nap\",\"earliestBegin\":null}]}",
                    mentions: "requests[0].kind"),
        CorruptCase(name: "bad time",
                    contents: "{\"version\":1,\"requests\":[{\"identifier\":\"a\",\"kind\":\"refresh\",\"earliestBegin\":\"soon\"}]}",
                    mentions: "requests[0].earliestBegin"),
    ]

    @Test(arguments: corrupt)
    func aCorruptFileIsSetAsideAndReported(_ c: CorruptCase) throws {
        let folder = try TemporaryFolder()
        let file = folder.path + "/state.db"
        if let contents = c.contents {
            try contents.write(toFile: file, atomically: false, encoding: .utf8)
        } else {
            try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: false)
        }
        do {
            _ = try Self.scheduler(state: file)
            Issue.record("expected an error")
        } catch let error as InputError {
            #expect(error.file == file)
            #expect(error.description.contains(c.mentions))
            #expect(error.description.contains("moved it aside to \(file).corrupt"))
        }
        #expect(folder.files == ["state.db.corrupt"])
        #expect(try Self.scheduler(state: file).scheduler.pendingTaskRequests().isEmpty)
    }

    /// `--state ~/Documents` or `--state /dev/null` by mistake: refused, and left alone (setting it aside
    /// as corrupt would otherwise rename it).
    @Test(arguments: [nil, "/dev/null"])
    func aDirectoryOrDeviceIsRefusedAndLeftAlone(device: String?) throws {
        let folder = try TemporaryFolder()
        let file = device ?? folder.path + "/state.db"
        if device == nil { try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: false) }
        let what = device == nil ? "a directory" : "a device, pipe or socket"
        #expect(throws: InputError(file: file, message: "is \(what), not a state file; give the path of a file (it need not exist yet)")) {
            try Self.scheduler(state: file)
        }
        #expect(folder.files == (device == nil ? ["state.db"] : []))
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) && isDirectory.boolValue == (device == nil))
    }

    /// A store whose saves fail (as a full disk would make the database's): each failure is an `error` event
    /// with code `stateFile` and is kept in `failedSaves`; the scheduler carries on.
    @Test func aSaveThatFailsIsReportedInTheTimeline() throws {
        final class FullDisk: TaskRequestStore {
            func loadTaskRequests() throws(InputError) -> [TaskRequest] { [] }
            func saveTaskRequests(_ requests: [TaskRequest]) throws(InputError) {
                throw InputError(file: "state.db", message: "cannot save the pending task requests: sqlite3_step: database or disk is full")
            }
        }
        let f = try F { $0.taskRequestStore = FullDisk() }
        try f.scheduler.submit(f.refreshRequest())
        #expect(f.taskEvents.last == "0 error stateFile state.db: cannot save the pending task requests: sqlite3_step: database or disk is full")
        #expect(f.scheduler.failedSaves == ["state.db: cannot save the pending task requests: sqlite3_step: database or disk is full"])
        #expect(f.scheduler.pendingTaskRequests().map(\.identifier) == [F.refresh])
    }
}
