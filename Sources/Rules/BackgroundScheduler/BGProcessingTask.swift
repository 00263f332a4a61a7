/// A processing task, launched from a ``BGProcessingTaskRequest``: it runs until it completes, or until
/// the device stops being idle or loses the network or power the request needs, when it expires.
///
/// ```swift
/// scheduler.register(forTaskWithIdentifier: "com.example.upload", using: nil) { task in
///     let upload = task as! BGProcessingTask
///     upload.expirationHandler = { /* stop uploading */ }
/// }
/// ```
public final class BGProcessingTask: BGTask {}
