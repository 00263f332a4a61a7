import BackgroundTransfers
import EmulatedFoundation
import Foundation
import FoundationNetworking

// A background session on the emulated device (docs/guides/your-own-code.md, "Background transfers"): these
// members take the place of FoundationNetworking's in code that imports UIKit (a module's declarations
// shadow those of the modules it imports). For a session made with
// `URLSessionConfiguration.background(withIdentifier:)`, uploads from a file and downloads are tasks of the
// emulated transfer service (EmulatedTransfers); every other session is FoundationNetworking's, unchanged.
extension URLSession {
    /// `init(configuration:delegate:delegateQueue:)`: FoundationNetworking's session; one made with a
    /// background configuration is also the app's session of that identifier on the emulated device, which
    /// calls `delegate` on `queue` (a serial queue of its own when nil).
    public convenience init(configuration: URLSessionConfiguration, delegate: (any URLSessionDelegate)?, delegateQueue queue: OperationQueue?) {
        self.init(configuration: configuration, delegate: delegate as (any FoundationNetworking.URLSessionDelegate)?, delegateQueue: queue)
        if let background = configuration.emulatedSession { EmulatedTransfers.sessionMade(self, background) }
    }

    /// A copy of the session's configuration, with its background identifier and the fields Linux lacks.
    public var configuration: URLSessionConfiguration {
        let configuration = foundationConfiguration
        if let background = EmulatedTransfers.configuration(of: self) { configuration.keep(background) }
        return configuration
    }

    /// `uploadTask(with:fromFile:)`: in a background session, a transfer of the emulated service once resumed
    /// (the file as it is then; a request left at `GET` is sent as `PUT`, **the emulator's choice**).
    public func uploadTask(with request: URLRequest, fromFile fileURL: URL) -> URLSessionUploadTask {
        guard let state = EmulatedTransfers.task(.upload, in: self, request: request, file: fileURL.path) else {
            return foundationUploadTask(with: request, fromFile: fileURL)
        }
        return BackgroundUploadTask(state)
    }

    /// `downloadTask(with:)`: in a background session, a transfer of the emulated service once resumed.
    public func downloadTask(with request: URLRequest) -> URLSessionDownloadTask {
        guard let state = EmulatedTransfers.task(.download, in: self, request: request) else {
            return foundationDownloadTask(with: request)
        }
        return BackgroundDownloadTask(state)
    }

    /// `downloadTask(with:)` of a URL: as of a `GET` request for it.
    public func downloadTask(with url: URL) -> URLSessionDownloadTask {
        downloadTask(with: URLRequest(url: url))
    }

    /// `downloadTask(withResumeData:)`: in a background session, the download carries on from the resume data
    /// a cancelled or failed download gave (`URLError.downloadTaskResumeData`), asking only for the rest.
    public func downloadTask(withResumeData resumeData: Data) -> URLSessionDownloadTask {
        guard let resume = EmulatedTransfers.resumePoint(resumeData), let url = URL(string: resume.url),
            let state = EmulatedTransfers.task(.download, in: self, request: URLRequest(url: url), resume: resume.point)
        else {
            return foundationDownloadTask(withResumeData: resumeData)
        }
        return BackgroundDownloadTask(state)
    }
}
