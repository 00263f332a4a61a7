import FoundationEssentials

/// A path as the file system would follow it: absolute, with `.`, `..` and the symbolic links of the parts
/// that exist resolved (the parts that do not exist yet are taken as written).
///
/// ```swift
/// ResolvedPath.resolve("cache/../next.json", from: "/srv/tour")   // "/srv/tour/next.json"
/// ```
/// A link is followed before a `..` after it, as the kernel does, so `link/..` is the parent of the link's
/// target, not the folder holding the link.
enum ResolvedPath {
    /// The most symbolic links followed, as Linux's `ELOOP` limit.
    static let linkLimit = 40

    /// `path` resolved, relative paths against `folder` (itself relative to the working directory when it
    /// is); nil when resolving it follows more than ``linkLimit`` links.
    static func resolve(_ path: String, from folder: String = FileManager.default.currentDirectoryPath) -> String? {
        let start: String
        if path.hasPrefix("/") {
            start = path
        } else if folder.hasPrefix("/") {
            start = folder + "/" + path
        } else {
            start = FileManager.default.currentDirectoryPath + "/" + folder + "/" + path
        }
        var resolved: [Substring] = []
        var pending = Array(start.split(separator: "/").reversed())
        var links = 0
        while let part = pending.popLast() {
            if part == "." { continue }
            if part == ".." {
                _ = resolved.popLast()
                continue
            }
            let candidate = "/" + (resolved + [part]).joined(separator: "/")
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: candidate) else {
                resolved.append(part)
                continue
            }
            links += 1
            guard links <= linkLimit else { return nil }
            if target.hasPrefix("/") { resolved = [] }
            pending.append(contentsOf: target.split(separator: "/").reversed())
        }
        return "/" + resolved.joined(separator: "/")
    }

    /// Whether `path` lies strictly inside `folder` (both resolved).
    static func isInside(_ path: String, _ folder: String) -> Bool {
        folder == "/" ? path != "/" : path.hasPrefix(folder + "/")
    }
}
