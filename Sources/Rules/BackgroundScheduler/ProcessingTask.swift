/// A processing task, launched from a processing ``TaskRequest``: it runs until it completes, or until
/// the device stops being idle or loses the network or power the request needs, when it expires.
///
/// ```swift
/// scheduler.register(forTaskWithIdentifier: "com.example.upload", using: nil) { task in
///     let upload = task as! ProcessingTask
///     upload.expirationHandler = { /* stop uploading */ }
/// }
/// ```
public final class ProcessingTask: LaunchedTask {}
