import Foundation
import FoundationNetworking

/// The key of a download's resume data in a failed download's error (`URLError.downloadTaskResumeData`),
/// which Linux's FoundationNetworking lacks.
public let NSURLSessionDownloadTaskResumeData = "NSURLSessionDownloadTaskResumeData"

extension URLError {
    /// Why the system cancelled a background task (`NSURLErrorBackgroundTaskCancelledReasonKey`), which Linux's
    /// FoundationNetworking lacks.
    public enum BackgroundTaskCancelledReason: Int, Sendable {
        case userForceQuitApplication = 0
        case backgroundUpdatesDisabled = 1
        case insufficientSystemResources = 2
    }

    /// The reason the system cancelled the background task, when it did.
    public var backgroundTaskCancelledReason: BackgroundTaskCancelledReason? {
        (userInfo[NSURLErrorBackgroundTaskCancelledReasonKey] as? Int).flatMap(BackgroundTaskCancelledReason.init(rawValue:))
    }

    /// The error a background transfer ended with, from the service's URLError name (`timedOut`,
    /// `userForceQuitApplication`, …: CONTRACTS §5), with a download's resume data. A name the service
    /// does not use is `unknown`.
    init(transferError name: String, resumeData: Data?) {
        var info: [String: Any] = [:]
        if let resumeData { info[NSURLSessionDownloadTaskResumeData] = resumeData }
        if name == "userForceQuitApplication" {
            info[NSURLErrorBackgroundTaskCancelledReasonKey] = BackgroundTaskCancelledReason.userForceQuitApplication.rawValue
        }
        self.init(Self.codes[name] ?? .unknown, userInfo: info)
    }

    private static let codes: [String: URLError.Code] = [
        "cancelled": .cancelled, "userForceQuitApplication": .cancelled, "timedOut": .timedOut, "badURL": .badURL,
        "unsupportedURL": .unsupportedURL, "cannotFindHost": .cannotFindHost, "cannotConnectToHost": .cannotConnectToHost,
        "networkConnectionLost": .networkConnectionLost, "notConnectedToInternet": .notConnectedToInternet,
        "secureConnectionFailed": .secureConnectionFailed, "serverCertificateUntrusted": .serverCertificateUntrusted,
        "badServerResponse": .badServerResponse, "httpTooManyRedirects": .httpTooManyRedirects,
        "fileDoesNotExist": .fileDoesNotExist, "noPermissionsToReadFile": .noPermissionsToReadFile,
        "cannotOpenFile": .cannotOpenFile, "cannotCreateFile": .cannotCreateFile, "cannotWriteToFile": .cannotWriteToFile,
        "cannotMoveFile": .cannotMoveFile, "backgroundSessionWasDisconnected": .backgroundSessionWasDisconnected,
    ]
}
