/// The message of a decode error handed to ``AudioPlayerDelegate/audioPlayerDecodeErrorDidOccur(_:error:)``.
///
/// It names the file and says what was wrong with it (the decoder's `InputError` description).
public struct AudioDecodeError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var message: String

    public init(file: String, message: String) {
        self.file = file
        self.message = message
    }

    public var description: String { message }
}
