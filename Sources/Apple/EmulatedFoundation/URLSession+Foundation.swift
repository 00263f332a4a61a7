package import Foundation
package import FoundationNetworking

// FoundationNetworking's own members, which UIKit's extensions shadow for the app's code (a background
// session's tasks go to the emulated transfer service): UIKit reaches the originals here, where its
// extensions are not seen, for the sessions that are not background ones.
extension URLSession {
    /// FoundationNetworking's `configuration` (a copy, without what UIKit keeps beside it).
    package var foundationConfiguration: URLSessionConfiguration { configuration }

    /// FoundationNetworking's `uploadTask(with:fromFile:)`.
    package func foundationUploadTask(with request: URLRequest, fromFile fileURL: URL) -> URLSessionUploadTask {
        uploadTask(with: request, fromFile: fileURL)
    }

    /// FoundationNetworking's `downloadTask(with:)`.
    package func foundationDownloadTask(with request: URLRequest) -> URLSessionDownloadTask {
        downloadTask(with: request)
    }

    /// FoundationNetworking's `downloadTask(withResumeData:)`.
    package func foundationDownloadTask(withResumeData data: Data) -> URLSessionDownloadTask {
        downloadTask(withResumeData: data)
    }
}
