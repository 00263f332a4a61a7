/// A request a background mode answers while its app runs live: `bgtask VERB` reaches it through the
/// control socket of `bgloc live --app` (docs/CONTROL.md). A mode brings its verbs
/// (``BackgroundMode/controlVerbs``); the app keeps them by name (``EmulatedApp/controlVerbs``).
///
/// ```swift
/// var controlVerbs: [ControlVerb] {
///     [ControlVerb("ring", takes: .name) { [weak self] argument, _ in
///         guard let self else { return .error("the doorbell is gone") }
///         ring(argument)
///         return .ok("rang \(argument)")
///     }]
/// }
/// ```
public struct ControlVerb {
    /// What follows the verb on the request line.
    public enum Argument: Hashable, Sendable {
        /// One name (printable ASCII without spaces), such as a task's identifier.
        case name
        /// Bytes after the line (at most 4096), such as a push's payload; the line gives their count.
        case payload
    }

    /// The app's answer.
    public enum Reply: Hashable, Sendable {
        /// Done: what was done, in one line.
        case ok(String)
        /// Not done: why, in one line.
        case error(String)
    }

    /// The verb on the wire, such as `simulate-launch`.
    public let name: String
    public let argument: Argument
    /// Carries out a request, on the engine's owner: the name (`.name`) or the bytes (`.payload`; the
    /// name is then empty).
    public let perform: (_ name: String, _ payload: [UInt8]) -> Reply

    public init(_ name: String, takes argument: Argument, perform: @escaping (_ name: String, _ payload: [UInt8]) -> Reply) {
        self.name = name
        self.argument = argument
        self.perform = perform
    }
}
