/// What every ``ManifestValue`` of one manifest shares while it is read: the file, the action keys of
/// every section, and the manifest read so far (for the readers of actions).
final class ManifestDocument {
    let file: String
    let actions: [ManifestActionKind]
    var manifest: AppManifest

    init(file: String, sections: [any ManifestSection.Type]) {
        self.file = file
        actions = sections.flatMap { $0.actions }
        manifest = AppManifest(file: file, app: "")
    }

    /// `path` relative to the manifest's folder, unless absolute.
    func resolve(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        let folder = Self.folder(of: file)
        return folder.isEmpty ? path : folder + "/" + path
    }

    /// The folder part of `path`, as POSIX `dirname` without its `.`: `a/b/c.yaml` → `a/b`, `/c.yaml` →
    /// `/`, `c.yaml` → the empty text.
    static func folder(of path: String) -> String {
        var rest = path[...]
        while rest.count > 1, rest.hasSuffix("/") { rest = rest.dropLast() }
        guard let slash = rest.lastIndex(of: "/") else { return "" }
        var folder = rest[..<slash]
        while folder.hasSuffix("/") { folder = folder.dropLast() }
        return folder.isEmpty ? "/" : String(folder)
    }
}
