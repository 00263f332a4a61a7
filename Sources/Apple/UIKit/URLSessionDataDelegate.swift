import FoundationNetworking

/// Apple's `URLSessionDataDelegate` on top of UIKit's ``URLSessionTaskDelegate``: FoundationNetworking's
/// requirements with the members Linux lacks, in code that imports UIKit.
public protocol URLSessionDataDelegate: URLSessionTaskDelegate, FoundationNetworking.URLSessionDataDelegate {}
