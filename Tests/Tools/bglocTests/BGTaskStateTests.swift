import BackgroundCore
import BackgroundState
import BackgroundTestKit
import BackgroundTransfers
import Foundation
import Testing

/// `bgtask state`, end to end: the built binary lists what a state database holds pending.
@Suite struct BGTaskStateTests {
    static var bgtask: String { TestSupport.executable("bgtask") }

    /// A database with two task requests (one left by a real `bgtask simulate`) and two transfers.
    static func makeState(in folder: TemporaryFolder) async throws -> String {
        let state = folder.path + "/state.db"
        let run = try await TestSupport.run(bgtask, ["simulate", BGTaskSimulateTests.example, "--for", "1h", "--format", "jsonl", "--state", state])
        #expect(run.status == 0, "\(run.stderr)")
        let database = try AppStateDatabase(path: state)
        let start = SimTime.defaultStart
        try database.saveTransfer(PendingTransfer(
            id: try database.nextTransferID(), session: "com.example.daily.uploads", kind: .upload, method: "PUT",
            url: "https://example.com/logs/1.json", file: "/var/lib/daily/1.json", createdAt: start, expectedBytes: 2048,
            attempts: 2, waitingReason: "noNetwork"))
        try database.saveTransfer(PendingTransfer(
            id: try database.nextTransferID(), session: "com.example.daily.uploads", kind: .download, method: "GET",
            url: "http://example.com/map.bin", file: "/var/lib/daily/map.bin", createdAt: start + .seconds(60),
            bytesDone: 512, resume: ResumePoint(offset: 512, validator: "\"v1\"")))
        return state
    }

    @Test func textListsRequestsAndTransfersWithProgressAndWaiting() async throws {
        let folder = try TemporaryFolder()
        let state = try await Self.makeState(in: folder)
        let result = try await TestSupport.run(Self.bgtask, ["state", "--state", state])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdout == """
            Pending task requests: 2
              IDENTIFIER                 KIND        EARLIEST BEGIN        NEEDS
              com.example.daily.upload   processing  -                     network, external power
              com.example.daily.refresh  refresh     2026-01-01T01:15:00Z  -
            Pending transfers: 2
              ID  KIND      URL                              FILE                    PROGRESS  ATTEMPTS  WAITING
              1   upload    https://example.com/logs/1.json  /var/lib/daily/1.json   0/2048    2         noNetwork
              2   download  http://example.com/map.bin       /var/lib/daily/map.bin  512/?     0         -

            """)
    }

    @Test func jsonIsOneDocumentWithEveryField() async throws {
        let folder = try TemporaryFolder()
        let state = try await Self.makeState(in: folder)
        let result = try await TestSupport.run(Self.bgtask, ["state", "--state", state, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(root["state"] as? String == state)
        let requests = try #require(root["taskRequests"] as? [[String: Any]])
        #expect(requests.map { $0["identifier"] as? String } == ["com.example.daily.upload", "com.example.daily.refresh"])
        #expect(requests.first?["requiresNetwork"] as? Bool == true)
        #expect(requests.last?["earliestBegin"] as? String == "2026-01-01T01:15:00Z")
        let transfers = try #require(root["transfers"] as? [[String: Any]])
        #expect(transfers.map { $0["id"] as? Int } == [1, 2])
        #expect(transfers.first?["waitingReason"] as? String == "noNetwork")
        #expect(transfers.first?["expectedBytes"] as? Int == 2048)
        #expect(transfers.last?["bytesDone"] as? Int == 512)
        #expect(transfers.last?["resumeValidator"] as? String == "\"v1\"")
        #expect(transfers.last?["waitingReason"] is NSNull)
    }

    @Test func aMissingDatabaseSaysThereIsNoState() async throws {
        let folder = try TemporaryFolder()
        let state = folder.path + "/none.db"
        let result = try await TestSupport.run(Self.bgtask, ["state", "--state", state])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("Error: no state at \(state) "))
        #expect(folder.files.isEmpty)
    }

    @Test func aCorruptDatabaseIsSetAside() async throws {
        let folder = try TemporaryFolder()
        let state = try folder.write("state.db", String(repeating: "garbage ", count: 600))
        let result = try await TestSupport.run(Self.bgtask, ["state", "--state", state])
        #expect(result.status == 1)
        #expect(result.stderr == "Error: \(state): cannot open the state database: file is not a database; moved it aside to \(state).corrupt, and the next open starts an empty database\n")
        #expect(folder.files == ["state.db.corrupt"])
    }

    @Test func helpShowsAnExample() async throws {
        let result = try await TestSupport.run(Self.bgtask, ["state", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("bgtask state --state day.db"))
        #expect(result.stdout.contains("--format <format>"))
    }
}
