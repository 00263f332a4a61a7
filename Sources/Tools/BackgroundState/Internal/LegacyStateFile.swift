import BackgroundCore
import JSON
import BackgroundScheduler
import Glibc

/// Reads the JSON state file of earlier versions (version 1), once, when ``AppStateDatabase`` migrates it.
///
/// The file is `{"version":1,"requests":[{"identifier":…,"kind":"refresh"|"processing",
/// "earliestBegin":RFC 3339|null,"requiresNetwork":bool,"requiresExternalPower":bool},…]}`, in submission
/// order. A file that cannot be read or understood (or larger than ``sizeLimit``) is renamed to
/// `<file>.corrupt` (`<file>.corrupt-2`, … when that exists: an earlier one is never overwritten) and
/// reported, never silently emptied.
struct LegacyStateFile {
    let path: String

    /// The largest state file read: a few hundred bytes per request.
    static let sizeLimit = 16 << 20

    /// The saved requests; none when the file does not exist.
    func load() throws(InputError) -> [TaskRequest] {
        let bytes: [UInt8]
        do {
            bytes = try WholeFile.read(path, limit: Self.sizeLimit)
        } catch {
            switch error {
            case .missing: return []
            case .directory: throw setAside(reason: Errno.isADirectory.description.lowercased(), key: nil)
            case .unreadable(let reason): throw setAside(reason: reason.description.lowercased(), key: nil)
            case .tooLarge: throw setAside(reason: "it is larger than 16 MiB", key: nil)
            }
        }
        guard let root = try? JSONValue(parsing: bytes, file: path), case .object = root else {
            throw setAside(reason: "it is not a JSON object", key: nil)
        }
        guard case .number(1)? = root["version"] else {
            throw setAside(reason: "unknown version (expected 1)", key: "version")
        }
        guard case .array(let list)? = root["requests"] else {
            throw setAside(reason: "missing or not a list", key: "requests")
        }
        var requests: [TaskRequest] = []
        for (index, item) in list.enumerated() {
            let key = "requests[\(index)]"
            guard case .object = item else { throw setAside(reason: "not an object", key: key) }
            guard case .string(let identifier)? = item["identifier"], !identifier.isEmpty else {
                throw setAside(reason: "missing identifier", key: key + ".identifier")
            }
            var begin: SimTime?
            if case .string(let text)? = item["earliestBegin"] {
                guard let time = SimTime(rfc3339: text) else {
                    throw setAside(reason: "'\(text)' is not an RFC 3339 time", key: key + ".earliestBegin")
                }
                begin = time
            } else if item["earliestBegin"] != .null {
                throw setAside(reason: "missing (a time or null)", key: key + ".earliestBegin")
            }
            switch item["kind"] {
            case .string("refresh"):
                requests.append(TaskRequest(refresh: identifier, earliestBeginDate: begin))
            case .string("processing"):
                requests.append(TaskRequest(
                    processing: identifier, requiresNetworkConnectivity: item["requiresNetwork"] == .bool(true),
                    requiresExternalPower: item["requiresExternalPower"] == .bool(true), earliestBeginDate: begin))
            default:
                throw setAside(reason: "unknown kind (expected refresh or processing)", key: key + ".kind")
            }
        }
        return requests
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
            : "could not move it aside to \(aside) (\(Errno.current.description.lowercased())); move or delete it"
        return InputError(
            file: path, place: key.map { .key($0) } ?? .none,
            message: "cannot restore the saved task requests: \(reason); \(outcome)")
    }
}
