/// What a remote command's handler answers, with Apple's raw values.
public enum MPRemoteCommandHandlerStatus: Int, Sendable {
    /// The command was carried out.
    case success = 0
    /// The content the command asks for does not exist.
    case noSuchContent = 100
    /// Nothing is playing that the command could act on.
    case noActionableNowPlayingItem = 110
    /// A device the command needs is not there.
    case deviceNotFound = 120
    /// The command failed for another reason.
    case commandFailed = 200
}
