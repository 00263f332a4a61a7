/// A `download:` action: a URL fetched into a file through the background session.
///
/// ```yaml
/// onExit: {download: {from: "https://example.org/tours/next.json", to: cache/next.json, expectedBytes: 250000}}
/// ```
/// The file is resolved against the manifest's folder, and must lie inside the manifest's folder tree once
/// `..` and the symbolic links of the parts that exist are resolved: a manifest cannot make bgkit write
/// anywhere else. The check is made when the manifest is read.
package struct ManifestDownload: Hashable, Sendable {
    /// `from:`, an `http` or `https` URL.
    package var url: String
    /// `to:`, where the body is written: the absolute path, with `..` and symbolic links resolved, that was checked.
    package var file: String
    /// `expectedBytes:`, the size the app announces (`countOfBytesClientExpectsToReceive`); nil when not given.
    package var expectedBytes: Int64?
    /// `earliestBegin:`, how long after the action the transfer may begin (`earliestBeginDate`); nil: at once.
    package var earliestBegin: Duration?

    package init(url: String, file: String, expectedBytes: Int64? = nil, earliestBegin: Duration? = nil) {
        self.url = url
        self.file = file
        self.expectedBytes = expectedBytes
        self.earliestBegin = earliestBegin
    }
}
