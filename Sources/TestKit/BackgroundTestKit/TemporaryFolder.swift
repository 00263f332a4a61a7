package import Foundation

/// A fresh folder in the temporary directory, removed with everything in it when the last reference to it
/// goes: at the end of the test (or suite instance) that holds it, also when the test fails or throws.
///
/// Every test that needs a folder makes it here, so that a run leaves nothing behind in `/tmp`.
///
/// ```swift
/// let folder = try TemporaryFolder()
/// let trace = try folder.write("walk.gpx", gpx)
/// let output = folder.path + "/out.gpx"
/// ```
package final class TemporaryFolder: Sendable {
    /// The folder's absolute path.
    package let path: String

    /// Makes `<temporary directory>/<prefix>-<UUID>`; the prefix says which tests a leftover came from.
    package init(prefix: String = "bgkit") throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `contents` (as UTF-8 bytes) to `name` in the folder, atomically, and returns its path. `name`
    /// may have folders in it; they are made.
    @discardableResult
    package func write(_ name: String, _ contents: String) throws -> String {
        try write(name, Data(contents.utf8))
    }

    @discardableResult
    package func write(_ name: String, _ data: Data) throws -> String {
        let file = path + "/" + name
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: file), options: .atomic)
        return file
    }

    /// The names of the entries in the folder, sorted.
    package var files: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }
}
