/// A seek forward or backward, as Apple's `MPSeekCommandEvent`: one when the user starts holding the button
/// and one when the user lets go (the command says which way). The emulated device sends none yet.
open class MPSeekCommandEvent: MPRemoteCommandEvent, @unchecked Sendable {
    /// Whether the seek begins or ends.
    open private(set) var type: MPSeekCommandEventType

    init(command: MPRemoteCommand, timestamp: TimeInterval, type: MPSeekCommandEventType) {
        self.type = type
        super.init(command: command, timestamp: timestamp)
    }
}
