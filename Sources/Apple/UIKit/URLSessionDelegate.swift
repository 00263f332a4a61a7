import FoundationNetworking

/// Apple's `URLSessionDelegate`, with the member Linux's FoundationNetworking lacks:
/// `urlSessionDidFinishEvents(forBackgroundURLSession:)`, which a background session calls once it has
/// delivered the events the app was woken or relaunched for. It refines FoundationNetworking's protocol of
/// the same name and takes its place in code that imports UIKit (a module shadows the modules it imports),
/// so an app's delegate declared as on iOS conforms to both.
public protocol URLSessionDelegate: FoundationNetworking.URLSessionDelegate {
    /// Every event queued for the background session `session` was delivered: call the completion handler
    /// `application(_:handleEventsForBackgroundURLSession:completionHandler:)` gave, on the main thread.
    func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession)
}

extension URLSessionDelegate {
    /// Not implemented: nothing to do.
    public func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {}
}
