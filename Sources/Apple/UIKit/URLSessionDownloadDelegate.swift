import FoundationNetworking

/// Apple's `URLSessionDownloadDelegate` on top of UIKit's ``URLSessionTaskDelegate``: FoundationNetworking's
/// requirements (`urlSession(_:downloadTask:didFinishDownloadingTo:)` and the progress calls) with the
/// members Linux lacks, in code that imports UIKit.
public protocol URLSessionDownloadDelegate: URLSessionTaskDelegate, FoundationNetworking.URLSessionDownloadDelegate {}
