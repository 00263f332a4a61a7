import BackgroundCore
import Glibc
import SQLiteStore

/// Turns the JSON state file of earlier versions at `path` into the state database, keeping the old file
/// beside it as `<path>.json-v1`.
///
/// The order makes it safe to stop at any moment (a crash, SIGKILL, a power cut): `<path>` is the whole
/// JSON file until one `rename(2)` replaces it with the whole database, so a run that stopped half way
/// finds the JSON file again and starts over.
/// 1. Read the JSON file (one that cannot be understood is set aside as before, and nothing is migrated).
/// 2. Build the database beside it, `<path>.migrating` (a stale one from a stopped run is deleted first),
///    with the requests, and close it (its write-ahead log is checkpointed and removed).
/// 3. Hard-link the JSON file as `<path>.json-v1` (replacing one left by a stopped run).
/// 4. Rename `<path>.migrating` over `<path>`, and sync the folder.
struct StateFileMigration {
    let path: String

    /// The steps a test can stop before, as a crash there would.
    enum Step { case link, rename }

    var retiredPath: String { path + ".json-v1" }
    private var temporary: String { path + ".migrating" }

    /// Migrates the file and returns the sentence that says so; with `step`, stops before it.
    func run(stoppingBefore step: Step? = nil) throws(InputError) -> String {
        let requests = try LegacyStateFile(path: path).load()
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(temporary + suffix) }
        do {
            let database = try SQLiteDatabase(path: temporary, migrations: StateSchema.migrations)
            try StateSchema.replaceTaskRequests(requests.map(StateRows.values(of:)), in: database)
            database.close()
        } catch {
            throw InputError(file: path, message: "cannot migrate the JSON state file to a database: \(error.detail)")
        }
        if step == .link { return "" }
        unlink(retiredPath)
        guard link(path, retiredPath) == 0 else { throw failure("link", retiredPath) }
        if step == .rename { return "" }
        guard rename(temporary, path) == 0 else { throw failure("rename", temporary) }
        let directory = open(Self.folder(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
        return "\(path): moved \(requests.count) pending task request(s) from the JSON state file into a state database; "
            + "the old file is kept as \(retiredPath) and no longer read"
    }

    /// The folder `path` is in: `.` for a bare name, `/` for a file at the root.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private func failure(_ function: String, _ file: String) -> InputError {
        InputError(
            file: path,
            message: "cannot migrate the JSON state file to a database: \(function) \(file): \(Errno(errno).description.lowercased()); the JSON file is unchanged")
    }
}

extension SQLiteError {
    /// The function and SQLite's message, without the path (an ``InputError`` names the file itself).
    var detail: String { [function, message].filter { !$0.isEmpty }.joined(separator: ": ") }
}
