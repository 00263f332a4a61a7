/// The one line the app sends back for a request, once its engine has handled it: `ok` and what happened,
/// or `error` and why not (docs/CONTROL.md).
///
/// ```swift
/// ControlReply.ok("launched com.example.refresh").encoded     // "ok launched com.example.refresh\n"
/// ControlReply(line: Array("error no task is running".utf8))  // ControlReply(succeeded: false, …)
/// ```
public struct ControlReply: Hashable, Sendable {
    /// The longest reply line, its newline included; a longer one is malformed.
    public static let maximumLength = 4096

    /// True for `ok`, false for `error`.
    public var succeeded: Bool
    /// What happened, or why not: one line (a line break becomes a space).
    public var message: String

    public init(succeeded: Bool, message: String) {
        self.succeeded = succeeded
        var line = String(message.map { $0.isNewline ? " " : $0 })
        while line.utf8.count > Self.maximumLength - 8 { line.removeLast() }  // "error " and "\n" fit beside it
        self.message = line
    }

    /// A request done: `message` says what happened.
    public static func ok(_ message: String) -> Self { Self(succeeded: true, message: message) }
    /// A request refused: `message` says why.
    public static func error(_ message: String) -> Self { Self(succeeded: false, message: message) }

    /// The reply on the wire: `ok MESSAGE` or `error MESSAGE`, and a newline.
    public var encoded: [UInt8] { Array("\(succeeded ? "ok" : "error") \(message)\n".utf8) }

    /// Reads a reply line (without its newline); nil when it is not `ok …` or `error …` in UTF-8.
    public init?(line: [UInt8]) {
        guard line.count < Self.maximumLength, let text = String(validating: line, as: UTF8.self),
              !text.contains(where: \.isNewline) else { return nil }
        if text.hasPrefix("ok ") {
            self.init(succeeded: true, message: String(text.dropFirst(3)))
        } else if text.hasPrefix("error ") {
            self.init(succeeded: false, message: String(text.dropFirst(6)))
        } else {
            return nil
        }
    }
}
