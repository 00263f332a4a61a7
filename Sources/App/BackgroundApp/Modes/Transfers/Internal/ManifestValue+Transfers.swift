import BackgroundCore
import FoundationEssentials
import YAML

/// The readers the transfers section adds to ``ManifestValue``: URLs, byte counts, timeouts and a path that
/// must stay inside the manifest's folder.
extension ManifestValue {
    /// Whether the value is a mapping (`{drop: 40000}`) rather than a single value or a list.
    var isMapping: Bool {
        if case YAMLNode.mapping = node { return true }
        return false
    }

    /// The value as an `http` or `https` URL with a host.
    func webURL() throws(InputError) -> String {
        let text = try string()
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty
        else { throw error("'\(Self.shown(text))' is not an http or https URL (such as https://example.org/file)") }
        return text
    }

    /// The value as a URL pattern: an `http://` or `https://` URL in which `*` stands for any run of
    /// characters.
    func webURLPattern() throws(InputError) -> String {
        let text = try string()
        let lower = text.lowercased()
        let scheme = lower.hasPrefix("https://") ? 8 : lower.hasPrefix("http://") ? 7 : nil
        guard let scheme, text.utf8.count > scheme,
              !text.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control })
        else {
            throw error("'\(Self.shown(text))' is not an http or https URL pattern (such as https://example.org/visits/*)")
        }
        return text
    }

    /// The value as a number of bytes: a whole number, 0 or more.
    func byteCount() throws(InputError) -> Int64 {
        let text = try string()
        guard let value = Int64(text), value >= 0 else {
            throw error("'\(Self.shown(text))' is not a number of bytes (a whole number, 0 or more, such as 250000)")
        }
        return value
    }

    /// The value as a rate: a whole number of bytes per second, 1 or more.
    func byteRate() throws(InputError) -> Int64 {
        let text = try string()
        guard let value = Int64(text), value > 0 else {
            throw error("'\(Self.shown(text))' is not a positive whole number of bytes per second")
        }
        return value
    }

    /// The value as a duration longer than zero.
    func positiveDuration() throws(InputError) -> Duration {
        let value = try duration()
        guard value > .zero else { throw error("'\(Self.shown(try string()))' is not a duration longer than zero") }
        return value
    }

    /// The value as a path (``path()``) made absolute against the current folder: a transfer outlives the
    /// run, and its file is kept in the state database that a run started elsewhere reads.
    func absolutePath() throws(InputError) -> String {
        let path = try path()
        return path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// The value as a path (``path()``) that lies inside the manifest's folder tree once `..` and the
    /// symbolic links of its existing parts are resolved: the resolved, absolute path (what was checked
    /// is what is written).
    func pathInsideManifestFolder() throws(InputError) -> String {
        let path = try path()
        let folder = ManifestDocument.folder(of: document.file)
        guard let root = ResolvedPath.resolve(folder.isEmpty ? "." : folder),
              let resolved = ResolvedPath.resolve(path)
        else { throw error("'\(Self.shown(try string()))' goes through too many symbolic links") }
        guard ResolvedPath.isInside(resolved, root) else {
            throw error("'\(Self.shown(try string()))' is outside the manifest's folder (\(Self.shown(root))): "
                + "a download may only write below the folder that holds the manifest")
        }
        return resolved
    }
}
