import BackgroundCore
import BackgroundTasks
import BackgroundTestKit
import Foundation
import Testing

/// The scheduler's ``BGTaskScheduler/Configuration/stateFile``: pending requests survive a restart.
@Suite struct PendingRequestPersistenceTests {
    typealias F = SchedulerFixture

    @Test func pendingRequestsAreRestoredByTheNextScheduler() throws {
        let folder = try TemporaryFolder()
        let file = folder.path + "/pending.json"
        let first = try F { $0.stateFile = file }
        try first.scheduler.submit(first.refreshRequest(after: .seconds(900)))
        try first.scheduler.submit(first.uploadRequest(network: true, power: true))
        #expect(folder.files == ["pending.json"])

        let second = try F { $0.stateFile = file }
        let restored = second.scheduler.pendingTaskRequests()
        #expect(restored.map(\.identifier) == [F.refresh, F.upload])
        #expect(restored.first is BGAppRefreshTaskRequest)
        #expect(restored.first?.earliestBeginDate == second.at(.seconds(900)))
        let upload = try #require(restored.last as? BGProcessingTaskRequest)
        #expect(upload.requiresNetworkConnectivity && upload.requiresExternalPower)
        #expect(upload.earliestBeginDate == nil)
    }

    @Test func launchedAndCancelledRequestsAreNoLongerSaved() throws {
        let folder = try TemporaryFolder()
        let file = folder.path + "/pending.json"
        let first = try F { $0.stateFile = file }
        first.launchApp()
        try first.scheduler.submit(first.refreshRequest())
        try first.scheduler.submit(first.uploadRequest(power: true))
        first.engine.run(until: first.at(.seconds(120)))
        #expect(first.launches(of: F.refresh) == [0])
        #expect(try F { $0.stateFile = file }.scheduler.pendingTaskRequests().map(\.identifier) == [F.upload])
        first.scheduler.cancel(taskRequestWithIdentifier: F.upload)
        #expect(try F { $0.stateFile = file }.scheduler.pendingTaskRequests().isEmpty)
    }

    @Test func aMissingFileMeansNoPendingRequests() throws {
        let folder = try TemporaryFolder()
        let f = try F { $0.stateFile = folder.path + "/none-yet.json" }
        #expect(f.scheduler.pendingTaskRequests().isEmpty)
        #expect(folder.files.isEmpty)
    }

    struct CorruptCase: CustomTestStringConvertible, Sendable {
        let name: String
        let contents: String?
        let mentions: String
        var testDescription: String { name }
    }

    static let corrupt: [CorruptCase] = [
        CorruptCase(name: "not JSON", contents: "{\"version\":1,\"requ", mentions: "not a JSON object"),
        CorruptCase(name: "empty", contents: "", mentions: "not a JSON object"),
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
        let file = folder.path + "/pending.json"
        if let contents = c.contents {
            try contents.write(toFile: file, atomically: false, encoding: .utf8)
        } else {
            try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: false)
        }
        do {
            _ = try F { $0.stateFile = file }
            Issue.record("expected an error")
        } catch let error as InputError {
            #expect(error.file == file)
            #expect(error.description.contains(c.mentions))
            #expect(error.description.contains("moved it aside to \(file).corrupt"))
        }
        #expect(folder.files == ["pending.json.corrupt"])
        #expect(try F { $0.stateFile = file }.scheduler.pendingTaskRequests().isEmpty)
    }

    /// `--state ~/Documents` or `--state /dev/null` by mistake: refused, and left alone (a save would
    /// otherwise rename its temporary file over it).
    @Test(arguments: [nil, "/dev/null"])
    func aDirectoryOrDeviceIsRefusedAndLeftAlone(device: String?) throws {
        let folder = try TemporaryFolder()
        let file = device ?? folder.path + "/pending.json"
        if device == nil { try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: false) }
        let what = device == nil ? "a directory" : "a device, pipe or socket"
        #expect(throws: InputError(file: file, message: "is \(what), not a state file; give the path of a file (it need not exist yet)")) {
            try F { $0.stateFile = file }
        }
        #expect(folder.files == (device == nil ? ["pending.json"] : []))
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) && isDirectory.boolValue == (device == nil))
    }

    @Test func aSaveThatFailsIsReportedInTheTimeline() throws {
        let f = try F { $0.stateFile = "/nonexistent-bgkit-folder/pending.json" }
        try f.scheduler.submit(f.refreshRequest())
        #expect(f.taskEvents.last?.hasPrefix("0 error stateFile") == true)
    }
}
