/// `bgloc serve` could not listen: the address and the reason, as a sentence that says what to do.
///
/// ```
/// cannot listen on 127.0.0.1:2947: Address already in use (is gpsd running? choose another port with --port)
/// ```
package struct GPSDServerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The port that was asked for.
    package var port: Int
    /// What went wrong.
    package var message: String

    package init(port: Int, message: String) {
        self.port = port
        self.message = message
    }

    package var description: String { "cannot listen on 127.0.0.1:\(port): \(message)" }
}
