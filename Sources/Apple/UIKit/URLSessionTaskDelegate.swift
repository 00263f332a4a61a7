import FoundationNetworking

/// Apple's `URLSessionTaskDelegate`, with the member Linux's FoundationNetworking lacks:
/// `urlSession(_:taskIsWaitingForConnectivity:)`. Like ``URLSessionDelegate`` it refines
/// FoundationNetworking's protocol of the same name and takes its place in code that imports UIKit.
public protocol URLSessionTaskDelegate: URLSessionDelegate, FoundationNetworking.URLSessionTaskDelegate {
    /// The task waits for a network its session allows (a background session always waits); said once per task.
    func urlSession(_ session: URLSession, taskIsWaitingForConnectivity task: URLSessionTask)
}

extension URLSessionTaskDelegate {
    /// Not implemented: nothing to do.
    public func urlSession(_ session: URLSession, taskIsWaitingForConnectivity task: URLSessionTask) {}
}
