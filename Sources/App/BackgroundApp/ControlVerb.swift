public import AppControl

/// A request a background mode answers while its app runs live: `bgtask VERB` reaches it through the
/// control socket of `bgloc live --app` (docs/CONTROL.md). A mode brings its verbs
/// (``BackgroundMode/controlVerbs``); the app keeps them by name (``EmulatedApp/controlVerbs``). The
/// argument's shape and the reply are AppControl's own (``ControlRequest/Shape``, ``ControlReply``), declared once.
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
    /// The verb on the wire, such as `simulate-launch`.
    public let name: String
    /// What follows the verb on the request line: one name (printable ASCII without spaces, such as a task's
    /// identifier) or bytes after the line (at most 4096, such as a push's payload; the line gives their count).
    public let argument: ControlRequest.Shape
    /// Carries out a request, on the engine's owner: the name (`.name`) or the bytes (`.payload`; the
    /// name is then empty). The reply is the app's answer: `.ok` and what was done, or `.error` and why
    /// not, in one line.
    public let perform: (_ name: String, _ payload: [UInt8]) -> ControlReply

    public init(_ name: String, takes argument: ControlRequest.Shape, perform: @escaping (_ name: String, _ payload: [UInt8]) -> ControlReply) {
        self.name = name
        self.argument = argument
        self.perform = perform
    }
}
