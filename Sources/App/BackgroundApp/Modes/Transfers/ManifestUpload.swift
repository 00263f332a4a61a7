/// An `upload:` action: a file of the app's sent to a URL through the background session.
///
/// ```yaml
/// onEnter: {upload: {file: visits.log, to: "https://example.org/visits/museum.log", method: POST, earliestBegin: 5m}}
/// ```
/// The file is resolved against the manifest's folder when the manifest is read, but it need not exist
/// then: it is read when the transfer is created, and a missing one fails the transfer
/// (`fileDoesNotExist`, CONTRACTS.md section 5).
package struct ManifestUpload: Hashable, Sendable {
    /// The HTTP methods an upload task sends its body with.
    package enum Method: String, Hashable, Sendable, CaseIterable {
        case put = "PUT"
        case post = "POST"
    }

    /// `file:`, the file to send: absolute, resolved against the manifest's folder (then the current one) when relative.
    package var file: String
    /// `to:`, an `http` or `https` URL.
    package var url: String
    /// `method:`, `PUT` unless given.
    package var method: Method
    /// `expectedBytes:`, the size the app announces (`countOfBytesClientExpectsToSend`); nil when not given.
    package var expectedBytes: Int64?
    /// `earliestBegin:`, how long after the action the transfer may begin (`earliestBeginDate`); nil: at once.
    package var earliestBegin: Duration?

    package init(file: String, url: String, method: Method = .put, expectedBytes: Int64? = nil, earliestBegin: Duration? = nil) {
        self.file = file
        self.url = url
        self.method = method
        self.expectedBytes = expectedBytes
        self.earliestBegin = earliestBegin
    }
}
