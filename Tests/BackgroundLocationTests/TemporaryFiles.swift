import Foundation

/// A fresh temporary folder per test, for trace files written by the test itself.
struct TemporaryFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("bgkit-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// Writes `contents` (as UTF-8 bytes) to `name` in the folder and returns its path.
    func file(_ name: String, _ contents: String) throws -> String {
        try file(name, Data(contents.utf8))
    }

    func file(_ name: String, _ data: Data) throws -> String {
        let full = "\(path)/\(name)"
        try data.write(to: URL(fileURLWithPath: full))
        return full
    }
}
