/// What a background session tells its host: a request to wake or relaunch the app, and the delegate
/// calls the app receives (URLSessionDelegate's, in the order URLSession makes them).
///
/// While the app runs, a transfer's events come at once. While it is suspended or terminated they are
/// queued; with `sessionSendsLaunchEvents` on, the session asks for the app (``launchApp(relaunch:)``), and
/// once the host has it running again (``BackgroundSession/appDidChange(to:)``) the queued events come,
/// then ``didFinishEvents``, after which the app must call the completion handler it was given by
/// `handleEventsForBackgroundURLSession` within its background time.
///
/// ```swift
/// session.addEventListener { event in          // as TransferMode hosts it
///     switch event {
///     case .launchApp: lifecycle.begin(.sessionEvents(identifier), reason: "session.events")
///     case .didFinishEvents: lifecycle.end(.sessionEvents(identifier), reason: "the app called the completion handler")
///     case .taskIsWaitingForConnectivity, .didFinishDownloading, .didComplete: break
///     }
/// }
/// ```
public enum SessionEvent: Hashable, Sendable {
    /// Transfers ended while the app was suspended (`relaunch` false) or terminated (`relaunch` true): wake
    /// or relaunch it in the background with `handleEventsForBackgroundURLSession`.
    case launchApp(relaunch: Bool)
    /// `urlSession(_:taskIsWaitingForConnectivity:)`: the transfer waits for a network it may use; said at
    /// most once per transfer, and only while the app runs.
    case taskIsWaitingForConnectivity(transfer: Int)
    /// `urlSession(_:downloadTask:didFinishDownloadingTo:)`: a download's file is at `file`.
    case didFinishDownloading(transfer: Int, file: String)
    /// `urlSession(_:task:didCompleteWithError:)`: the transfer ended, with the HTTP `status` it got or the
    /// `error` (a URLError name) it failed with, and for a download the resume data kept.
    case didComplete(transfer: Int, status: Int?, error: String?, resume: ResumePoint?)
    /// `urlSessionDidFinishEvents(forBackgroundURLSession:)`: every queued event has been delivered.
    case didFinishEvents
}
