@testable import BackgroundTasks
import BackgroundCore
import BackgroundTestKit
import Foundation
import Glibc
import Testing

/// ``PendingRequestStore`` under faults: a full disk, a read-only folder, a failing device, a crash
/// between writing and renaming, a corrupt or oversized file. In each case the previous state survives
/// or the error says what happened; nothing is lost silently.
///
/// Faults come through the store's ``FileSystemCalls`` seam: tests may run as root, for whom neither
/// `chmod` nor a read-only folder stops a write, and an unprivileged test cannot mount a tiny tmpfs.
@Suite struct PendingRequestStoreTests {
    static func requests(_ identifiers: String...) -> [BGTaskRequest] {
        identifiers.map { BGAppRefreshTaskRequest(identifier: $0) }
    }

    struct Fault: CustomTestStringConvertible, Sendable {
        let name: String
        /// The call that fails, and how.
        let call: String
        let code: Int32
        let message: String
        var testDescription: String { name }

        var system: FileSystemCalls {
            var system = FileSystemCalls()
            let code = code
            switch call {
            case "open": system.open = { _, _, _ in errno = code; return -1 }
            case "write": system.write = { _, _, _ in errno = code; return -1 }
            case "short write": system.write = { fd, buffer, count in count > 8 ? Glibc.write(fd, buffer, 8) : { errno = code; return -1 }() }
            case "fsync": system.fsync = { _ in errno = code; return -1 }
            case "rename": system.rename = { _, _ in errno = code; return -1 }
            default: fatalError("unknown call \(call)")
            }
            return system
        }
    }

    static let faults: [Fault] = [
        Fault(name: "full disk", call: "write", code: ENOSPC, message: "write pending.json.tmp: no space left on device"),
        Fault(name: "full disk after a first part", call: "short write", code: ENOSPC,
              message: "write pending.json.tmp: no space left on device"),
        Fault(name: "read-only folder", call: "open", code: EROFS, message: "open pending.json.tmp: read-only file system"),
        Fault(name: "no permission", call: "open", code: EACCES, message: "open pending.json.tmp: permission denied"),
        Fault(name: "device error on sync", call: "fsync", code: EIO, message: "fsync pending.json.tmp: input/output error"),
        Fault(name: "rename refused", call: "rename", code: EXDEV, message: "rename pending.json.tmp: invalid cross-device link"),
    ]

    @Test(arguments: faults)
    func aFailedSaveKeepsThePreviousStateAndSaysWhy(_ fault: Fault) throws {
        let folder = try TemporaryFolder()
        let file = folder.path + "/pending.json"
        try PendingRequestStore(path: file).save(Self.requests("a", "b"))
        let before = try #require(folder.contents("pending.json"))

        let failing = PendingRequestStore(path: file, system: fault.system)
        #expect(throws: InputError(
            file: file, message: "cannot save the pending task requests: \(fault.message.replacingOccurrences(of: "pending.json", with: file))")) {
            try failing.save(Self.requests("c"))
        }
        #expect(folder.contents("pending.json") == before)
        #expect(folder.files == ["pending.json"])  // no temporary file left behind
        #expect(try PendingRequestStore(path: file).load().map(\.identifier) == ["a", "b"])
    }

    /// What a crash (power loss, SIGKILL) between writing the temporary file and renaming it leaves: the old
    /// file and a whole or torn `.tmp`. The old state loads; the next save replaces the stale temporary file.
    @Test(arguments: ["{\"version\":1,\"requests\":[{\"identifier\":\"c\",\"kind\":\"refresh\",\"earliestBegin\":null}]}\n", "{\"versi"])
    func aCrashBeforeTheRenameLeavesTheOldState(temporary: String) throws {
        let folder = try TemporaryFolder()
        let file = folder.path + "/pending.json"
        let store = PendingRequestStore(path: file)
        try store.save(Self.requests("a"))
        try temporary.write(toFile: file + ".tmp", atomically: false, encoding: .utf8)

        #expect(try store.load().map(\.identifier) == ["a"])
        try store.save(Self.requests("a", "b"))
        #expect(folder.files == ["pending.json"])
        #expect(try store.load().map(\.identifier) == ["a", "b"])
    }

    @Test func anEarlierCorruptFileIsNeverOverwritten() throws {
        let folder = try TemporaryFolder()
        let file = folder.path + "/pending.json"
        for garbage in ["first", "second", "third"] {
            try garbage.write(toFile: file, atomically: false, encoding: .utf8)
            #expect(throws: InputError.self) { try PendingRequestStore(path: file).load() }
        }
        #expect(folder.files == ["pending.json.corrupt", "pending.json.corrupt-2", "pending.json.corrupt-3"])
        #expect(folder.contents("pending.json.corrupt") == "first")
        #expect(folder.contents("pending.json.corrupt-3") == "third")
    }

    @Test func anOversizedFileIsSetAsideUnread() throws {
        let folder = try TemporaryFolder()
        let file = folder.path + "/pending.json"
        let fd = creat(file, 0o644)
        #expect(fd >= 0 && ftruncate(fd, off_t(PendingRequestStore.sizeLimit) + 1) == 0)  // sparse: no disk used
        close(fd)
        #expect(throws: InputError(
            file: file,
            message: "cannot restore the saved task requests: it is larger than 16 MiB; moved it aside to \(file).corrupt; run again to start with no pending requests")) {
            try PendingRequestStore(path: file).load()
        }
        #expect(folder.files == ["pending.json.corrupt"])
    }

    @Test func savesRoundTripEveryField() throws {
        let folder = try TemporaryFolder()
        let store = PendingRequestStore(path: folder.path + "/pending.json")
        let upload = BGProcessingTaskRequest(identifier: "up \"quoted\" \\ ü")
        upload.requiresNetworkConnectivity = true
        upload.earliestBeginDate = SimTime(rfc3339: "2026-01-01T00:00:00.5Z")
        try store.save([upload] + Self.requests("a"))
        let loaded = try store.load()
        let restored = try #require(loaded.first as? BGProcessingTaskRequest)
        #expect(restored.identifier == upload.identifier)
        #expect(restored.requiresNetworkConnectivity && !restored.requiresExternalPower)
        #expect(restored.earliestBeginDate == upload.earliestBeginDate)
        #expect(loaded.last is BGAppRefreshTaskRequest)
    }
}

extension TemporaryFolder {
    /// The text of the file `name` in the folder, or nil when there is none.
    fileprivate func contents(_ name: String) -> String? { try? String(contentsOfFile: path + "/" + name, encoding: .utf8) }
}
