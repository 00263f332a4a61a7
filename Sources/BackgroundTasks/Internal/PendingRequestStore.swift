import BackgroundCore
import Foundation
import Glibc

/// Saves and restores pending task requests in a JSON file, atomically.
///
/// The file is `{"version":1,"requests":[{"identifier":…,"kind":"refresh"|"processing",
/// "earliestBegin":RFC 3339|null,"requiresNetwork":bool,"requiresExternalPower":bool},…]}`, in submission
/// order. Saving writes a temporary file beside it, syncs it, renames it over the old one and syncs the
/// folder, so a crash leaves either the old or the new file, never a torn one. A file that cannot be read
/// or understood (or larger than ``sizeLimit``) is renamed to `<file>.corrupt` (`<file>.corrupt-2`, … when
/// that exists: an earlier one is never overwritten) and reported, never silently emptied.
struct PendingRequestStore {
    let path: String
    /// The system calls saving goes through; tests make them fail.
    let system: FileSystemCalls

    /// The largest state file read: a few hundred bytes per request.
    static let sizeLimit = 16 << 20

    init(path: String, system: FileSystemCalls = FileSystemCalls()) {
        self.path = path
        self.system = system
    }

    /// The saved requests; none when the file does not exist.
    func load() throws(InputError) -> [BGTaskRequest] {
        let bytes: [UInt8]
        switch readFile() {
        case .missing: return []
        case .failed(let reason): throw setAside(reason: reason, key: nil)
        case .notAFile(let what):
            throw InputError(file: path, message: "is \(what), not a state file; give the path of a file (it need not exist yet)")
        case .read(let contents): bytes = contents
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)),
              let root = object as? [String: Any]
        else { throw setAside(reason: "it is not a JSON object", key: nil) }
        guard (root["version"] as? NSNumber)?.intValue == 1 else {
            throw setAside(reason: "unknown version (expected 1)", key: "version")
        }
        guard let list = root["requests"] as? [Any] else {
            throw setAside(reason: "missing or not a list", key: "requests")
        }
        var requests: [BGTaskRequest] = []
        for (index, item) in list.enumerated() {
            let key = "requests[\(index)]"
            guard let fields = item as? [String: Any] else { throw setAside(reason: "not an object", key: key) }
            guard let identifier = fields["identifier"] as? String, !identifier.isEmpty else {
                throw setAside(reason: "missing identifier", key: key + ".identifier")
            }
            var begin: SimTime?
            if let text = fields["earliestBegin"] as? String {
                guard let time = SimTime(rfc3339: text) else {
                    throw setAside(reason: "'\(text)' is not an RFC 3339 time", key: key + ".earliestBegin")
                }
                begin = time
            } else if !(fields["earliestBegin"] is NSNull) {
                throw setAside(reason: "missing (a time or null)", key: key + ".earliestBegin")
            }
            let request: BGTaskRequest
            switch fields["kind"] as? String {
            case "refresh":
                request = BGAppRefreshTaskRequest(identifier: identifier)
            case "processing":
                let processing = BGProcessingTaskRequest(identifier: identifier)
                processing.requiresNetworkConnectivity = (fields["requiresNetwork"] as? Bool) ?? false
                processing.requiresExternalPower = (fields["requiresExternalPower"] as? Bool) ?? false
                request = processing
            default:
                throw setAside(reason: "unknown kind (expected refresh or processing)", key: key + ".kind")
            }
            request.earliestBeginDate = begin
            requests.append(request)
        }
        return requests
    }

    /// Writes `requests` atomically.
    func save(_ requests: [BGTaskRequest]) throws(InputError) {
        var text = "{\"version\":1,\"requests\":["
        for (index, request) in requests.enumerated() {
            var object = JSONObjectWriter()
            object.field("identifier", string: request.identifier)
            object.field("kind", string: request.kind.rawValue)
            if let begin = request.earliestBeginDate {
                object.field("earliestBegin", string: begin.rfc3339)
            } else {
                object.fieldNull("earliestBegin")
            }
            let processing = request as? BGProcessingTaskRequest
            object.field("requiresNetwork", bool: processing?.requiresNetworkConnectivity ?? false)
            object.field("requiresExternalPower", bool: processing?.requiresExternalPower ?? false)
            text += (index == 0 ? "\n" : ",\n") + object.finish()
        }
        text += "\n]}\n"
        let temporary = path + ".tmp"
        let fd = system.open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure("open", temporary) }
        var written = true
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = system.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0, errno == EINTR { continue }
                guard n > 0 else {
                    if n == 0 { errno = ENOSPC }  // a write that makes no progress: the device is full
                    written = false
                    return
                }
                offset += n
            }
        }
        guard written, system.fsync(fd) == 0 else {
            let error = failure(written ? "fsync" : "write", temporary)
            close(fd)
            unlink(temporary)
            throw error
        }
        close(fd)
        guard system.rename(temporary, path) == 0 else {
            let error = failure("rename", temporary)
            unlink(temporary)
            throw error
        }
        let folder = (path as NSString).deletingLastPathComponent
        let directory = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { throw failure("open", folder) }
        defer { close(directory) }
        guard system.fsync(directory) == 0 else { throw failure("fsync", folder) }
    }

    private enum ReadResult {
        case missing
        case failed(String)
        /// A directory or a device: left where it is (never moved aside, never replaced by a save).
        case notAFile(String)
        case read([UInt8])
    }

    private func readFile() -> ReadResult {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            return errno == ENOENT ? .missing : .failed(String(cString: strerror(errno)).lowercased())
        }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
            return .notAFile((info.st_mode & S_IFMT) == S_IFDIR ? "a directory" : "a device, pipe or socket")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n < 0 { return .failed(String(cString: strerror(errno)).lowercased()) }
            if n == 0 { return .read(bytes) }
            guard bytes.count + n <= Self.sizeLimit else { return .failed("it is larger than 16 MiB") }
            bytes += chunk[0..<n]
        }
    }

    /// Renames the file to `<file>.corrupt` and makes the error that says so.
    private func setAside(reason: String, key: String?) -> InputError {
        var aside = path + ".corrupt"
        var suffix = 1
        while access(aside, F_OK) == 0 {
            suffix += 1
            aside = path + ".corrupt-\(suffix)"
        }
        let moved = rename(path, aside) == 0
        let outcome = moved
            ? "moved it aside to \(aside); run again to start with no pending requests"
            : "could not move it aside to \(aside) (\(String(cString: strerror(errno)).lowercased())); move or delete it"
        return InputError(
            file: path, place: key.map { .key($0) } ?? .none,
            message: "cannot restore the saved task requests: \(reason); \(outcome)")
    }

    private func failure(_ function: String, _ file: String) -> InputError {
        InputError(
            file: path,
            message: "cannot save the pending task requests: \(function) \(file): \(String(cString: strerror(errno)).lowercased())")
    }
}
