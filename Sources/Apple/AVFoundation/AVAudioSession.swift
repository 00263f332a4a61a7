/// The app's audio session, as Apple's `AVAudioSession`: its category decides whether its audio plays in
/// the background (`.playback` with the `audio` background mode) and how it mixes with others.
///
/// ```swift
/// try AVAudioSession.sharedInstance().setCategory(.playback, mode: .spokenAudio)
/// try AVAudioSession.sharedInstance().setActive(true)
/// ```
open class AVAudioSession: NSObject, @unchecked Sendable {
    private static let shared = AVAudioSession()

    /// The app's session.
    open class func sharedInstance() -> AVAudioSession { shared }

    /// The category (default `.soloAmbient`).
    open private(set) var category = Category.soloAmbient
    /// The mode (default `.default`).
    open private(set) var mode = Mode.default
    /// The category's options.
    open private(set) var categoryOptions: CategoryOptions = []

    override init() {}

    open func setCategory(_ category: Category) throws {
        try setCategory(category, mode: mode, options: [])
    }

    open func setCategory(_ category: Category, options: CategoryOptions = []) throws {
        try setCategory(category, mode: mode, options: options)
    }

    open func setCategory(_ category: Category, mode: Mode, options: CategoryOptions = []) throws {
        self.category = category
        self.mode = mode
        categoryOptions = options
        EmulatedAudio.setCategory(category)
    }

    open func setMode(_ mode: Mode) throws {
        self.mode = mode
    }

    /// Activates or deactivates the session.
    ///
    /// - Throws: `NSError` in `NSOSStatusErrorDomain` with code `'!int'` (`cannotInterruptOthers`) when
    ///   another session's interruption holds the audio.
    open func setActive(_ active: Bool, options: SetActiveOptions = []) throws {
        try EmulatedAudio.setActive(active)
    }
}
