/// `likeCommand`, `dislikeCommand` and `bookmarkCommand`, as Apple's `MPFeedbackCommand`: its events are
/// ``MPFeedbackCommandEvent``s (the emulated device sends none yet).
open class MPFeedbackCommand: MPRemoteCommand, @unchecked Sendable {
    /// Whether the feedback is in effect for what plays (the app sets it; the system shows it selected).
    open var isActive: Bool {
        get { lock.withLock { active } }
        set { lock.withLock { active = newValue } }
    }

    /// The command's title on the system's controls.
    open var localizedTitle: String {
        get { lock.withLock { title } }
        set { lock.withLock { title = newValue } }
    }

    /// A shorter title, where the controls have less room.
    open var localizedShortTitle: String {
        get { lock.withLock { shortTitle } }
        set { lock.withLock { shortTitle = newValue } }
    }

    private var active = false
    private var title = ""
    private var shortTitle = ""

    override func reset() {
        super.reset()
        isActive = false
        localizedTitle = ""
        localizedShortTitle = ""
    }
}
