import Foundation

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
        let folder = (file as NSString).deletingLastPathComponent
        return folder.isEmpty ? path : folder + "/" + path
    }
}
