/// A player of one audio file, as Apple's `AVAudioPlayer`: on the emulated device it plays on the device's
/// audio output (virtual time), under the app's ``AVAudioSession``.
///
/// ```swift
/// let player = try AVAudioPlayer(contentsOf: Bundle.module.url(forResource: "tour", withExtension: "wav")!)
/// player.play()
/// ```
open class AVAudioPlayer: NSObject, @unchecked Sendable {
    /// The file played.
    public let url: URL?
    /// Where the player reports its end.
    open weak var delegate: (any AVAudioPlayerDelegate)?
    let emulated: EmulatedAudio.Player

    /// A player of the file at `url`.
    ///
    /// - Throws: `NSError` in `NSOSStatusErrorDomain` when the file cannot be opened or decoded, or when no
    ///   emulated device runs.
    public init(contentsOf url: URL) throws {
        self.url = url
        emulated = try EmulatedAudio.Player(url)
        super.init()
        emulated.owner = self
    }

    open var isPlaying: Bool { emulated.isPlaying }
    /// The file's length in seconds.
    open var duration: TimeInterval { emulated.duration }
    /// The position in seconds.
    open var currentTime: TimeInterval {
        get { emulated.currentTime }
        set { emulated.currentTime = newValue }
    }
    /// How many more times it plays after the first (-1: for ever).
    open var numberOfLoops: Int {
        get { emulated.numberOfLoops }
        set { emulated.numberOfLoops = newValue }
    }
    /// The volume, 0 to 1.
    open var volume: Float {
        get { emulated.volume }
        set { emulated.volume = newValue }
    }

    /// Opens the file and readies the output.
    @discardableResult
    open func prepareToPlay() -> Bool { emulated.prepareToPlay() }

    /// Plays; false when the session does not let it (in the background without background audio).
    @discardableResult
    open func play() -> Bool { emulated.play() }

    open func pause() { emulated.pause() }

    open func stop() { emulated.stop() }
}
