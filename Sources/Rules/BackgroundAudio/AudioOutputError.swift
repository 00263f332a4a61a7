/// A final error from an ``AudioOutput``: what went wrong, as a sentence that says what to do next.
///
/// Outputs translate their own errors (ALSA's `ALSAError`) into one of these codes so that the player can
/// react without knowing the device: ``Code/deviceUnavailable`` is a route change (the player pauses),
/// everything else stops playback.
///
/// ```swift
/// do { try output.open(format) } catch let error as AudioOutputError where error.code == .busy {
///     print(error)   // "The audio device 'hw:0,0' is busy: …"
/// }
/// ```
public struct AudioOutputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure it was.
    public enum Code: String, Hashable, Sendable {
        /// Another program holds the device.
        case busy
        /// The device does not exist or went away (unplugged, no sound card).
        case deviceUnavailable
        /// The device cannot play this format or rate.
        case formatNotSupported
        /// Anything else the output could not recover from.
        case failed
    }

    public var code: Code
    /// The whole human sentence.
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
