/// Why a background session refused to create a task: Apple's exception for a form background sessions do
/// not support, or the store that keeps transfers failing.
///
/// On iOS the unsupported forms raise an Objective-C exception (`NSGenericException`) that ends the app;
/// here they throw, with Apple's text as the message.
public struct SessionError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Code: String, Hashable, Sendable {
        /// A task form a background session does not support (upload from data or a stream, completion
        /// handlers).
        case unsupportedInBackgroundSession
        /// The store could not keep the transfer (its message says why).
        case storeFailed
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }

    /// Apple's exception for `uploadTask(with:from:)` in a background session.
    static let uploadFromData = SessionError(
        .unsupportedInBackgroundSession, "Upload tasks from NSData are not supported in background sessions.")
    /// The exception for `uploadTask(withStreamedRequest:)`: only uploads from a file outlive the app.
    static let uploadFromStream = SessionError(
        .unsupportedInBackgroundSession, "Upload tasks from NSInputStream are not supported in background sessions.")
    /// Apple's exception for every completion-handler form in a background session.
    static let completionHandler = SessionError(
        .unsupportedInBackgroundSession,
        "Completion handler blocks are not supported in background sessions. Use a delegate instead.")
}
