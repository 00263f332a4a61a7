import UIKit

/// Uploads each visit from a file in a background session, which the system carries on while the app is
/// suspended or terminated, and relaunches the app for when it is done.
@MainActor
final class VisitUploader: NSObject, URLSessionDelegate, URLSessionTaskDelegate {
    static let sessionIdentifier = "com.example.feed.visits"
    static let endpoint = URL(string: "https://feed.example.com/visits")!

    /// The background session, made once per process (and again after a relaunch, with the same identifier).
    private lazy var session: URLSession = {
        let configuration = URLSessionConfiguration.background(withIdentifier: Self.sessionIdentifier)
        configuration.sessionSendsLaunchEvents = true
        return URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    }()

    /// Called on the main queue once the session has delivered its events after a relaunch.
    private var eventsDelivered: (() -> Void)?
    /// The uploads this process started.
    private(set) var started = 0
    /// The uploads that ended, with the server's status (nil: failed in transport).
    private(set) var finished: [Int?] = []

    /// Writes the visit to a file and uploads it.
    func uploadVisit(to place: String) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("visit-\(UUID().uuidString).json")
        let body = #"{"place":"\#(place)","at":\#(Int(Date().timeIntervalSince1970))}"#
        do {
            try Data(body.utf8).write(to: file)
        } catch {
            return print("Could not write the visit: \(error)")
        }
        var request = URLRequest(url: Self.endpoint)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        session.uploadTask(with: request, fromFile: file).resume()
        started += 1
    }

    /// Recreates the session after the system relaunched the app for its events; `done` runs once they are in.
    func reconnect(done: @escaping () -> Void) {
        eventsDelivered = done
        _ = session
    }

    nonisolated func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error { print("The visit's upload failed: \(error)") }
        let status = error == nil ? (task.response as? HTTPURLResponse)?.statusCode : nil
        DispatchQueue.main.async { self.finished.append(status) }
    }

    nonisolated func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {
        DispatchQueue.main.async {
            self.eventsDelivered?()
            self.eventsDelivered = nil
        }
    }
}
