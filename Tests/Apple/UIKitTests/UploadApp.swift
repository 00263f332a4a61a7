import Foundation
import UIKit

/// A background upload as iOS apps write it: a session of its own identifier whose delegate is an object of
/// the app's, and the app delegate keeping `handleEventsForBackgroundURLSession`'s completion handler and
/// recreating the session after a relaunch.
final class UploadApp: UIResponder, UIApplicationDelegate {
    /// What the app's processes did, in order (a relaunch makes a new delegate, so the record is shared).
    nonisolated(unsafe) static var journal = Journal()
    /// Whether the app calls the completion handler once the session's events are delivered.
    nonisolated(unsafe) static var callsCompletionHandler = true

    let uploads = UploadManager()

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        Self.journal.add("launched")
        return true
    }

    func application(
        _ application: UIApplication, handleEventsForBackgroundURLSession identifier: String, completionHandler: @escaping () -> Void
    ) {
        Self.journal.add("handleEvents \(identifier)")
        if Self.callsCompletionHandler { uploads.completionHandler = completionHandler }
        uploads.reconnect()
    }
}

/// The same app with its session's owner in a static, as apps keep a shared uploader: the object outlives the
/// emulated process.
final class SharedUploadApp: UIResponder, UIApplicationDelegate {
    static let uploads = UploadManager()

    func application(
        _ application: UIApplication, handleEventsForBackgroundURLSession identifier: String, completionHandler: @escaping () -> Void
    ) {
        UploadApp.journal.add("handleEvents \(identifier)")
        Self.uploads.completionHandler = completionHandler
        Self.uploads.reconnect()
    }
}

/// The app's background session and its delegate.
final class UploadManager: NSObject, URLSessionDelegate, URLSessionTaskDelegate, URLSessionDownloadDelegate, @unchecked Sendable {
    static let identifier = "com.example.feed.uploads"
    var completionHandler: (() -> Void)?

    private lazy var session: URLSession = {
        let configuration = URLSessionConfiguration.background(withIdentifier: Self.identifier)
        configuration.sessionSendsLaunchEvents = true
        return URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    }()

    /// Recreates the session after a relaunch: it receives the events waiting for it.
    func reconnect() {
        _ = session
    }

    /// Uploads `file` to `url` with a `PUT`; returns the task's identifier.
    @discardableResult
    func upload(_ file: URL, to url: String = "https://example.org/visits/museum.log") -> Int {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = "PUT"
        let task = session.uploadTask(with: request, fromFile: file)
        task.resume()
        return task.taskIdentifier
    }

    /// Downloads `url`; returns the task's identifier.
    @discardableResult
    func download(_ url: String) -> Int {
        let task = session.downloadTask(with: URL(string: url)!)
        task.resume()
        return task.taskIdentifier
    }

    /// Where downloads are moved, as an app moves them before the call returns.
    nonisolated(unsafe) static var downloads = FileManager.default.temporaryDirectory.appendingPathComponent("bgkit-app-downloads")

    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
        let kept = Self.downloads.appendingPathComponent("\(downloadTask.taskIdentifier)")
        try? FileManager.default.createDirectory(at: Self.downloads, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: kept)
        do {
            try FileManager.default.moveItem(at: location, to: kept)
            let size = (try FileManager.default.attributesOfItem(atPath: kept.path)[.size] as? Int) ?? -1
            UploadApp.journal.add("downloaded \(downloadTask.taskIdentifier) \(size) bytes")
        } catch {
            UploadApp.journal.add("download not moved: \(error)")
        }
    }

    func urlSession(_ session: URLSession, taskIsWaitingForConnectivity task: URLSessionTask) {
        UploadApp.journal.add("waiting \(task.taskIdentifier)")
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64, totalBytesExpectedToSend: Int64
    ) {
        UploadApp.journal.add("sent \(totalBytesSent) of \(totalBytesExpectedToSend)")
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let status = (task.response as? HTTPURLResponse)?.statusCode
        let code = (error as? URLError)?.code.rawValue
        UploadApp.journal.add("completed \(task.taskIdentifier) status \(status.map(String.init) ?? "-") error \(code.map(String.init) ?? "-") at \(Date().timeIntervalSince1970)")
    }

    func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {
        UploadApp.journal.add("finished \(session.configuration.identifier ?? "-")")
        DispatchQueue.main.async {
            self.completionHandler?()
            self.completionHandler = nil
        }
    }
}

/// Lines written from the app's threads.
final class Journal: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func add(_ line: String) {
        lock.withLock { lines.append(line) }
    }

    var all: [String] { lock.withLock { lines } }

    func clear() {
        lock.withLock { lines = [] }
    }
}
